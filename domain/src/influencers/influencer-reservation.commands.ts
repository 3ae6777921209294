import type { Command } from '../core/decider';
import type { InfluencerValueReleased } from './influencer-reservation.events';

/** Claiming an influencer's e-mail or referral code (influencer-reservation.events.ts). */

export type ReservedValue = 'email' | 'referralCode';

export const INFLUENCER_RESERVATION_MESSAGES: Record<ReservedValue, string> = {
  email: 'An influencer with this email already exists.',
  referralCode: 'This referral code is already taken.',
};

export type ReserveInfluencerValue = Command<
  'ReserveInfluencerValue',
  { influencerId: string; value: ReservedValue }
>;
export type ReleaseInfluencerValue = Command<
  'ReleaseInfluencerValue',
  InfluencerValueReleased['data']
>;
export type InfluencerReservationCommand = ReserveInfluencerValue | ReleaseInfluencerValue;
