import { DRAFT_STORAGE_KEY, emptyDraft, type ResumeDraft } from '../resume-draft';

// Shared by the builder's specs: one valid form, stored in this tab as the builder keeps it.

function entry(values: Record<string, string>) {
  return { key: 'k', values };
}

/** Every step filled in validly, stored as the builder keeps it, on `step`. */
export function storeCompleteDraft(step: number, changes: Partial<ResumeDraft> = {}) {
  const draft: ResumeDraft = {
    ...emptyDraft(),
    degreeLevel: 'Bachelors',
    majorPrimary: 'Data Science',
    targetRole: 'Data Analyst',
    personal: {
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9876543210',
      address: 'Pune',
      linkedin: 'N/A',
      github: 'N/A',
    },
    summary: 'Analyst who turns data into decisions.',
    skills: { techSkills: 'SQL', softSkills: 'Writing' },
    lists: {
      work: [
        entry({
          jobTitle: 'Intern',
          company: 'Acme',
          location: 'Pune',
          start: '2024-01',
          end: 'N/A',
          responsibilities: 'Dashboards',
        }),
      ],
      edu: [
        entry({
          degree: 'BSc',
          institution: 'Pune University',
          location: 'Pune',
          start: '2020-07',
          end: '2023-05',
          major: 'Statistics',
        }),
      ],
      projects: [
        entry({ name: 'Churn', desc: 'Model', tech: 'Python', role: 'Lead', link: 'N/A' }),
      ],
      certs: [entry({ name: 'N/A', org: 'N/A', date: 'N/A' })],
      langs: [entry({ name: 'English', level: 'Advanced' })],
    },
    ...changes,
  };
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ step, draft }));
}
