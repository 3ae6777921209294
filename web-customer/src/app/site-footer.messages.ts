/** The footer's words (SPEC §2); apart from shared/messages.ts so they load with the footer's chunk. */
export const footerMessages = {
  tagline: 'ATS-optimised resumes, rewrites and reviews for students and professionals.',
  disclaimer: 'Shortlist gives no guarantee of jobs or interviews.',
  explore: 'Explore',
  policies: 'Policies',
  support: 'Support',
  supportLead: 'Questions about an order? Write to us:',
  home: 'Home',
  createResume: 'Create Resume',
  orders: 'Orders',
  about: 'About',
  contact: 'Contact',
  influencerKit: 'Influencer Kit',
  copyright: (year: number) => `© ${year} Shortlist. All rights reserved.`,
} as const;
