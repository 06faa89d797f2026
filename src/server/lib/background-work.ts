/**
 * Work that must not delay (or, by its duration, reveal anything through) the answer: it starts
 * after the current response has been written, and closing the app waits for it.
 */
export function createBackgroundWork(log: { error: (details: Record<string, unknown>, message: string) => void }) {
  const pending = new Set<Promise<void>>();
  return {
    add(work: () => Promise<void>) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'background work failed'));
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    /** Work already running (a job the queue took), so drain waits for it too. */
    hold(work: Promise<unknown>) {
      const running = work.then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'background work failed'),
      );
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
