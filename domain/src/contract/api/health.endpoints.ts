import { z } from 'zod';
import { defineRoute } from './route';

const upDown = z.enum(['up', 'down']);

/**
 * All anyone may learn: no error text, no positions, no projection names (they map the system for
 * an attacker).
 */
export const publicHealthSchema = z.object({ ok: z.boolean(), status: upDown });

/** What only admins see: which part is down, and why the read side lags. */
export const healthDetailsSchema = z.object({
  ok: z.boolean(),
  status: upDown,
  database: upDown,
  eventStore: upDown,
  projections: z.object({
    status: upDown,
    /** Events the slowest projection has still to apply (counted up to a limit). */
    lag: z.number().int(),
    head: z.string().nullable(),
    checkpoints: z.record(
      z.string(),
      z.object({
        position: z.string().nullable(),
        lag: z.number().int(),
        /** Events of this projection set aside in quarantine (not applied). */
        quarantined: z.number().int(),
      }),
    ),
    /** Projections the answering process runs whose batches keep failing. */
    failing: z.array(z.object({ name: z.string(), failures: z.number(), error: z.string() })),
  }),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;

/** GET /health: 200 up, or 503 with the same shape when a part is down. */
export const getHealthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  audience: 'public',
  summary: 'Say whether the service is up',
  response: publicHealthSchema,
  downStatus: 503,
});
