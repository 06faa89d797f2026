/** "Not in memory": a synchronous read found nothing it could answer without a query. */
export const COLD = Symbol('cold');
export type Cold = typeof COLD;

/**
 * Answers from memory when `peeked` is warm, synchronously, so the handler returns nothing and
 * Fastify sends at once; otherwise loads and answers once the load resolves. Both paths end in
 * the same `send`, so a warm answer can never differ from a cold one. `send` must return the reply.
 */
export function answerWarmOrLoad<T>(
  peeked: T | Cold,
  load: () => Promise<T>,
  send: (value: T) => unknown,
): undefined | Promise<void> {
  if (peeked !== COLD) {
    send(peeked);
    return undefined;
  }
  return load().then(async (value) => {
    // `send` returns the reply, and awaiting it waits until the answer is written. Settling before
    // then, while an onSend hook still streamed the answer (compression of a large body), made
    // Fastify send it a second time, empty: 200, Content-Encoding br, no body.
    await send(value);
  });
}
