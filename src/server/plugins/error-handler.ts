import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#shared/errors';
import { AppError } from '../errors';
import { redactError } from '../lib/log-redaction';

// Fastify's own client errors, with messages people can act on.
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
};

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        const body: ApiErrorBody = {
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.unlocksAt === undefined ? {} : { unlocksAt: error.unlocksAt }),
        };
        return reply.code(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
            (issue.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
            'body';
          errors[field] ??= issue.message ?? 'Invalid value';
        }
        const [first] = Object.entries(errors);
        const message = first ? (first[0] === 'body' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
        return reply.code(400).send({ message, errors } satisfies ApiErrorBody);
      }
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      if (known) return reply.code(known.status).send({ message: known.message } satisfies ApiErrorBody);
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ message: error.message } satisfies ApiErrorBody);
      }
      // Message, code and stack only: a database error carries the query's parameters (passwords,
      // tokens, emails), and a request body is never logged.
      request.log.error({ err: redactError(error) }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' } satisfies ApiErrorBody);
    });
  },
  { name: 'error-handler' },
);
