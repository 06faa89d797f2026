import { defineMessages } from '../define';

export const couponsMessages = defineMessages({});
