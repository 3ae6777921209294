import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DomainEvent } from './core/decider';
import { eventCatalogue, personal, personalFieldsOfCatalogues } from './core/event-catalogue';
import { PERSONAL_FIELDS, personalFieldsOf } from './personal-fields';

describe('the personal fields', () => {
  it('are the fields the catalogues brand personal, and exactly those stored sealed so far', () => {
    // What the store has sealed since these events exist: a change here re-decides what is
    // encrypted, for new events only, so it is never made by accident.
    expect(PERSONAL_FIELDS).toEqual({
      UserRegistered: ['email', 'name', 'passwordHash'],
      PasswordChanged: ['passwordHash'],
      QueryOpened: ['pid', 'email', 'message'],
      QueryReplied: ['to', 'subject', 'body'],
      OrderPlaced: ['userEmail', 'resume', 'customerUploads'],
      DeliveryAttached: ['file', 'filename'],
      DeliveryRemoved: ['filename'],
      ReviewSuggestionsSaved: ['text'],
      AtsCheckRecorded: ['checkMessages', 'extractedText', 'fields'],
      InfluencerCreated: ['name', 'email', 'passwordHash'],
      InfluencerPasswordChanged: ['passwordHash'],
      PayoutRequested: ['payeeName', 'mobile', 'bankName', 'accountNumber', 'ifsc', 'upiId'],
    });
    expect(personalFieldsOf('OrderPaid')).toEqual([]);
  });

  it('follow a brand wherever it is, a defaulted field included, and nothing unbranded', () => {
    type Sample = DomainEvent<'Sample', { id: string; secret: string; note: string; kept: string }>;
    const catalogue = eventCatalogue<Sample>()({
      Sample: z.object({
        id: z.string(),
        secret: personal(z.string()),
        note: personal(z.string()).default(''),
        // Nullable like a personal field, but not branded: stays in clear.
        kept: z.string().nullable(),
      }),
    });
    expect(personalFieldsOfCatalogues([catalogue])).toEqual({ Sample: ['secret', 'note'] });
  });
});
