import { type ErrorCode, errorStatus } from '#shared/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** A locked part's opening date (docs/product.md, Pacing); undefined on every other error. */
  readonly unlocksAt: string | null | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string>; unlocksAt?: string | null } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
    this.unlocksAt = options.unlocksAt;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}
