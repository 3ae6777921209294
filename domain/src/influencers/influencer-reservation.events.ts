import { z } from 'zod';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * Uniqueness of an influencer's e-mail and referral code. Neither store has a unique index over
 * event data, so a value is claimed by appending to a stream named after it (the e-mail only as a
 * hash, computed in the api): the optimistic version check lets one claimant win. The e-mail is
 * released when its influencer is removed, so it can be given to a new influencer; a referral
 * code never is, so links already shared never start crediting someone else.
 */

export const influencerReservationEvents = eventCatalogue({
  InfluencerValueReserved: z.object({ influencerId: z.string().min(1) }),
  InfluencerValueReleased: z.object({ influencerId: z.string().min(1) }),
});

export type InfluencerReservationEvent = EventOf<typeof influencerReservationEvents>;
export type InfluencerValueReserved = EventOf<
  typeof influencerReservationEvents,
  'InfluencerValueReserved'
>;
export type InfluencerValueReleased = EventOf<
  typeof influencerReservationEvents,
  'InfluencerValueReleased'
>;

export type StoredInfluencerReservationEvent = StoredEventOf<typeof influencerReservationEvents>;

/** `emailHash`: a hash of the trimmed, lower-cased e-mail (the api computes it). */
export const influencerEmailStreamName = (emailHash: string): string =>
  `influencer-email-${emailHash}`;
export const referralCodeStreamName = (referralCode: string): string =>
  `referral-code-${referralCode.toUpperCase()}`;
