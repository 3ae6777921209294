import {
  CORPUS_DIR,
  calibrationOf,
  corpusAvailable,
  type FieldFigures,
  figuresOf,
  measureCorpus,
  resumeScore,
} from './measure-corpus';

/*
 * npx tsx api/src/features/ats/corpus/corpus-report.cli.ts [--files]
 * The ATS check on the shared corpus: the field table beside OpenResume, the claims the pages
 * contradict, and the score by layout. Reproducible: run it at any commit to get its figures.
 */
if (!corpusAvailable()) {
  console.error(`The corpus is missing: expected it at ${CORPUS_DIR}`);
  process.exit(1);
}
const measures = await measureCorpus();
const ours = figuresOf(measures.map((m) => ({ score: m.score, columns: m.expected.columns })));
const peer = figuresOf(
  measures.flatMap((m) =>
    m.peer === null ? [] : [{ score: m.peer, columns: m.expected.columns }],
  ),
);
const rows: [string, keyof FieldFigures][] = [
  ['name', 'name'],
  ['e-mail', 'email'],
  ['phone', 'phone'],
  ['location (files that show one)', 'location'],
  ['core sections found (Experience, Education, Skills)', 'core'],
  ['… on the 5 two-column files', 'coreTwoColumn'],
  ['work-entry count right', 'jobCount'],
  ['extracted jobs that carry their dates', 'datedJobs'],
];
const cell = (value: number | null) => (value === null ? '–' : `${value}%`);
console.log(`| field | Shortlist (${ours.files} files) | OpenResume (${peer.files} PDFs) |`);
console.log('|---|---|---|');
for (const [label, key] of rows) {
  console.log(`| ${label} | ${cell(ours[key])} | ${key === 'location' ? '–' : cell(peer[key])} |`);
}
const contradicting = measures.flatMap((m) => m.contradicting.map(() => m.expected));
const filesWith = new Set(contradicting.map((e) => e.file));
const oneColumn = contradicting.filter((e) => e.columns === 1).length;
console.log(
  `\nclaims the page contradicts: ${contradicting.length} (${oneColumn} on one-column files, ${contradicting.length - oneColumn} on two-column files), on ${filesWith.size} of ${measures.length} files`,
);
const misses = measures.reduce((sum, m) => sum + m.parserMisses.length, 0);
console.log(`"the parser could not find X" where the page shows X: ${misses}`);
const unread = measures.flatMap((m) => m.unread);
if (unread.length > 0) console.log(`messages not classified: ${unread.length}`, unread);
const calibration = calibrationOf(measures);
console.log(
  `score without the job description: one-column mean ${calibration.oneColumn}, two-column mean ${calibration.twoColumn}; ${calibration.pairs
    .map((pair) => `${pair.file.replace(/\.docx$/u, '')} PDF ${pair.pdf} / DOCX ${pair.docx}`)
    .join('; ')}`,
);
if (process.argv.includes('--files')) {
  for (const m of measures) {
    const s = m.score;
    const wrong = [
      s.name ? '' : `name=${m.report.fields.name}`,
      s.email ? '' : `email=${m.report.fields.email}`,
      s.phone ? '' : `phone=${m.report.fields.phone}`,
      s.location === false ? `location=${m.report.fields.location}` : '',
      s.coreFound < s.corePresent ? `core ${s.coreFound}/${s.corePresent}` : '',
      s.jobCount ? '' : `jobs ${m.report.fields.jobs.length}/${m.expected.jobs}`,
      s.datedJobsRead < s.jobsRead ? `dated ${s.datedJobsRead}/${s.jobsRead}` : '',
    ].filter((item) => item !== '');
    console.log(
      `${m.expected.file.padEnd(34)} score ${String(resumeScore(m.report)).padStart(3)} (with JD ${String(m.report.score).padStart(3)})  ${wrong.join('  ')}${
        m.contradicting.length > 0
          ? `  CONTRADICTS: ${m.contradicting.map((c) => JSON.stringify(c)).join(' ')}`
          : ''
      }`,
    );
  }
}
