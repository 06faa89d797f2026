/**
 * A fixed seed, so a run is repeatable and a failure can be replayed; FUZZ_SEED and FUZZ_RUNS
 * override it (e.g. `FUZZ_SEED=$RANDOM FUZZ_RUNS=1000` for a longer, different search).
 */
export const DEFAULT_SEED = 20_260_801;
/** Requests per route: 100 keeps the whole API within CI's time beside the rest of the suite (200 took 150–370 s a run on a busy host). */
export const DEFAULT_RUNS = 100;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; runs: number } {
  return { seed: integerSetting(env.FUZZ_SEED, DEFAULT_SEED), runs: integerSetting(env.FUZZ_RUNS, DEFAULT_RUNS) };
}

function integerSetting(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`not an integer: ${value}`);
  return parsed;
}
