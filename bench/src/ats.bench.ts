import { cpus, loadavg } from 'node:os';
import { extractDocument, paddedPdf, resumeDocx, resumePdf } from '@shortlist/api/testing';
import { checkResume } from '@shortlist/domain';
import { CLEAN_RESUME } from '@shortlist/domain/testing';
import { corpusRows, linearityRows } from './ats-corpus';
import { fmt, now, percentile, printTable, type Row } from './bench-stats';

/*
 * npm run bench:ats -w bench — the ATS check's time (extraction with pdf.js or mammoth, then
 * lines, sections, fields, checks and a JD match) for a 2-page PDF, a DOCX and a PDF just under
 * the 10 MB upload cap, then on every real resume of the shared corpus (p50/p95 per file kind),
 * and on 200,000-character lines against 50,000 (linear work: a ratio near 4), in this process
 * (no HTTP). Printed, not asserted: it depends on the machine.
 */
const RUNS = 20;
const JOB_DESCRIPTION =
  'Senior Backend Engineer. TypeScript, Node.js, PostgreSQL, Kafka, Docker, Kubernetes, Terraform. Experience with payment systems and event sourcing.';

async function timeCheck(name: string, bytes: Buffer, kind: 'pdf' | 'docx'): Promise<Row> {
  // The first run loads pdf.js and warms the JIT; it is reported apart.
  const coldStart = now();
  await checkResume(await extractDocument(bytes, kind), { jobDescription: JOB_DESCRIPTION });
  const cold = now() - coldStart;
  const times: number[] = [];
  let score = 0;
  let pages = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = now();
    const report = checkResume(await extractDocument(bytes, kind), {
      jobDescription: JOB_DESCRIPTION,
    });
    times.push(now() - start);
    score = report.score;
    pages = report.pages;
  }
  times.sort((a, b) => a - b);
  return {
    name: `${name} (${pages} p, ${fmt(bytes.length / 1024)} KB, score ${score})`,
    value: `p50 ${fmt(percentile(times, 50), 1)} ms · p95 ${fmt(percentile(times, 95), 1)} ms · first run ${fmt(cold, 1)} ms`,
  };
}

// Twice the clean resume: two pages of text.
const twoPages = [...CLEAN_RESUME, ...CLEAN_RESUME.slice(3)];
const rows = [
  await timeCheck('2-page PDF', await resumePdf(twoPages), 'pdf'),
  await timeCheck('1-page DOCX', resumeDocx(CLEAN_RESUME), 'docx'),
  await timeCheck(
    'Long PDF (the 20 pages read at most)',
    await resumePdf(Array.from({ length: 36 }, () => CLEAN_RESUME).flat()),
    'pdf',
  ),
  await timeCheck('10 MB PDF', await paddedPdf(CLEAN_RESUME, 10 * 1024 * 1024 - 64 * 1024), 'pdf'),
];
printTable([...rows, ...(await corpusRows()), ...linearityRows()]);
// Figures taken while other work runs are not comparable with a quiet run.
console.log(
  `load average ${loadavg()
    .map((load) => fmt(load, 2))
    .join(' ')} on ${cpus().length} cores`,
);
