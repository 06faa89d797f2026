/**
 * A fixed seed, so a run is repeatable and a failure can be replayed; FUZZ_SEED and FUZZ_RUNS
 * override it (e.g. `FUZZ_SEED=$RANDOM FUZZ_RUNS=1000` for a longer, different search).
 */
export const DEFAULT_SEED = 20_260_801;
/**
 * Requests per route: 50 keeps the whole API within CI's 20 minutes beside the rest of the suite (at 100
 * the file was the suite's longest, 70 s for 99 routes on a quiet host). FUZZ_RUNS=1000 searches longer.
 */
export const DEFAULT_RUNS = 50;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; runs: number } {
  return { seed: integerSetting(env.FUZZ_SEED, DEFAULT_SEED), runs: integerSetting(env.FUZZ_RUNS, DEFAULT_RUNS) };
}

function integerSetting(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`not an integer: ${value}`);
  return parsed;
}
