import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, personal, type StoredEventOf } from '../core/event-catalogue';

/** Stream `user-{userId}` (ARCHITECTURE.md). Names and e-mails are personal data. */

export type Role = 'user' | 'admin';

export interface ReferralAttribution {
  influencerId: string;
  referralCode: string;
  /** The campaign tag of the link that brought the user (referral-clicks.ts), if any. */
  campaign?: string | null;
}

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
    referral: ReferralAttribution | null;
  }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  { userId: string; tokenHash: string; expiresAt: string }
>;
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { userId: string; passwordHash: string; reason: 'reset' | 'admin' }
>;
export type UserErased = DomainEvent<'UserErased', { userId: string }>;

export type AccountEvent = UserRegistered | PasswordResetRequested | PasswordChanged | UserErased;

const userId = z.string().min(1);

/** The account's events as they read back from the store (event-catalogue.ts). */
export const accountEvents = eventCatalogue<AccountEvent>()({
  UserRegistered: z.object({
    userId,
    email: personal(z.string()),
    name: personal(z.string()),
    passwordHash: personal(z.string()),
    role: z.enum(['user', 'admin']),
    referral: z
      .object({
        influencerId: z.string().min(1),
        referralCode: z.string(),
        campaign: z.string().nullable().default(null),
      })
      .nullable(),
  }),
  PasswordResetRequested: z.object({ userId, tokenHash: z.string(), expiresAt: z.string() }),
  PasswordChanged: z.object({
    userId,
    passwordHash: personal(z.string()),
    reason: z.enum(['reset', 'admin']),
  }),
  UserErased: z.object({ userId }),
});

export type StoredAccountEvent = StoredEventOf<typeof accountEvents>;

export const userStreamName = (userId: string): string => `user-${userId}`;
