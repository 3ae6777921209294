import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AtsReport, checkResume, scoreOf } from '@shortlist/domain';
import { extractDocument } from '../../../shared/ats-extraction/extract-document';
import { type Claim, claimsOf, contradictions, parserMisses, wrongValues } from './corpus-claims';
import { CORPUS_EXPECTATIONS, type CorpusExpectation } from './corpus-expectations';
import type { FileScore, Reading } from './corpus-reading';

/*
 * The ATS check measured on the shared corpus of real resumes against what their pages show
 * (corpus-expectations.ts), field by field, beside OpenResume's parse of the same PDFs. Used by
 * the corpus test (which asserts the levels reached) and printed by corpus-report.cli.ts.
 */

const REPOSITORY = new URL('../../../../../', import.meta.url);

/**
 * `<repository>/../shared/ats-corpus` (CI clones the repository with `shared/` beside it), or
 * the nearest `shared/ats-corpus` further up (a git worktree sits a level deeper), or
 * ATS_CORPUS_DIR when set.
 */
export const CORPUS_DIR = corpusDirectory();

function corpusDirectory(): string {
  const fromEnvironment = process.env.ATS_CORPUS_DIR;
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return fromEnvironment.endsWith('/') ? fromEnvironment : `${fromEnvironment}/`;
  }
  const candidates = ['../shared/ats-corpus/', '../../shared/ats-corpus/'].map((path) =>
    fileURLToPath(new URL(path, REPOSITORY)),
  );
  return candidates.find((path) => existsSync(path)) ?? (candidates[0] as string);
}

export function corpusAvailable(): boolean {
  return existsSync(`${CORPUS_DIR}files`) && existsSync(`${CORPUS_DIR}jd.txt`);
}

export function corpusJobDescription(): string {
  return readFileSync(`${CORPUS_DIR}jd.txt`, 'utf8');
}

export async function checkCorpusFile(file: string, jobDescription: string): Promise<AtsReport> {
  const bytes = readFileSync(`${CORPUS_DIR}files/${file}`);
  const document = await extractDocument(bytes, file.endsWith('.docx') ? 'docx' : 'pdf');
  return checkResume(document, { jobDescription });
}

/** What a parser read from one file, in the terms the measurement compares. */
export function readingOf(report: AtsReport): Reading {
  return {
    name: report.fields.name,
    email: report.fields.email,
    phone: report.fields.phone,
    location: report.fields.location,
    sectionKinds: report.sections.map((section) => section.kind),
    jobs: report.fields.jobs,
  };
}

interface PeerEntry {
  name: string | null;
  email: string | null;
  phone: string | null;
  sections: { kind: string }[];
  jobs: { dates: string }[];
}

/** OpenResume's parse of the PDFs (peer-openresume.json), null for a file it did not read. */
export function peerReading(file: string): Reading | null {
  const peers = JSON.parse(readFileSync(`${CORPUS_DIR}peer-openresume.json`, 'utf8')) as Record<
    string,
    PeerEntry
  >;
  const peer = peers[file];
  if (peer === undefined) return null;
  return {
    name: peer.name,
    email: peer.email,
    phone: peer.phone,
    location: null,
    sectionKinds: peer.sections.map((section) => section.kind),
    jobs: peer.jobs.map((job) => ({ dates: job.dates === '' ? null : job.dates })),
  };
}

