import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * Uniqueness of an influencer's e-mail and referral code. Neither store has a unique index over
 * event data, so a value is claimed by appending to a stream named after it (the e-mail only as a
 * hash, computed in the api): the optimistic version check lets one claimant win. The e-mail is
 * released when its influencer is removed, so it can be given to a new influencer; a referral
 * code never is, so links already shared never start crediting someone else.
 */

export type InfluencerValueReserved = DomainEvent<
  'InfluencerValueReserved',
  { influencerId: string }
>;
export type InfluencerValueReleased = DomainEvent<
  'InfluencerValueReleased',
  { influencerId: string }
>;
export type InfluencerReservationEvent = InfluencerValueReserved | InfluencerValueReleased;

export const influencerReservationEvents = eventCatalogue<InfluencerReservationEvent>()({
  InfluencerValueReserved: z.object({ influencerId: z.string().min(1) }),
  InfluencerValueReleased: z.object({ influencerId: z.string().min(1) }),
});

export type StoredInfluencerReservationEvent = StoredEventOf<typeof influencerReservationEvents>;

/** `emailHash`: a hash of the trimmed, lower-cased e-mail (the api computes it). */
export const influencerEmailStreamName = (emailHash: string): string =>
  `influencer-email-${emailHash}`;
export const referralCodeStreamName = (referralCode: string): string =>
  `referral-code-${referralCode.toUpperCase()}`;
