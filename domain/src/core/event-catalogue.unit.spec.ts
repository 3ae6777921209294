import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountEvents } from '../accounts/account.events';
import { emailReservationEvents } from '../accounts/email-reservation.events';
import { queryEvents } from '../contact/query.events';
import { influencerLedgerEvents } from '../influencers/influencer-ledger.events';
import { influencerQueryEvents } from '../influencers/influencer-query.events';
import { influencerReservationEvents } from '../influencers/influencer-reservation.events';
import { orderEvents } from '../orders/order.events';
import { PERSONAL_FIELDS } from '../personal-fields';
import { catalogueTypes, decodeEvent, type EventCatalogue } from './event-catalogue';

const CATALOGUES: readonly EventCatalogue[] = [
  accountEvents,
  emailReservationEvents,
  queryEvents,
  orderEvents,
  influencerLedgerEvents,
  influencerQueryEvents,
  influencerReservationEvents,
];

function fieldSchema(type: string, field: string): z.ZodType | undefined {
  for (const catalogue of CATALOGUES) {
    const schema = catalogue.schemas[type];
    if (schema instanceof z.ZodObject) return schema.shape[field];
  }
  return undefined;
}

describe('event catalogues', () => {
  it('read every personal field as possibly erased (null), as the encrypting store returns it', () => {
    const known = new Set(catalogueTypes(CATALOGUES));
    for (const [type, fields] of Object.entries(PERSONAL_FIELDS)) {
      // Payment events have no personal fields; every event type listed here is catalogued.
      expect(known.has(type), `${type} is in a catalogue`).toBe(true);
      for (const field of fields) {
        const schema = fieldSchema(type, field);
        expect(schema, `${type}.${field} is declared`).toBeDefined();
        expect(schema?.safeParse(null).success, `${type}.${field} may be null`).toBe(true);
      }
    }
  });

  it('decodes a stored event, names an unknown type, and reports what is wrong with a malformed one', () => {
    const catalogues = [orderEvents, accountEvents] as const;
    const decoded = decodeEvent(catalogues, {
      type: 'OrderStatusChanged',
      data: { orderId: 'o1', from: 'pending', to: 'completed', extra: 1 },
    });
    expect(decoded).toEqual({
      kind: 'decoded',
      event: {
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'pending', to: 'completed' },
      },
    });
    expect(decodeEvent(catalogues, { type: 'QueryOpened', data: {} })).toEqual({
      kind: 'unknown',
      type: 'QueryOpened',
    });
    const malformed = decodeEvent(catalogues, {
      type: 'OrderStatusChanged',
      data: { orderId: 'o1', from: 'pending', to: 'shipped' },
    });
    expect(malformed).toMatchObject({ kind: 'malformed', type: 'OrderStatusChanged' });
    expect(malformed.kind === 'malformed' && malformed.problems).toMatch(/^to: /);
  });

  it('never mistakes an inherited property name for an event type', () => {
    expect(decodeEvent([orderEvents], { type: 'toString', data: {} })).toEqual({
      kind: 'unknown',
      type: 'toString',
    });
  });
});
