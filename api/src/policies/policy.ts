import type { RecordedEvent } from '@shortlist/eventstore';

/**
 * A process manager (ARCHITECTURE.md "Policies"): reacts to events by issuing commands. The
 * runner delivers each event AT LEAST once (a crash between the command and the checkpoint
 * update delivers it again), so `handle` must be idempotent in effect: every command it issues
 * passes `eventIds` built with `deterministicEventId`, and the deciders treat a repeat as a
 * no-op.
 */
export interface Policy {
  /** Unique and stable: its checkpoint row and advisory-lock key derive from it. */
  name: string;
  /** Event types `handle` sees; the checkpoint advances past the others anyway. */
  handles: readonly string[];
  /**
   * Throw to have the batch retried (after a backoff, from the stored checkpoint). A rule that
   * refuses (a DomainError) will refuse again: catch it, log it, and return.
   */
  handle(event: RecordedEvent): Promise<void>;
}

/** The slice of a pino/Fastify logger the runner and the policies use. */
export interface PolicyLogger {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

export const silentPolicyLogger: PolicyLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
