/** Texts the server answers with and the web shows; free of zod, so a page can show them without the schemas. */
export const QUIZ_ALREADY_COMPLETED = 'This quiz has already been completed. Please retake it to answer again.';
