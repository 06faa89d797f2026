import { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import { type DestinationStream, type LoggerOptions, pino } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger, made only when the request logs something at an enabled level: Fastify
 * creates a child logger (with its bindings and redaction) for every request, and on hot cached
 * reads that cost more than the rest of the request's own work.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Record<string, unknown>,
    readonly options: Record<string, unknown>,
  ) {}

  get level() {
    return this.parent.level;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    (this.#real()[level] as LogFn)(...args);
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  isLevelEnabled(level: string): boolean {
    // pino has it; Fastify's stand-in for `logger: false` does not (and logs nothing).
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return parent.isLevelEnabled ? parent.isLevelEnabled(level) : false;
  }

  child(bindings: Record<string, unknown>, options?: Record<string, unknown>) {
    return this.#real().child(bindings, options);
  }
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger;

const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

/** Whether Fastify's per-request lines ("incoming request", "request completed", at info) are written. */
export function logsRequests(logger: FastifyServerOptions['logger']): boolean {
  if (!logger) return false;
  if (logger === true) return true;
  return REQUEST_LOG_LEVELS.has((logger as { level?: string }).level ?? 'info');
}

/**
 * Skips Fastify's per-request info lines outright rather than letting the logger filter them: that
 * spares every request a few microseconds of logger calls. Warnings and errors about a request
 * (a failed response stream, a request that errored) are still written.
 */
class QuietRequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(...[error, ...rest]: Parameters<LogController['requestCompleted']>) {
    if (error) super.requestCompleted(error, ...rest);
  }

  override routeNotFound() {}
}

/** Fastify's `logController` for the app's logger options: quiet per-request lines unless info is on. */
export function requestLogController(logger: FastifyServerOptions['logger']): LogController | undefined {
  return logsRequests(logger) ? undefined : new QuietRequestLogController();
}

/**
 * Fastify's logging for an app that writes no per-request lines (a level above info): Fastify gets
 * `logger: false`, and the app's own pino logger serves `app.log` and, through the child logger
 * factory, every `request.log` (with its request id, made only when something is logged). Fastify
 * with a logger listens to every response's finish and error events just to log the completed
 * request; with no such lines to write, that cost 12–20 % of a cached read's throughput.
 */
export function quietFastifyLogging(options: LoggerOptions & { stream?: DestinationStream }) {
  const { stream, ...loggerOptions } = options;
  const log = pino(
    { ...loggerOptions, serializers: { err: pino.stdSerializers.err, ...loggerOptions.serializers } },
    ...(stream ? [stream] : []),
  ) as unknown as FastifyBaseLogger;
  const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (_nullLogger, bindings, childOptions) =>
    new LazyRequestLogger(log, bindings, childOptions as Record<string, unknown>) as unknown as FastifyBaseLogger;
  return { log, childLoggerFactory };
}
