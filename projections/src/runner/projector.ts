import type { Position } from '@shortlist/eventstore';
import type { Subscriber } from '../engine/subscriber-engine';
import type { Logger } from '../logger';
import type { Projection } from '../projection';
import {
  applyBatch,
  applyIsolated,
  CheckpointMovedError,
  prepareCheckpoint,
  readCheckpoint,
} from './checkpoints';
import { isTransientError } from './transient-error';

/**
 * Projector mode: a batch and the checkpoint move in ONE transaction of the read model
 * (checkpoints.ts), so a restart at any point is exactly-once in effect. A batch that keeps
 * failing on its events (not on the database) is applied one event per transaction after
 * `quarantineAfterAttempts` tries, and the event that fails alone is quarantined. A checkpoint
 * moved under the session (a rebuild) ends it and a fresh one starts at once.
 */
export function projector(
  projection: Projection,
  settings: { logger: Logger; quarantineAfterAttempts: number },
): Subscriber {
  const { name } = projection;
  // Failed tries of the batch after one checkpoint; survives the session restarts in between.
  let failedBatch: { after: Position | null; attempts: number } | null = null;
  return {
    name,
    restartsAfter: (error) => error instanceof CheckpointMovedError,
    async open(conn) {
      let checkpoint = await prepareCheckpoint(conn, projection, settings.logger);
      return {
        position: checkpoint,
        async handle(events) {
          try {
            checkpoint = await applyBatch(conn, projection, checkpoint, events);
          } catch (error) {
            if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
            const attempts =
              failedBatch !== null && failedBatch.after === checkpoint
                ? failedBatch.attempts + 1
                : 1;
            failedBatch = { after: checkpoint, attempts };
            if (attempts < settings.quarantineAfterAttempts) throw error;
            // One poison event must not halt every later one: find it and set it aside.
            checkpoint = await applyIsolated(conn, projection, checkpoint, events, {
              priorAttempts: attempts,
              logger: settings.logger,
            });
          }
          failedBatch = null;
          return checkpoint;
        },
        async heartbeat() {
          // A rebuild resets the checkpoint; a dead connection fails the read. Both end it.
          const stored = await readCheckpoint(conn, name);
          if (stored?.position !== checkpoint) {
            throw new CheckpointMovedError(name, checkpoint, stored?.position);
          }
        },
      };
    },
  };
}
