import { defineMessages } from '../define';

export const earningsMessages = defineMessages({});
