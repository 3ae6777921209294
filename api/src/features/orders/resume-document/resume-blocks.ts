import type { ResumePayload } from '@shortlist/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const given = (value: string | undefined) =>
  value !== undefined && value.trim() !== '' && value.trim().toUpperCase() !== 'N/A';

/** "2024-01" → "Jan 2024": the one date form the ATS check asks for. */
export function monthYear(value: string): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match === null) return null;
  return `${MONTHS[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/**
 * "Jan 2020 – Present": an end written "Present" prints as is, and so does an N/A end (older
 * forms could only say N/A for an ongoing job); an N/A start leaves the dates out.
 */
export function dateRange(start: string, end: string): string | null {
  const from = monthYear(start);
  if (from === null) return null;
  return `${from} – ${monthYear(end) ?? 'Present'}`;
}

/** The builder's multi-line text as bullet points: one per line, else one per sentence. */
export function bulletsOf(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[•\-–*·]\s*/u, '').trim())
    .filter((line) => line !== '');
  if (lines.length > 1) return lines;
  return (lines[0] ?? '')
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * One block of the resume, top to bottom. The PDF and the DOCX draw the same blocks, so both
 * files read the same to a parser: one column, standard headings, one date form.
 */
export type ResumeBlock =
  | { kind: 'name'; text: string }
  | { kind: 'role'; text: string }
  | { kind: 'heading'; text: string }
  /** `right`: the entry's dates, right-aligned on the same line. */
  | { kind: 'line'; text: string; bold?: boolean; right?: string | null }
  | { kind: 'bullet'; text: string }
  /** A little space between two entries of a section. */
  | { kind: 'gap' };

/**
 * The builder's form (SPEC §3) as an ATS-friendly one-column resume: name, contact line, then
 * Summary, Experience, Education, Skills, Projects, Certifications and Languages under standard
 * headings, most recent job first as entered, dates as "Jan 2020 – Present", bullets for duties.
 */
export function resumeBlocks(resume: ResumePayload): ResumeBlock[] {
  const blocks: ResumeBlock[] = [];
  const line = (text: string, options: { bold?: boolean; right?: string | null } = {}) =>
    blocks.push({ kind: 'line', text, ...options });
  const heading = (text: string) => blocks.push({ kind: 'heading', text });
  const bullet = (text: string) => blocks.push({ kind: 'bullet', text });
  const gap = (index: number) => {
    if (index > 0) blocks.push({ kind: 'gap' });
  };
  const { personal } = resume;

  blocks.push({ kind: 'name', text: personal.fullName });
  const role = resume.targetRoles[0];
  if (given(role)) blocks.push({ kind: 'role', text: role ?? '' });
  line([personal.email, personal.phone, personal.address].filter(given).join(' | '));
  const links = [personal.linkedin, personal.github].filter(given);
  if (links.length > 0) line(links.join(' | '));

  if (given(resume.summary)) {
    heading('Summary');
    line(resume.summary);
  }

  heading('Experience');
  resume.work.forEach((job, index) => {
    gap(index);
    line([job.jobTitle, job.company].filter(given).join(' | '), {
      bold: true,
      right: dateRange(job.start, job.end),
    });
    if (given(job.location)) line(job.location);
    for (const duty of bulletsOf(job.responsibilities)) bullet(duty);
  });

  heading('Education');
  resume.edu.forEach((entry, index) => {
    gap(index);
    const major = given(entry.major) ? ` in ${entry.major}` : '';
    line([`${entry.degree}${major}`, entry.institution].filter(given).join(' | '), {
      bold: true,
      right: dateRange(entry.start, entry.end),
    });
    if (given(entry.location)) line(entry.location);
  });

  heading('Skills');
  if (given(resume.skills.techSkills)) line(`Technical: ${oneLine(resume.skills.techSkills)}`);
  if (given(resume.skills.softSkills)) line(`Soft skills: ${oneLine(resume.skills.softSkills)}`);

  const projects = resume.projects.filter((project) => given(project.name));
  if (projects.length > 0) {
    heading('Projects');
    projects.forEach((project, index) => {
      gap(index);
      line([project.name, project.role].filter(given).join(' | '), { bold: true });
      if (given(project.tech)) line(`Technologies: ${project.tech}`);
      for (const point of bulletsOf(project.desc)) bullet(point);
      if (given(project.link)) line(project.link);
    });
  }

  const certs = resume.certs.filter((cert) => given(cert.name));
  if (certs.length > 0) {
    heading('Certifications');
    for (const cert of certs) {
      line([cert.name, cert.org].filter(given).join(' | '), { right: monthYear(cert.date) });
    }
  }

  const langs = resume.langs.filter((lang) => given(lang.name));
  if (langs.length > 0) {
    heading('Languages');
    line(langs.map((lang) => `${lang.name} (${lang.level})`).join(', '));
  }
  return blocks;
}

function oneLine(text: string): string {
  return text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}
