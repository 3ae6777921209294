// Every sentence this app shows, worded as SPEC.md words it (STYLE.md house rule 6).
export const messages = {
  area: 'Influencer',
  home: {
    title: 'Shortlist Influencer',
    eyebrow: 'Referral programme',
    heading: 'Influencer dashboard',
    lead: 'See the users you referred, their orders, your balance and your payout status in one place.',
  },
  notFound: {
    title: 'Page not found · Shortlist Influencer',
    heading: 'Page not found',
    pathIntro: 'There is no page at',
    back: 'Back to the dashboard',
  },
} as const;
