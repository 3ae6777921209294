import type { Logger, Reactor } from '@shortlist/projections';

/**
 * A process manager (ARCHITECTURE.md "Policies"): a reactor of the subscriber engine
 * (@shortlist/projections, engine/reactor.ts). Delivery is at least once, so every command it
 * issues passes `eventIds` built with `deterministicEventId`, and the deciders treat a repeat as a
 * no-op.
 */
export type Policy = Reactor;

/** The slice of a pino/Fastify logger the runner and the policies use. */
export type PolicyLogger = Logger;

export const silentPolicyLogger: PolicyLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
