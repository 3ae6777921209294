import { z } from 'zod';
import type { Command, Decider } from '../core/decider';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * A click on an influencer's short link (`/r/{code}?c={campaign}`), the top of the funnel. It
 * holds no personal data: no address, no agent, no cookie value; only whose link it was and
 * which post (campaign tag) it came from. Each click is its own stream, so clicks never contend.
 */
export const referralClickEvents = eventCatalogue({
  ReferralLinkClicked: z.object({
    influencerId: z.string().min(1),
    campaign: z.string().nullable(),
  }),
});
export type ReferralClickEvent = EventOf<typeof referralClickEvents>;
export type ReferralLinkClicked = ReferralClickEvent;
export type StoredReferralClickEvent = StoredEventOf<typeof referralClickEvents>;

export const referralClickStreamName = (clickId: string): string => `referral-click-${clickId}`;

/** A campaign tag: lower-case letters, digits, `-` and `_`, at most 40 characters. */
export const CAMPAIGN_PATTERN = /^[a-z0-9_-]{1,40}$/;

/**
 * The tag as counted, or null: case folded and surrounding spaces dropped so `Insta-Reel` and
 * `insta-reel` are one campaign; anything else is not a tag (it is dropped, never stored).
 */
export function campaignTag(raw: string | null | undefined): string | null {
  const tag = raw?.trim().toLowerCase() ?? '';
  return CAMPAIGN_PATTERN.test(tag) ? tag : null;
}

/** The campaign as the link carried it; the decider keeps only its counted form. */
export type RecordReferralClick = Command<'RecordReferralClick', ReferralLinkClicked['data']>;

/** A click is recorded once in its own stream; the tag is kept only in its counted form. */
export const referralClickDecider: Decider<
  { recorded: boolean },
  RecordReferralClick,
  ReferralClickEvent
> = {
  catalogue: referralClickEvents,
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide(command, state) {
    if (state.recorded) return [];
    const { influencerId, campaign } = command.data;
    return [
      { type: 'ReferralLinkClicked', data: { influencerId, campaign: campaignTag(campaign) } },
    ];
  },
};
