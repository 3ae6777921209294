import { assertNever, type Command, type Decider, type DomainEvent } from '../core/decider';
import { DomainError } from '../core/domain-error';

/**
 * Uniqueness of an influencer's e-mail and referral code. Neither store has a unique index over
 * event data, so a value is claimed by appending to a stream named after it (the e-mail only as a
 * hash, computed in the api): the optimistic version check lets one claimant win. The e-mail is
 * released when its influencer is removed, so it can be given to a new influencer; a referral
 * code never is, so links already shared never start crediting someone else.
 */

export type ReservedValue = 'email' | 'referralCode';

export const INFLUENCER_RESERVATION_MESSAGES: Record<ReservedValue, string> = {
  email: 'An influencer with this email already exists.',
  referralCode: 'This referral code is already taken.',
};

export type InfluencerValueReserved = DomainEvent<
  'InfluencerValueReserved',
  { influencerId: string }
>;
export type InfluencerValueReleased = DomainEvent<
  'InfluencerValueReleased',
  { influencerId: string }
>;
export type InfluencerReservationEvent = InfluencerValueReserved | InfluencerValueReleased;

export type ReserveInfluencerValue = Command<
  'ReserveInfluencerValue',
  { influencerId: string; value: ReservedValue }
>;
export type ReleaseInfluencerValue = Command<'ReleaseInfluencerValue', { influencerId: string }>;
export type InfluencerReservationCommand = ReserveInfluencerValue | ReleaseInfluencerValue;

export type InfluencerReservationState = { heldBy: string | null };

function decide(
  command: InfluencerReservationCommand,
  state: InfluencerReservationState,
): InfluencerReservationEvent[] {
  switch (command.type) {
    case 'ReserveInfluencerValue': {
      const { influencerId, value } = command.data;
      // The same influencer asking again (a retried create) already holds it.
      if (state.heldBy === influencerId) return [];
      if (state.heldBy !== null) {
        throw new DomainError('conflict', INFLUENCER_RESERVATION_MESSAGES[value]);
      }
      return [{ type: 'InfluencerValueReserved', data: { influencerId } }];
    }
    case 'ReleaseInfluencerValue':
      // Only the holder releases; anything else is a stale or repeated release.
      if (state.heldBy !== command.data.influencerId) return [];
      return [
        { type: 'InfluencerValueReleased', data: { influencerId: command.data.influencerId } },
      ];
    default:
      return assertNever(command);
  }
}

function evolve(
  state: InfluencerReservationState,
  event: InfluencerReservationEvent,
): InfluencerReservationState {
  switch (event.type) {
    case 'InfluencerValueReserved':
      return { heldBy: event.data.influencerId };
    case 'InfluencerValueReleased':
      return state.heldBy === event.data.influencerId ? { heldBy: null } : state;
    default:
      return assertNever(event);
  }
}

export const influencerReservationDecider: Decider<
  InfluencerReservationState,
  InfluencerReservationCommand,
  InfluencerReservationEvent
> = { decide, evolve, initialState: () => ({ heldBy: null }) };

/** `emailHash`: a hash of the trimmed, lower-cased e-mail (the api computes it). */
export const influencerEmailStreamName = (emailHash: string): string =>
  `influencer-email-${emailHash}`;
export const referralCodeStreamName = (referralCode: string): string =>
  `referral-code-${referralCode.toUpperCase()}`;
