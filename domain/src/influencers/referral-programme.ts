/**
 * The influencer programme's amounts, in whole rupees (ARCHITECTURE.md "Server rules": 50 INR per
 * referred user, payout at 50 registrations and 2,500 INR). One object so a change of terms is one
 * edit here, and so specs can run the same decider on smaller figures
 * (`createInfluencerLedgerDecider(programme)`). A credit records the amount it credited, so a later
 * change of `rewardPerReferral` never rewrites history.
 */
export interface ReferralProgramme {
  /** Credited once per referred user, for that user's first paid resume review. */
  rewardPerReferral: number;
  /** Referred registrations needed before a payout can be requested. */
  minRegistrations: number;
  /** Balance needed before a payout can be requested. */
  minBalance: number;
}

export const REFERRAL_PROGRAMME: ReferralProgramme = {
  rewardPerReferral: 50,
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
