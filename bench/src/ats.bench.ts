import { cpus, loadavg } from 'node:os';
import {
  atsCheckOf,
  createDocumentPool,
  createLogger,
  DOCUMENT_POOL_PROBE,
  extractDocument,
  paddedPdf,
  resumeDocx,
  resumePdf,
} from '@shortlist/api/testing';
import { checkResume } from '@shortlist/domain';
import { CLEAN_RESUME } from '@shortlist/domain/testing';
import { corpusRows, linearityRows } from './ats-corpus';
import { fmt, now, percentile, printTable, type Row } from './bench-stats';

/*
 * npm run bench:ats -w bench — the ATS check's time (extraction with pdf.js or mammoth, then
 * lines, sections, fields, checks and a JD match) for a 2-page PDF, a DOCX and a PDF just under
 * the 10 MB upload cap, measured twice in the same run: in this process (the baseline: the
 * work alone) and as the product runs it, a job of the document pool (worker threads with the
 * product's default limits: the file copied and handed to a worker, the report cloned back).
 * The difference is the pool's cost per job; an empty job shows its floor. Then, in this
 * process, every real resume of the shared corpus (p50/p95 per file kind), and 200,000-character
 * lines against 50,000 (linear work: a ratio near 4). Printed, not asserted: it depends on the
 * machine.
 */
const RUNS = 20;
const JOB_DESCRIPTION =
  'Senior Backend Engineer. TypeScript, Node.js, PostgreSQL, Kafka, Docker, Kubernetes, Terraform. Experience with payment systems and event sourcing.';

const pool = createDocumentPool(
  { workers: 2, queue: 16, jobTimeoutMs: 15_000, heapMb: 256 },
  createLogger('warn'),
);

/** Each run timed after one untimed run (which loads pdf.js and warms the JIT), sorted. */
async function timed(work: () => Promise<unknown>): Promise<{ times: number[]; cold: number }> {
  const coldStart = now();
  await work();
  const cold = now() - coldStart;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = now();
    await work();
    times.push(now() - start);
  }
  return { times: times.sort((a, b) => a - b), cold };
}

const ms = (value: number) => `${fmt(value, 1)} ms`;

async function timeCheck(name: string, bytes: Buffer, kind: 'pdf' | 'docx'): Promise<Row> {
  let score = 0;
  let pages = 0;
  const inProcess = await timed(async () => {
    const report = checkResume(await extractDocument(bytes, kind), {
      jobDescription: JOB_DESCRIPTION,
    });
    score = report.score;
    pages = report.pages;
  });
  const inPool = await timed(() => atsCheckOf(pool, { bytes, kind }, JOB_DESCRIPTION));
  const base = percentile(inProcess.times, 50);
  const ours = percentile(inPool.times, 50);
  return {
    name: `${name} (${pages} p, ${fmt(bytes.length / 1024)} KB, score ${score})`,
    value: `pool p50 ${ms(ours)} · p95 ${ms(percentile(inPool.times, 95))} · +${ms(ours - base)}/job`,
    baseline: `in process p50 ${ms(base)} · p95 ${ms(percentile(inProcess.times, 95))}`,
    ratio: fmt(ours / base, 2),
  };
}

// Twice the clean resume: two pages of text.
const twoPages = [...CLEAN_RESUME, ...CLEAN_RESUME.slice(3)];
// The pool's floor: a job that does nothing, after the workers started (first job).
await pool.run(DOCUMENT_POOL_PROBE.echo, 'warm');
const empty = await timed(() => pool.run(DOCUMENT_POOL_PROBE.echo, 'x'));
const rows: Row[] = [
  {
    name: 'Empty job (the pool round trip alone)',
    value: `p50 ${ms(percentile(empty.times, 50))} · p95 ${ms(percentile(empty.times, 95))}`,
  },
  await timeCheck('2-page PDF', await resumePdf(twoPages), 'pdf'),
  await timeCheck('1-page DOCX', resumeDocx(CLEAN_RESUME), 'docx'),
  await timeCheck(
    'Long PDF (the 20 pages read at most)',
    await resumePdf(Array.from({ length: 36 }, () => CLEAN_RESUME).flat()),
    'pdf',
  ),
  await timeCheck('10 MB PDF', await paddedPdf(CLEAN_RESUME, 10 * 1024 * 1024 - 64 * 1024), 'pdf'),
];
await pool.close();
printTable([...rows, ...(await corpusRows()), ...linearityRows()]);
// Figures taken while other work runs are not comparable with a quiet run.
console.log(
  `load average ${loadavg()
    .map((load) => fmt(load, 2))
    .join(' ')} on ${cpus().length} cores`,
);
