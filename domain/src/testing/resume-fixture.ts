import type { ResumePayloadInput } from '../resume/resume-payload.schema';

/** A complete, valid resume submission (SPEC §3) for tests in any package. */
export function validResumePayload(): ResumePayloadInput {
  return {
    degreeLevel: 'Bachelors',
    majorPrimary: 'Data Science',
    majorOther: '',
    targetRoles: ['Data Analyst'],
    personal: {
      pid: 'user-1',
      fullName: 'Asha Verma',
      email: ' Asha@Example.com ',
      phone: '9876543210',
      address: 'Pune, India',
      linkedin: 'https://linkedin.com/in/asha',
      github: 'N/A',
    },
    summary: 'Analyst who turns data into decisions.',
    work: [
      {
        jobTitle: 'Intern',
        company: 'Acme',
        location: 'Pune',
        start: '2024-01',
        end: 'N/A',
        responsibilities: 'Dashboards',
      },
    ],
    edu: [
      {
        degree: 'BSc',
        institution: 'Pune University',
        location: 'Pune',
        start: '2020-07',
        end: '2023-05',
        major: 'Statistics',
      },
    ],
    skills: { techSkills: 'SQL, Python', softSkills: 'Communication' },
    projects: [{ name: 'Churn', desc: 'Model', tech: 'Python', role: 'Lead', link: 'N/A' }],
    certs: [{ name: 'N/A', org: 'N/A', date: 'N/A' }],
    langs: [{ name: 'English', level: 'Advanced' }],
    currency: 'inr',
  };
}
