/**
 * What each page of the shared corpus (`../shared/ats-corpus/files`) visibly shows, written by
 * looking at the rendered pages (pdftoppm), not by running any parser. The corpus test and the
 * measurement compare the ATS check against these.
 *
 * Conventions:
 * - `location`: fragments of which one must appear in the location read (case-insensitive), or
 *   null when the contact block shows no place at all (then "no location" is a true statement).
 * - `phone`: the digits of the number shown near the contact details, or null when there is none
 *   (a placeholder such as "1800 my-phone-nr" is not a number).
 * - `sections`: which of the core sections the page has, under whatever wording.
 * - `jobs`: entries under the experience heading(s); `datedJobs` how many of them show dates, or
 *   null when the page's dates are placeholders ("Month 20XX").
 * - `bullets`: the experience shows bullet marks (typed, drawn or Word list items), null when the
 *   page has no experience section.
 * - `columns`: 2 when the body is set in two columns side by side.
 * - `runningText`: a line other than a page number repeats at the top or bottom of each page.
 */
export interface CorpusExpectation {
  file: string;
  name: string;
  email: string;
  phone: string | null;
  location: readonly string[] | null;
  linkedin: boolean;
  sections: { experience: boolean; education: boolean; skills: boolean };
  jobs: number;
  datedJobs: number | null;
  bullets: boolean | null;
  columns: 1 | 2;
  /** Text other than a page number repeats at the top or bottom of every page. */
  runningText: boolean;
}

const ALL = { experience: true, education: true, skills: true } as const;

const RENDERCV = {
  name: 'John Doe',
  email: 'john.doe@email.com',
  phone: null,
  location: ['San Francisco, CA'],
  linkedin: false,
  sections: ALL,
  jobs: 5,
  datedJobs: 5,
  bullets: true,
  columns: 1,
  // "John Doe – 1/2" at the foot of each page.
  runningText: true,
} as const;

const RESUME_MATCHER_TEMPLATE = {
  name: 'JOHN DOE',
  email: 'john.doe@email.com',
  phone: '14155550142',
  location: ['San Francisco, CA'],
  linkedin: true,
  sections: ALL,
  jobs: 3,
  datedJobs: 3,
  bullets: true,
  runningText: false,
} as const;

const GOTHAM = {
  phone: '1234567890',
  location: ['Gotham'],
  linkedin: false,
  sections: ALL,
  bullets: false,
  columns: 1,
  runningText: false,
} as const;

