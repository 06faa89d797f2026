/**
 * Turns a write of one row into a write of many: the calls made while the server handles one round
 * of I/O are collected and run together at `setImmediate`, as one statement in one transaction.
 * Under load, fifty concurrent logouts cost one round trip and one commit instead of fifty (a
 * commit that sends NOTIFY takes a database-wide lock, so separate commits queue behind it).
 * Alone, a call waits for nothing but the current turn of the event loop.
 */
export function createWriteBatcher<I, O>(
  runBatch: (inputs: I[]) => Promise<O[]>,
  { maxBatch = 256 }: { maxBatch?: number } = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];

  function flush() {
    const batch = waiting.splice(0, maxBatch);
    if (waiting.length > 0) setImmediate(flush);
    // A runBatch that throws instead of rejecting still answers every caller.
    new Promise<O[]>((resolve) => resolve(runBatch(batch.map((entry) => entry.input)))).then(
      (outputs) => {
        batch.forEach((entry, index) => {
          entry.resolve(outputs[index] as O);
        });
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
}
