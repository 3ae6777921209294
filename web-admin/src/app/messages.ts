// Every sentence this app shows, worded as SPEC.md words it (STYLE.md house rule 6).
export const messages = {
  area: 'Admin',
  home: {
    title: 'Shortlist Admin',
    eyebrow: 'Staff area',
    heading: 'Admin control panel',
    lead: 'Manage orders, users, contact queries, influencers, influencer queries and influencer payouts.',
  },
  notFound: {
    title: 'Page not found · Shortlist Admin',
    heading: 'Page not found',
    pathIntro: 'There is no page at',
    back: 'Back to the dashboard',
  },
} as const;
