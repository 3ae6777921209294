import type { ReferralAttribution } from '@shortlist/domain';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * The attribution a registration carries (ARCHITECTURE.md: the referral reactor credits the
 * influencer later). An unknown or removed code registers without attribution rather than
 * failing: the visitor did nothing wrong. A self-referral (the influencer's own e-mail) earns
 * nothing, so it is not attributed either.
 */
export async function referralFor(
  db: Kysely<Database>,
  code: string | null,
  email: string,
  campaign: string | null = null,
): Promise<ReferralAttribution | null> {
  const wanted = code?.trim().toUpperCase() ?? '';
  if (wanted === '') return null;
  // Codes are stored upper-case (influencers projection), so upper-casing makes it case-blind.
  const influencer = await db
    .selectFrom('influencers')
    .select(['id', 'email', 'referral_code'])
    .where('referral_code', '=', wanted)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (influencer === undefined) return null;
  if (influencer.email !== null && influencer.email.trim().toLowerCase() === email) return null;
  return { influencerId: influencer.id, referralCode: influencer.referral_code, campaign };
}
