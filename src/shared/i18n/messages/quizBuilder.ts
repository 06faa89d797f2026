import { defineMessages } from '../define';

export const quizBuilderMessages = defineMessages({
});
