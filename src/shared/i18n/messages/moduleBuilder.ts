import { defineMessages } from '../define';

export const moduleBuilderMessages = defineMessages({
});
