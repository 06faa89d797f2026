import { z } from 'zod';

/** A Python source sent to run, 20,000 characters at most (docs/product.md, Running Python). */
export const CODE_SOURCE_MAX = 20_000;

export const CodeRunInputSchema = z.object({
  source: z.string().max(CODE_SOURCE_MAX, `Code must be at most ${CODE_SOURCE_MAX.toLocaleString('en')} characters`),
});
export type CodeRunInput = z.infer<typeof CodeRunInputSchema>;

export const CodeRunResultSchema = z.object({
  /** The first 10,000 characters of stdout + stderr, and the limit a stopped run hit. */
  output: z.string(),
  /** null when the code finished; otherwise the exception's last line or the limit hit. */
  error: z.string().nullable(),
});
export type CodeRunResult = z.infer<typeof CodeRunResultSchema>;

/** What the browser needs to run Python itself (docs/product.md, Running Python). */
export const CodeConfigSchema = z.object({
  /** The operator's mirror of Pyodide's packages (a folder address ending in `/`), or null: the standard library only. */
  packagesUrl: z.string().nullable(),
});
export type CodeConfig = z.infer<typeof CodeConfigSchema>;
