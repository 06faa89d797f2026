/**
 * Turns calls for one row into one statement for many: calls are collected while earlier batches run
 * and go together, at most `maxInFlight` batches at a time. For writes it is a group commit: fifty
 * concurrent logouts cost a few round trips and commits instead of fifty, which matters most because
 * a commit that sends NOTIFY takes a database-wide lock, so separate commits queue behind one another.
 * For reads (sessions never seen before) it is one lookup of many keys. Alone, a call waits only for
 * the current turn of the event loop.
 */
export function createBatcher<I, O>(
  runBatch: (inputs: I[]) => Promise<O[]>,
  { maxBatch = 256, maxInFlight = 2 }: { maxBatch?: number; maxInFlight?: number } = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;

  function schedule() {
    if (isScheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    isScheduled = true;
    setImmediate(flush);
  }

  function flush() {
    isScheduled = false;
    if (inFlight >= maxInFlight) return;
    const batch = waiting.splice(0, maxBatch);
    if (batch.length === 0) return;
    inFlight++;
    // A runBatch that throws instead of rejecting still answers every caller.
    new Promise<O[]>((resolve) => resolve(runBatch(batch.map((entry) => entry.input))))
      .then(
        (outputs) => {
          batch.forEach((entry, index) => {
            entry.resolve(outputs[index] as O);
          });
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}
