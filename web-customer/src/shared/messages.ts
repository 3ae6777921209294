// Every sentence this app shows, worded as SPEC.md words it (STYLE.md house rule 6). Long-form
// documents (legal texts, the influencer kit) live beside their feature as content files.
export const messages = {
  skipToContent: 'Skip to content',
  paymentsSimulated:
    'Test mode: payments on this site are simulated, so no money moves and nothing is charged.',
  nav: {
    label: 'Main',
    menu: 'Menu',
    closeMenu: 'Close menu',
    home: 'Home',
    about: 'About',
    contact: 'Contact',
    login: 'Login',
    signUp: 'Sign up',
    createResume: 'Create Resume',
    pricing: 'Pricing',
    checkout: 'Checkout',
    orders: 'Orders',
    profile: 'Profile',
    admin: 'Admin',
    logout: 'Logout',
  },
  signInNotice: {
    message: 'Please log in to open that page.',
    action: 'Login',
  },
  home: {
    title: 'Shortlist — ATS-optimised resumes',
    // SPEC §2: 'Get {typing word} Faster, {user name or there}!'
    headingStart: 'Get',
    headingEnd: (name: string) => `Faster, ${name}!`,
    fallbackName: 'there',
    typingWords: ['Shortlisted', 'Hired', 'Selected', 'Interviewed', 'Noticed'],
    eyebrow: 'ATS resume service',
    lead: 'Have your resume built from scratch, rewritten or reviewed by people who know how applicant tracking systems read it. Pay per order in INR or USD.',
    createResume: 'Create Resume',
    viewOrders: 'View Orders',
    atsCheck: 'Free ATS check',
    checkFirst: 'Not sure yet? Check your resume free',
    statsHeading: 'Shortlist in numbers',
    // SPEC §1 marketing claims.
    stats: [
      { value: 218, suffix: '+', label: 'resumes created' },
      { value: 170, suffix: '+', label: 'interviews scheduled' },
      { value: 85, suffix: '%', label: 'average ATS score' },
      { value: 99, suffix: '%', label: 'satisfaction' },
    ],
    tickerLabel: 'Headlines',
    tickerPause: 'Pause headlines',
    tickerPlay: 'Play headlines',
    ticker: [
      '218+ resumes created for students and professionals',
      '170+ interviews scheduled for our clients',
      '95% of clients report higher shortlist rates',
      'An 85% average ATS score on delivered resumes',
      'Typical turnaround: 48h',
      '99% satisfaction across orders',
    ],
    servicesHeading: 'Services',
    servicesLead: 'Pick what your resume needs. Prices are per order; no subscription.',
    services: {
      resume_rewrite: {
        title: 'ATS Resume Rewrite',
        description:
          'Upload your current resume. We rewrite it around your target role with the keywords and structure applicant tracking systems look for.',
        points: [
          'Keyword-matched to your role',
          'Clean, ATS-safe layout',
          'Optional notes for the writer',
        ],
        action: 'Upload for rewrite',
      },
      resume_review: {
        title: 'Resume Review',
        description:
          'A line-by-line review of your resume with concrete suggestions you can apply yourself, shown in your orders.',
        points: ['Written suggestions', 'ATS readiness check', 'Quick and affordable'],
        action: 'Get a review',
      },
      linkedin_opt: {
        title: 'LinkedIn Optimisation',
        description:
          'Headline, About section and experience rewritten so recruiters find you in LinkedIn search.',
        points: ['Recruiter-search keywords', 'Headline and About', 'Experience highlights'],
        action: 'Coming soon',
      },
    },
    popular: 'Popular',
    comingSoon: 'Coming soon',
    priceWas: 'was',
    save: (amount: string) => `Save ${amount}`,
    templatesHeading: 'Resume Templates',
    templatesLead:
      'Every template reads cleanly in applicant tracking systems and still looks good to a person.',
    templatesCarousel: 'Resume templates',
    templateSuits: 'Suits',
    ctaHeading: 'Ready to get shortlisted?',
    ctaText:
      'Fill the guided form once; we turn it into an ATS-optimised resume. Typical turnaround is 48h.',
    learnMore: 'Learn More',
    serviceDialogs: {
      resume_rewrite: 'ATS Resume – Rewrite',
      resume_review: 'Resume Review',
    },
    serviceDialogPending: 'The upload form for this service arrives in the next step.',
  },
  maintenance: {
    title: 'Maintenance · Shortlist',
    // SPEC §2, word for word.
    heading: 'Maintenance Mode, We will be available soon..!',
    request: 'If this message persists, please refresh the page or clear your browser cache.',
    influencerKit: 'Influencer Kit',
  },
  notFound: {
    title: 'Page not found · Shortlist',
    heading: 'Page not found',
    pathIntro: 'There is no page at',
    home: 'Home',
    contact: 'Contact',
    influencerKit: 'Influencer Kit',
  },
} as const;
