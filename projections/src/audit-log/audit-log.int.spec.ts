import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProjectionTestDatabase,
  expectIdempotentProjection,
  type ProjectionTestDatabase,
  recordedEvents,
} from '../testing';
import { auditLogProjection } from './audit-log.projection';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('audit');
});

afterAll(async () => {
  await database.drop();
});

const events = recordedEvents([
  {
    streamName: 'order-1',
    type: 'OrderPlaced',
    metadata: {
      actor: 'user:7',
      correlationId: 'req-1',
      causationId: null,
      at: '2025-03-01T10:00:00.000Z',
    },
  },
  {
    streamName: 'payment-1',
    type: 'PaymentCaptured',
    metadata: {
      actor: 'provider:razorpay',
      correlationId: 'req-2',
      causationId: 'evt-9',
      at: '2025-03-01T10:05:00.000Z',
    },
  },
  {
    streamName: 'order-1',
    type: 'OrderPaid',
    // A producer that wrote no usable metadata: the row still appears, with the store's time.
    metadata: { actor: 42, at: 'not a time' },
    recordedAt: '2025-03-01T10:06:00.000Z',
  },
]);

describe('audit_log projection', () => {
  it('writes one row per event and is idempotent', async () => {
    const snapshot = await expectIdempotentProjection({
      db: database.db,
      projection: auditLogProjection,
      events,
    });
    expect(snapshot.audit_log).toHaveLength(3);
  });

  it('records who did what and why, from the event metadata', async () => {
    const rows = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      {
        position: events[0]?.position,
        stream_name: 'order-1',
        stream_version: 0,
        event_id: events[0]?.id,
        type: 'OrderPlaced',
        actor: 'user:7',
        correlation_id: 'req-1',
        causation_id: null,
        at: new Date('2025-03-01T10:00:00.000Z'),
      },
      {
        position: events[1]?.position,
        stream_name: 'payment-1',
        stream_version: 0,
        event_id: events[1]?.id,
        type: 'PaymentCaptured',
        actor: 'provider:razorpay',
        correlation_id: 'req-2',
        causation_id: 'evt-9',
        at: new Date('2025-03-01T10:05:00.000Z'),
      },
      {
        position: events[2]?.position,
        stream_name: 'order-1',
        stream_version: 1,
        event_id: events[2]?.id,
        type: 'OrderPaid',
        actor: null,
        correlation_id: null,
        causation_id: null,
        at: new Date('2025-03-01T10:06:00.000Z'),
      },
    ]);
  });
});
