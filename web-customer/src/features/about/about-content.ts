/**
 * The people on the About page. SPEC §2 shows creators with partly hidden names; only the
 * masked form is kept here, so the full names are never shipped to the browser.
 */
export interface Creator {
  id: string;
  name: string;
  role: string;
  focus: string;
  experience: string;
}

export interface SuccessStory {
  id: string;
  name: string;
  role: string;
  quote: string;
  outcome: string;
}

export const CREATORS: readonly Creator[] = [
  {
    id: 'priya',
    name: 'Priya S****',
    role: 'Lead resume writer',
    focus: 'Software and data roles',
    experience: '7 years in tech hiring',
  },
  {
    id: 'rahul',
    name: 'Rahul K****',
    role: 'Resume writer',
    focus: 'Freshers and internships',
    experience: '5 years in campus hiring',
  },
  {
    id: 'anita',
    name: 'Anita M****',
    role: 'Reviewer',
    focus: 'Business and analytics',
    experience: '6 years as a recruiter',
  },
  {
    id: 'vikram',
    name: 'Vikram R****',
    role: 'Resume writer',
    focus: 'Core engineering',
    experience: '8 years in manufacturing HR',
  },
  {
    id: 'sneha',
    name: 'Sneha P****',
    role: 'ATS specialist',
    focus: 'Keyword and format checks',
    experience: '4 years with ATS tools',
  },
  {
    id: 'arjun',
    name: 'Arjun D****',
    role: 'Reviewer',
    focus: 'Career switchers',
    experience: '6 years in talent acquisition',
  },
];

export const SUCCESS_STORIES: readonly SuccessStory[] = [
  {
    id: 'ananya',
    name: 'Ananya R****',
    role: 'Data Analyst',
    quote:
      'My old resume was two pages of everything. The rewrite cut it to what the job asked for.',
    outcome: 'Shortlisted for 4 roles in a month',
  },
  {
    id: 'karthik',
    name: 'Karthik V****',
    role: 'Backend Developer',
    quote:
      'The review pointed out that my projects had no results in them. Fixing that changed my replies.',
    outcome: 'First interview call in 10 days',
  },
  {
    id: 'meera',
    name: 'Meera J****',
    role: 'Graduate Trainee',
    quote: 'As a fresher I did not know what to write. The guided form asked the right questions.',
    outcome: 'Selected for a trainee programme',
  },
  {
    id: 'farhan',
    name: 'Farhan A****',
    role: 'Business Analyst',
    quote:
      'Switching from sales to analytics felt impossible on paper. The rewrite made the story clear.',
    outcome: '3 interviews after the career switch',
  },
  {
    id: 'divya',
    name: 'Divya N****',
    role: 'Mechanical Engineer',
    quote: 'Quick turnaround and clear suggestions. I knew exactly what to change.',
    outcome: 'Delivered in under 48h',
  },
  {
    id: 'rohan',
    name: 'Rohan G****',
    role: 'ML Engineer',
    quote: 'The ATS check caught a two-column layout that was scrambling my skills section.',
    outcome: 'ATS score up from 58% to 87%',
  },
];
