import fp from 'fastify-plugin';

/**
 * One body policy for every API route: JSON only (a text/plain body is a client bug, so 415 rather
 * than a confusing 400), and a JSON content type with no body reads as "no body", because clients
 * often send that header on body-less calls such as logout or publish.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
