import { type ErrorCode, errorStatus } from '#shared/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}