const CORE = ['experience', 'education', 'skills'] as const;
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
const same = (a: string | null, b: string) =>
  (a ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === b.toLowerCase();

/** Right or wrong per field for one file. */
export function scoreReading(reading: Reading, expected: CorpusExpectation): FileScore {
  const present = CORE.filter((kind) => expected.sections[kind]);
  return {
    file: expected.file,
    name: same(reading.name, expected.name),
    email: same(reading.email, expected.email),
    phone:
      expected.phone === null ? reading.phone === null : digits(reading.phone) === expected.phone,
    location:
      expected.location === null
        ? null
        : expected.location.some((fragment) =>
            (reading.location ?? '').toLowerCase().includes(fragment.toLowerCase()),
          ),
    coreFound: present.filter((kind) => reading.sectionKinds.includes(kind)).length,
    corePresent: present.length,
    jobCount: reading.jobs.length === expected.jobs,
    jobsRead: expected.datedJobs === null || expected.datedJobs === 0 ? 0 : reading.jobs.length,
    datedJobsRead:
      expected.datedJobs === null || expected.datedJobs === 0
        ? 0
        : reading.jobs.filter((job) => job.dates !== null).length,
  };
}

export interface FileMeasure {
  expected: CorpusExpectation;
  report: AtsReport;
  score: FileScore;
  peer: FileScore | null;
  contradicting: Claim[];
  parserMisses: string[];
  unread: string[];
}

export async function measureCorpus(): Promise<FileMeasure[]> {
  const jobDescription = corpusJobDescription();
  const measures: FileMeasure[] = [];
  for (const expected of CORPUS_EXPECTATIONS) {
    const report = await checkCorpusFile(expected.file, jobDescription);
    const { claims, unread } = claimsOf(report);
    const peer = peerReading(expected.file);
    const reading = readingOf(report);
    const score = scoreReading(reading, expected);
    measures.push({
      expected,
      report,
      score,
      peer: peer === null ? null : scoreReading(peer, expected),
      contradicting: [...contradictions(claims, expected), ...wrongValues(reading, score)],
      parserMisses: parserMisses(claims, expected),
      unread,
    });
  }
  return measures;
}

/** The field table: share right per field, over the files a reader read. */
export interface FieldFigures {
  files: number;
  name: number;
  email: number;
  phone: number;
  location: number | null;
  core: number;
  coreTwoColumn: number;
  jobCount: number;
  datedJobs: number;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

export function figuresOf(scores: readonly { score: FileScore; columns: 1 | 2 }[]): FieldFigures {
  const count = (pick: (score: FileScore) => boolean) =>
    scores.filter(({ score }) => pick(score)).length;
  const located = scores.filter(({ score }) => score.location !== null);
  const two = scores.filter(({ columns }) => columns === 2);
  const sum = (list: typeof scores, pick: (score: FileScore) => number) =>
    list.reduce((total, { score }) => total + pick(score), 0);
  return {
    files: scores.length,
    name: share(
      count((s) => s.name),
      scores.length,
    ),
    email: share(
      count((s) => s.email),
      scores.length,
    ),
    phone: share(
      count((s) => s.phone),
      scores.length,
    ),
    location: share(located.filter(({ score }) => score.location === true).length, located.length),
    core: share(
      sum(scores, (s) => s.coreFound),
      sum(scores, (s) => s.corePresent),
    ),
    coreTwoColumn: share(
      sum(two, (s) => s.coreFound),
      sum(two, (s) => s.corePresent),
    ),
    jobCount: share(
      count((s) => s.jobCount),
      scores.length,
    ),
    datedJobs: share(
      sum(scores, (s) => s.datedJobsRead),
      sum(scores, (s) => s.jobsRead),
    ),
  };
}

/** The resume's own score, without the job description match (which depends on the advert). */
export function resumeScore(report: AtsReport): number {
  return scoreOf(report.checks.filter((item) => item.id !== 'keywords'));
}

/** The score's calibration: means by layout, and the same content as PDF and as DOCX. */
export function calibrationOf(measures: readonly FileMeasure[]) {
  const mean = (list: readonly FileMeasure[]) =>
    list.length === 0
      ? 0
      : Math.round(list.reduce((sum, m) => sum + resumeScore(m.report), 0) / list.length);
  const pairs = measures
    .filter((m) => m.expected.file.endsWith('.docx'))
    .map((docx) => {
      const pdf = measures.find(
        (m) => m.expected.file === docx.expected.file.replace(/\.docx$/u, '.pdf'),
      );
      return {
        file: docx.expected.file,
        docx: resumeScore(docx.report),
        pdf: pdf === undefined ? null : resumeScore(pdf.report),
      };
    });
  return {
    oneColumn: mean(measures.filter((m) => m.expected.columns === 1)),
    twoColumn: mean(measures.filter((m) => m.expected.columns === 2)),
    pairs,
  };
}
