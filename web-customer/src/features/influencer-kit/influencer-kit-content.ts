import type { RewardRuleKind } from '@shortlist/domain';
import { SUPPORT_EMAIL } from '@shortlist/web-kit';

/**
 * The Influencer Kit (SPEC §2), written from SPEC §1 and §9. The reward wording follows the kit:
 * 'registration plus resume review' (the server pays on the referred user's first resume
 * review, ARCHITECTURE.md). The reward amounts are not written here: a fact with a `rule` shows
 * the amount of that reward rule as the server answers it, the same values the ledger pays.
 */
export interface KitList {
  title?: string;
  tone?: 'do' | 'dont';
  items: readonly string[];
}

export interface KitSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  facts?: readonly { value: string; label: string; rule?: RewardRuleKind }[];
  lists?: readonly KitList[];
}

export const KIT_HEADER = {
  eyebrow: 'Influencer Kit',
  heading: 'Grow with Shortlist: the influencer programme',
  lead: 'Help job seekers in your audience get shortlisted, and earn for every referral who orders.',
};

/** SPEC §1 programme figures. */
export const KIT_FIGURES = [
  { value: '8', label: 'active influencers' },
  { value: '3,000+', label: 'users reached' },
  { value: '200+', label: 'orders' },
  { value: '₹1,50,000+', label: 'paid out, roughly every 3 weeks' },
] as const;

export const KIT_SECTIONS: readonly KitSection[] = [
  {
    id: 'about',
    title: 'About',
    paragraphs: [
      'Shortlist builds, rewrites and reviews ATS-optimised resumes for students and professionals. Our influencer programme partners with creators whose audiences are looking for jobs: you share your personal referral link, and you earn when the people you refer use the service.',
    ],
  },
  {
    id: 'role',
    title: 'Role of an Influencer',
    paragraphs: [
      'You introduce your audience to Shortlist honestly: what the service does, what it costs and what it cannot promise.',
    ],
    lists: [
      {
        items: [
          'Share your official referral link in posts, stories, videos and descriptions.',
          'Use the approved creatives, or your own honest content about resumes and job search.',
          'Point followers to the right service: a review for a quick check, a rewrite or a resume from scratch for a full overhaul.',
          'Tell us about questions or feedback from your audience.',
        ],
      },
    ],
  },
  {
    id: 'policies',
    title: 'Policies & Guidelines',
    paragraphs: ['These rules protect your audience, our customers and the programme.'],
    lists: [
      {
        title: 'Do',
        tone: 'do',
        items: [
          'Share only the official referral link.',
          'Use approved creatives.',
          'Promote honestly.',
        ],
      },
      {
        title: 'Don’t',
        tone: 'dont',
        items: [
          'Spam people or groups.',
          'Give false placement guarantees: Shortlist gives no guarantee of jobs or interviews.',
          'Resell the services.',
          'Misuse anyone’s data.',
        ],
      },
    ],
  },
  {
    id: 'payouts',
    title: 'Payouts & Rewards',
    paragraphs: [
      'Rewards are credited to your balance and paid out on request once you are eligible. The amounts below may increase, and are negotiable for a large reach.',
    ],
    facts: [
      {
        value: '',
        rule: 'first_review',
        label: 'per referred user: registration plus resume review',
      },
      {
        value: '',
        rule: 'order_commission',
        label:
          'per successful order (Create Resume from Scratch or Resume Rewrite), earned when the order completes',
      },
      { value: '₹2,500', label: 'minimum payout' },
      { value: '7 days', label: 'to process a payout request' },
    ],
    lists: [
      {
        title: 'Eligibility',
        items: [
          'At least 50 referred users.',
          'At least 10 orders.',
          'A balance of at least ₹2,500.',
        ],
      },
      {
        title: 'How you are paid',
        items: ['UPI', 'Bank transfer', 'Paytm or another wallet'],
      },
      {
        title: 'Bonuses',
        items: ['Monthly bonuses for the top influencers.'],
      },
    ],
  },
  {
    id: 'tracking',
    title: 'Tracking & Dashboard',
    paragraphs: [
      'Your dashboard shows the users you referred, their orders, your balance and your referral link, so you always know where you stand.',
    ],
    lists: [
      {
        items: [
          'Dashboard: users referred, orders, balance and your referral link.',
          'Orders: every order placed through your link and its status.',
          'Payouts: your eligibility, a payout request with your payment details, and each payout’s status.',
          'Queries: raise an issue and follow our replies.',
        ],
      },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    paragraphs: [
      `To join, e-mail ${SUPPORT_EMAIL} with your full name, contact number or e-mail, followers count and audience reach. Once approved you receive your referral link and dashboard access.`,
      'Already have your credentials? Log in to your influencer dashboard.',
    ],
  },
];
