import type { ResumeView } from '@shortlist/domain/contract';
import styles from './orders.module.css';

type Entry<List extends keyof ResumeView> = ResumeView[List] extends readonly (infer Item)[]
  ? Item
  : never;
type Labels<Shape> = { readonly [Key in keyof Shape]: string };

// Keyed by the contract's resume view, itself the domain schema's keys: a field added to the
// builder's form and not labelled here fails the typecheck.
const PERSONAL: Labels<ResumeView['personal']> = {
  pid: 'Profile ID',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  linkedin: 'LinkedIn',
  github: 'GitHub',
};
const WORK: Labels<Entry<'work'>> = {
  jobTitle: 'Job title',
  company: 'Company',
  location: 'Location',
  start: 'Start',
  end: 'End',
  responsibilities: 'Responsibilities',
};
const EDUCATION: Labels<Entry<'edu'>> = {
  degree: 'Degree',
  institution: 'Institution',
  location: 'Location',
  start: 'Start',
  end: 'End',
  major: 'Major',
};
const PROJECT: Labels<Entry<'projects'>> = {
  name: 'Name',
  desc: 'Description',
  tech: 'Technologies',
  role: 'Role',
  link: 'Link',
};
const CERTIFICATION: Labels<Entry<'certs'>> = {
  name: 'Certification',
  org: 'Issuing organisation',
  date: 'Date',
};
const LANGUAGE: Labels<Entry<'langs'>> = { name: 'Language', level: 'Proficiency' };
const SKILLS: Labels<ResumeView['skills']> = {
  techSkills: 'Technical skills',
  softSkills: 'Soft skills',
};

/** The builder's nine steps (SPEC §2 Resume Builder), in its order, read-only. */
export function OrderResume({ resume }: { resume: ResumeView }) {
  const major =
    resume.majorPrimary === 'Other' && resume.majorOther ? resume.majorOther : resume.majorPrimary;
  return (
    <ol className={styles.resume}>
      <Step title="Target role">
        <Facts
          rows={[
            ['Degree level', resume.degreeLevel],
            ['Major', major],
            ['Target role', resume.targetRoles.join(', ')],
          ]}
        />
      </Step>
      <Step title="Personal information">
        <FactsOf labels={PERSONAL} value={resume.personal} />
      </Step>
      <Step title="Professional summary">
        <p className={styles.prose}>{resume.summary}</p>
      </Step>
      <Step title="Work experience">
        <EntryList labels={WORK} entries={resume.work} />
      </Step>
      <Step title="Education">
        <EntryList labels={EDUCATION} entries={resume.edu} />
      </Step>
      <Step title="Skills">
        <FactsOf labels={SKILLS} value={resume.skills} />
      </Step>
      <Step title="Projects">
        <EntryList labels={PROJECT} entries={resume.projects} />
      </Step>
      <Step title="Certifications">
        <EntryList labels={CERTIFICATION} entries={resume.certs} />
      </Step>
      <Step title="Languages">
        <EntryList labels={LANGUAGE} entries={resume.langs} />
      </Step>
    </ol>
  );
}

function Step({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <li className={styles.resumeStep}>
      <h4 className={styles.resumeStepTitle}>{title}</h4>
      {children}
    </li>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd className={styles.prose}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FactsOf<Shape extends Record<string, string>>({
  labels,
  value,
}: {
  labels: Labels<Shape>;
  value: Shape;
}) {
  const keys = Object.keys(labels) as (keyof Shape & string)[];
  return <Facts rows={keys.map((key) => [labels[key], value[key] ?? ''] as const)} />;
}

function EntryList<Shape extends Record<string, string>>({
  labels,
  entries,
}: {
  labels: Labels<Shape>;
  entries: readonly Shape[];
}) {
  return (
    <ol className={styles.entries}>
      {entries.map((entry, index) => (
        // Entries have no id of their own; the form's order is their identity.
        <li key={index} className={styles.entry}>
          <FactsOf labels={labels} value={entry} />
        </li>
      ))}
    </ol>
  );
}
