/** The fixed choices of the resume builder (SPEC §3). One list for the form and the server. */

export const DEGREE_LEVELS = ['Bachelors', 'Masters', 'Diploma', 'PhD', 'N/A'] as const;
export type DegreeLevel = (typeof DEGREE_LEVELS)[number];

export const MAJORS = [
  'Computer Science / Software Engineering',
  'Information Technology',
  'Data Science',
  'Artificial Intelligence / Machine Learning',
  'Computer Applications',
  'Electrical Engineering',
  'Mechanical Engineering',
  'Civil Engineering',
  'Business Administration',
  'Business Analytics',
  'Other',
  'N/A',
] as const;
export type Major = (typeof MAJORS)[number];

export const LANGUAGE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Native', 'N/A'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

/** Always offered, whatever the major (SPEC §3). */
export const ALWAYS_OFFERED_ROLES = ['Other', 'N/A'] as const;

/**
 * SPEC §3 says suggested roles depend on the major but does not list them; these are the
 * entry-level roles a recruiter would search for with each major.
 */
const ROLES_BY_MAJOR: Partial<Record<Major, readonly string[]>> = {
  'Computer Science / Software Engineering': [
    'Software Engineer',
    'Backend Developer',
    'Frontend Developer',
    'Full Stack Developer',
    'DevOps Engineer',
    'QA Engineer',
  ],
  'Information Technology': [
    'IT Support Engineer',
    'System Administrator',
    'Network Engineer',
    'Cloud Engineer',
    'Software Engineer',
  ],
  'Data Science': ['Data Scientist', 'Data Analyst', 'Data Engineer', 'ML Engineer'],
  'Artificial Intelligence / Machine Learning': [
    'ML Engineer',
    'AI Engineer',
    'Data Scientist',
    'Research Engineer',
  ],
  'Computer Applications': [
    'Software Developer',
    'Web Developer',
    'Application Support Engineer',
    'QA Engineer',
  ],
  'Electrical Engineering': [
    'Electrical Engineer',
    'Embedded Systems Engineer',
    'Power Systems Engineer',
    'Control Systems Engineer',
  ],
  'Mechanical Engineering': [
    'Mechanical Engineer',
    'Design Engineer',
    'Production Engineer',
    'Quality Engineer',
  ],
  'Civil Engineering': [
    'Civil Engineer',
    'Site Engineer',
    'Structural Engineer',
    'Project Engineer',
  ],
  'Business Administration': [
    'Business Analyst',
    'Operations Executive',
    'Marketing Executive',
    'HR Executive',
    'Sales Executive',
  ],
  'Business Analytics': ['Business Analyst', 'Data Analyst', 'Product Analyst', 'BI Analyst'],
};

/** Without a mapped major, the degree level decides (SPEC §3). */
const ROLES_BY_DEGREE: Partial<Record<DegreeLevel, readonly string[]>> = {
  Diploma: ['Trainee/Intern', 'Junior Technician', 'Support Engineer (Junior)'],
  PhD: ['Research Assistant', 'Research Engineer', 'Data Scientist', 'ML Engineer'],
};

export function suggestedRoles(degreeLevel: string, major: string): string[] {
  const byMajor = ROLES_BY_MAJOR[major as Major];
  const base = byMajor ?? ROLES_BY_DEGREE[degreeLevel as DegreeLevel] ?? [];
  return [...base, ...ALWAYS_OFFERED_ROLES];
}
