import { defineMessages } from '../define';

export const adminMessages = defineMessages({});
