import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/*
 * Logs outlive the data they describe and are read by more people, so they carry no passwords,
 * hashes, tokens, reset links or SQL parameters. Errors are the risky part: drizzle's
 * "Failed query: … params: …" message and its `params`, node-postgres' `detail` ("Key
 * (email)=(…)") and `where`, and any `cause` repeat what the request sent.
 */

export type RedactedError = {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: { type: string; message: string; code?: string };
};

/**
 * Paths whose next segment is a credential: an upload address (`/api/uploads/<grant>`) lets anyone
 * holding it store a file for its creator for 15 minutes.
 */
const SECRET_PATH_SEGMENT = /((?:\/|%2f)api(?:\/|%2f)uploads(?:\/|%2f))[^/?#&%\s"'`]+/gi;

/** Text as it may be logged: the credential in any upload address it quotes (URL-encoded or not) hidden. */
export function redactSecretPaths(text: string): string {
  return text.replace(SECRET_PATH_SEGMENT, '$1[redacted]');
}

/** Drops a trailing "params: …" (drizzle) and the values node-postgres quotes in its messages. */
export function redactMessage(message: string, { quotedValues = false } = {}): string {
  let redacted = redactSecretPaths(message).replace(/\s*\bparams:[\s\S]*$/, '');
  if (quotedValues) redacted = redacted.replace(/"[^"]*"/g, '"[redacted]"').replace(/=\([^)]*\)/g, '=([redacted])');
  return redacted;
}

function errorType(error: Error): string {
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/** Only message, code and stack, with the message redacted in the stack's first lines too. */
export function redactError(error: unknown): RedactedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'Non-error thrown' };
  const message = redactMessage(error.message);
  const code = errorCode(error);
  const result: RedactedError = { type: errorType(error), message, ...(code ? { code } : {}) };
  if (error.stack) {
    // The stack starts with "Name: message", and the message may span several lines.
    const frames = error.stack.indexOf('\n    at ');
    result.stack = `${error.name}: ${message}${frames === -1 ? '' : error.stack.slice(frames)}`;
  }
  const { cause } = error;
  if (cause instanceof Error) {
    // A database error's message may quote the offending value ('invalid input syntax: "…"').
    const causeCode = errorCode(cause);
    result.cause = {
      type: errorType(cause),
      message: redactMessage(cause.message, { quotedValues: true }),
      ...(causeCode ? { code: causeCode } : {}),
    };
  }
  return result;
}

const SENSITIVE_QUERY_KEY = /token|code|key|secret|password|signature|sig|credential|auth/i;

/**
 * A URL as it may be logged: an upload address's grant and the values of secret-looking query
 * parameters (a reset link's token) hidden.
 */
export function redactUrl(rawUrl: string): string {
  const url = redactSecretPaths(rawUrl);
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let key = pair.slice(0, equals);
      try {
        key = decodeURIComponent(key);
      } catch {
        // Malformed escapes: judge the key as sent.
      }
      return SENSITIVE_QUERY_KEY.test(key) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, question + 1)}${query}`;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Paths pino replaces with "[redacted]" wherever a log line carries them. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'newPassword',
  'passwordHash',
  'token',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
];

/** The app's logger options with redaction and safe serializers, whatever the caller passed. */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    hooks: {
      ...base.hooks,
      // Messages written as text (Fastify's own warnings quote a request's URL) pass here, not through a serializer.
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecretPaths(arg) : arg));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
    serializers: {
      ...base.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // Anything logged as `err`; an already redacted error passes through.
      err: ((error: unknown) => (error instanceof Error ? redactError(error) : error)) as (error: Error) => RedactedError & {
        stack: string;
      },
    },
  };
}
