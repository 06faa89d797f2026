/**
 * A read answered from memory is there now; one that needs the database comes later. Cached reads answer with
 * either (docs/performance.md, Warm reads): a warm read costs no promise and no turn of the event loop, which
 * was the largest cost left between a cached read and a bare server.
 */
export type MaybePromise<T> = T | Promise<T>;

/** `then` that stays synchronous while the value is there, so a chain of warm reads stays warm. */
export function after<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** All of `values` (typed as Promise.all types them), synchronously when every one is there. */
export function allOf<T extends readonly unknown[] | []>(values: T): MaybePromise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  type All = { -readonly [K in keyof T]: Awaited<T[K]> };
  return values.some((value) => value instanceof Promise) ? (Promise.all(values) as Promise<All>) : (values as unknown as All);
}

/**
 * Answers a route from a read: sends at once when the value is there, so the handler returns
 * nothing and Fastify writes without a promise; otherwise once it arrives. `send` must return the
 * reply: awaiting it waits until the answer is written, since settling while an onSend hook still
 * streamed a compressed body made Fastify send the answer a second time, empty.
 */
export function answer<T>(value: MaybePromise<T>, send: (value: T) => unknown): undefined | Promise<void> {
  if (!(value instanceof Promise)) {
    send(value);
    return undefined;
  }
  return value.then(async (ready) => {
    await send(ready);
  });
}