export const CORPUS_EXPECTATIONS: readonly CorpusExpectation[] = [
  {
    file: 'acv_cv.pdf',
    name: 'Claud D. Park',
    email: 'posquit0.bj@gmail.com',
    phone: '821090301843',
    location: ['Mapo-gu, Seoul, Republic of Korea'],
    linkedin: false,
    sections: ALL,
    jobs: 12,
    datedJobs: 12,
    bullets: true,
    columns: 1,
    // "February 10, 2026 · <name> · Résumé · 1" at the foot of each page.
    runningText: true,
  },
  {
    file: 'acv_resume.pdf',
    name: 'Byungjin Park',
    email: 'posquit0.bj@gmail.com',
    phone: '821090301843',
    location: ['Mapo-gu, Seoul, Republic of Korea'],
    linkedin: false,
    sections: { experience: true, education: true, skills: false },
    jobs: 8,
    datedJobs: 8,
    bullets: true,
    columns: 1,
    // "February 10, 2026 · <name> · Résumé · 1" at the foot of each page.
    runningText: true,
  },
  {
    file: 'altacv_sample.pdf',
    name: 'YOUR NAME HERE',
    email: 'your_name@email.com',
    phone: '000000000',
    location: ['Location, COUNTRY', 'Street'],
    linkedin: false,
    // "Strengths" holds the skills.
    sections: ALL,
    jobs: 2,
    datedJobs: null,
    bullets: true,
    columns: 2,
    runningText: false,
  },
  {
    file: 'deedy_resume-openfont.pdf',
    name: 'Debarghya Das',
    email: 'deedy@fb.com',
    phone: '6073795733',
    location: null,
    linkedin: false,
    sections: ALL,
    jobs: 4,
    datedJobs: 4,
    bullets: true,
    columns: 2,
    runningText: false,
  },
  {
    file: 'jsonresume_sample.docx',
    name: 'Richard Hendriks',
    email: 'richard.hendriks@mail.com',
    phone: '9125554321',
    location: ['San Francisco, California'],
    linkedin: false,
    sections: ALL,
    jobs: 1,
    datedJobs: 1,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  {
    file: 'jsonresume_sample.pdf',
    name: 'Richard Hendriks',
    email: 'richard.hendriks@mail.com',
    phone: '9125554321',
    location: ['San Francisco, California'],
    linkedin: false,
    sections: ALL,
    jobs: 1,
    datedJobs: 1,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  {
    file: 'or_laverne-resume.pdf',
    name: 'Leo Leopard',
    email: 'lleopard@laverne.edu',
    phone: '9095555555',
    location: ['555 La Verne Way', 'La Verne, CA'],
    linkedin: false,
    // "On Campus Involvement" and "Volunteer Experience", no work experience.
    sections: { experience: false, education: true, skills: true },
    jobs: 0,
    datedJobs: 0,
    bullets: null,
    columns: 1,
    runningText: false,
  },
  {
    file: 'or_openresume-resume.pdf',
    name: 'John Doe',
    email: 'hello@openresume.com',
    phone: '1234567890',
    location: ['NYC, NY'],
    linkedin: true,
    sections: ALL,
    jobs: 3,
    datedJobs: 3,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  {
    file: 'pandoc_johnny_coder.docx',
    name: 'Johnny Coder',
    email: 'email@example.com',
    phone: '000000000000',
    location: ['Mytown'],
    linkedin: false,
    sections: { experience: true, education: true, skills: false },
    jobs: 2,
    datedJobs: 0,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  {
    file: 'pandoc_johnny_coder.pdf',
    name: 'Johnny Coder',
    email: 'email@example.com',
    phone: null,
    location: ['MyAddress', 'MyTown', 'MyCountry'],
    linkedin: false,
    sections: { experience: true, education: true, skills: false },
    jobs: 2,
    datedJobs: 0,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  { file: 'rendercv_classic.pdf', ...RENDERCV },
  { file: 'rendercv_ember.pdf', ...RENDERCV },
  { file: 'rendercv_engineeringresumes.pdf', ...RENDERCV, linkedin: true },
  { file: 'rendercv_moderncv.pdf', ...RENDERCV },
  {
    file: 'rm_alfred_pennyworth_pm.pdf',
    name: 'Alfred Pennyworth',
    email: 'alfred.pennyworth@email.com',
    phone: '1234567890',
    location: ['Silicon Valley, CA, USA'],
    linkedin: false,
    sections: ALL,
    jobs: 5,
    datedJobs: 5,
    // Each job is a paragraph.
    bullets: false,
    columns: 1,
    runningText: false,
  },
  {
    file: 'rm_barry_allen_fe.pdf',
    name: 'Barry Allen',
    email: 'allthe.stars@google.com',
    phone: '1234567890',
    location: ['Mountain View, CA, USA'],
    linkedin: false,
    sections: ALL,
    jobs: 1,
    datedJobs: 1,
    bullets: false,
    columns: 1,
    runningText: false,
  },
  {
    file: 'rm_bruce_wayne_fullstack.pdf',
    name: 'Bruce Wayne',
    email: 'bwayne@email.com',
    jobs: 3,
    datedJobs: 3,
    ...GOTHAM,
  },
  {
    file: 'rm_harvey_dent_mle.pdf',
    name: 'Harvey Dent',
    email: 'hdent@email.com',
    jobs: 3,
    datedJobs: 3,
    ...GOTHAM,
    phone: '1234567891',
  },
  {
    file: 'rm_john_doe.pdf',
    name: 'JOHN DOE',
    email: 'john.doe@email.com',
    phone: '1234567890',
    location: ['123 Main St', 'Anywhere, USA'],
    linkedin: true,
    sections: ALL,
    jobs: 2,
    datedJobs: 2,
    bullets: true,
    columns: 1,
    runningText: false,
  },
  { file: 'rm_old_single_column.pdf', ...RESUME_MATCHER_TEMPLATE, columns: 1 },
  { file: 'rm_old_two_column.pdf', ...RESUME_MATCHER_TEMPLATE, columns: 2 },
  { file: 'rm_tpl_modern-single-column.pdf', ...RESUME_MATCHER_TEMPLATE, columns: 1 },
  {
    file: 'rm_tpl_modern-two-column.pdf',
    ...RESUME_MATCHER_TEMPLATE,
    name: 'John Doe',
    columns: 2,
    runningText: false,
  },
  { file: 'rm_tpl_single-column.pdf', ...RESUME_MATCHER_TEMPLATE, columns: 1 },
  { file: 'rm_tpl_two-column.pdf', ...RESUME_MATCHER_TEMPLATE, columns: 2 },
  {
    file: 'sb2nov_sourabh_bajaj_resume.pdf',
    name: 'Sourabh Bajaj',
    email: 'sourabh@sourabhbajaj.com',
    phone: '11234567890',
    location: null,
    linkedin: false,
    sections: { experience: true, education: true, skills: false },
    jobs: 4,
    datedJobs: 4,
    bullets: true,
    columns: 1,
    runningText: false,
  },
];
