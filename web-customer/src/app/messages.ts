// Every sentence this app shows, worded as SPEC.md words it (STYLE.md house rule 6).
export const messages = {
  home: {
    title: 'Shortlist — ATS-optimised resumes',
    eyebrow: 'ATS resume service',
    heading: 'ATS-optimised resumes that get you shortlisted',
    lead: 'Have your resume built from scratch, rewritten or reviewed by people who know how applicant tracking systems read it. Pay per order in INR or USD.',
    claims: [
      { value: '218+', label: 'resumes created' },
      { value: '170+', label: 'interviews scheduled' },
      { value: '85%', label: 'average ATS score' },
      { value: '99%', label: 'satisfaction' },
    ],
  },
  notFound: {
    title: 'Page not found · Shortlist',
    heading: 'Page not found',
    pathIntro: 'There is no page at',
    home: 'Home',
    contact: 'Contact',
    influencerKit: 'Influencer Kit',
  },
  footer: {
    disclaimer: 'Shortlist gives no guarantee of jobs or interviews.',
  },
} as const;
