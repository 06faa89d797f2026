import { z } from 'zod';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });
export type Health = z.infer<typeof HealthSchema>;

export const LivenessSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  changeFeed: z.enum(['ok', 'disconnected']),
  /** What keeps the instance from being ready, in words; empty when ready. */
  missing: z.array(z.string()),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
