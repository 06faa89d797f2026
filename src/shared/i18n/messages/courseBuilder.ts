import { defineMessages } from '../define';

export const courseBuilderMessages = defineMessages({
});
