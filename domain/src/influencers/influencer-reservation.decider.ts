import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import {
  INFLUENCER_RESERVATION_MESSAGES,
  type InfluencerReservationCommand,
} from './influencer-reservation.commands';
import type { InfluencerReservationEvent } from './influencer-reservation.events';
import { influencerReservationEvents } from './influencer-reservation.events';

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
> = {
  decide,
  evolve,
  catalogue: influencerReservationEvents,
  initialState: () => ({ heldBy: null }),
};
