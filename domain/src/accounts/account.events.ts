import { z } from 'zod';
import {
  type EventOf,
  eventCatalogue,
  personal,
  type StoredEventOf,
} from '../core/event-catalogue';

/** Stream `user-{userId}` (ARCHITECTURE.md). Names and e-mails are personal data. */

const userId = z.string().min(1);
const role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof role>;

const referralAttribution = z.object({
  influencerId: z.string().min(1),
  referralCode: z.string(),
  /**
   * The campaign tag of the link that brought the user (referral-clicks.ts), if any. Attributions
   * recorded before campaigns were kept have none: they decode as null, so the decided type
   * (the parsed one) always has it.
   */
  campaign: z.string().nullable().default(null),
});
export type ReferralAttribution = z.infer<typeof referralAttribution>;

/**
 * The account's events: the only declaration of them (types inferred below,
 * event-catalogue.ts `EventOf`).
 */
export const accountEvents = eventCatalogue({
  UserRegistered: z.object({
    userId,
    email: personal(z.string()),
    name: personal(z.string()),
    passwordHash: personal(z.string()),
    role,
    referral: referralAttribution.nullable(),
  }),
  PasswordResetRequested: z.object({ userId, tokenHash: z.string(), expiresAt: z.string() }),
  PasswordChanged: z.object({
    userId,
    passwordHash: personal(z.string()),
    reason: z.enum(['reset', 'admin']),
  }),
  UserErased: z.object({ userId }),
});

export type AccountEvent = EventOf<typeof accountEvents>;
export type UserRegistered = EventOf<typeof accountEvents, 'UserRegistered'>;
export type PasswordResetRequested = EventOf<typeof accountEvents, 'PasswordResetRequested'>;
export type PasswordChanged = EventOf<typeof accountEvents, 'PasswordChanged'>;
export type UserErased = EventOf<typeof accountEvents, 'UserErased'>;

export type StoredAccountEvent = StoredEventOf<typeof accountEvents>;

export const userStreamName = (userId: string): string => `user-${userId}`;
