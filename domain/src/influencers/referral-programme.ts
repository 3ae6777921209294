/**
 * The influencer programme's payout thresholds, in whole rupees (ARCHITECTURE.md "Server rules":
 * payout at 50 registrations and 2,500 INR). One object so a change of terms is one edit here,
 * and so specs can run the same decider on smaller figures
 * (`createInfluencerLedgerDecider(programme)`). What a referral earns is not here: those amounts
 * are reward rules an admin changes (reward-rules.ts).
 */
export interface ReferralProgramme {
  /** Referred registrations needed before a payout can be requested. */
  minRegistrations: number;
  /** Balance needed before a payout can be requested. */
  minBalance: number;
}

export const REFERRAL_PROGRAMME: ReferralProgramme = {
  minRegistrations: 50,
  minBalance: 2500,
};

/** The one eligibility rule: the decider refuses a payout with it, the screens show it. */
export function isEligibleForPayout(
  figures: { registrations: number; balance: number },
  programme: ReferralProgramme = REFERRAL_PROGRAMME,
): boolean {
  return (
    figures.registrations >= programme.minRegistrations && figures.balance >= programme.minBalance
  );
}

export function notEligibleMessage(programme: ReferralProgramme = REFERRAL_PROGRAMME): string {
  return `You are not eligible for a payout yet: you need at least ${programme.minRegistrations} registrations and a balance of at least ₹${programme.minBalance.toLocaleString('en-IN')}.`;
}
