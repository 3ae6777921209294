import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import { mailPreferencesDecider, type UnsubscribeFromReminders } from './mail-preferences.decider';
import type { MailPreferencesEvent } from './mail-preferences.events';

const spec = DeciderSpecification.for(mailPreferencesDecider);
const unsubscribe = (userId = 'u-1'): UnsubscribeFromReminders => ({
  type: 'UnsubscribeFromReminders',
  data: { userId },
  metadata: {
    actor: 'user:u-1',
    correlationId: 'c',
    causationId: null,
    now: '2026-11-26T00:00:00.000Z',
  },
});
const unsubscribed: MailPreferencesEvent = {
  type: 'RemindersUnsubscribed',
  data: { userId: 'u-1' },
};

describe('mail preferences decider', () => {
  it('records the first unsubscribe', () => {
    spec.given([]).when(unsubscribe()).then([unsubscribed]);
  });

  it('records nothing for a second one', () => {
    spec.given([unsubscribed]).when(unsubscribe()).then([]);
  });

  it('keeps one record however often the link is followed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (clicks) => {
        const events: MailPreferencesEvent[] = [];
        for (let click = 0; click < clicks; click += 1) {
          const state = fold(mailPreferencesDecider, events);
          events.push(...mailPreferencesDecider.decide(unsubscribe(), state));
        }
        expect(events).toEqual([unsubscribed]);
        expect(fold(mailPreferencesDecider, events).remindersUnsubscribed).toBe(true);
      }),
    );
  });
});
