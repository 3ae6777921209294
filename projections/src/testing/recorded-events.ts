import type { JsonObject, RecordedEvent } from '@shortlist/eventstore';

export interface EventInput {
  streamName: string;
  type: string;
  data?: JsonObject;
  metadata?: JsonObject;
  recordedAt?: string;
}

/**
 * Recorded events without a store, for projection specs: positions increase in list order
 * (zero-padded, so string order is list order), versions count per stream, ids are valid
 * UUIDs derived from the index, so the same list always yields the same events.
 */
export function recordedEvents(inputs: readonly EventInput[], start = 1): RecordedEvent[] {
  const versions = new Map<string, number>();
  return inputs.map((input, index) => {
    const n = start + index;
    const version = (versions.get(input.streamName) ?? -1) + 1;
    versions.set(input.streamName, version);
    return {
      id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
      type: input.type,
      data: input.data ?? {},
      metadata: input.metadata ?? {},
      streamName: input.streamName,
      streamVersion: version,
      position: n.toString().padStart(20, '0'),
      recordedAt: input.recordedAt ?? new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
    };
  });
}
