import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { RESUME_LIST_MAX } from '@shortlist/domain';
import { validResumePayload } from '@shortlist/domain/testing';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, localAddresses, send } from '../battery/battery-http';
import { freePort } from '../testing/free-port';
import { multipartForm } from '../testing/orders-test-kit';
import {
  type CorpusSize,
  deepNestingDocx,
  deepNestingPdf,
  entityExpansionDocx,
  formBombPdf,
  hugeLineDoc,
  hugeLineDocx,
  hugeLinePdf,
  hugePartDocx,
  inflatingPdf,
  longLineDoc,
  longLineDocx,
  manyItemsOneLinePdf,
  manyPagesPdf,
  manyParagraphsDocx,
  manyPartsDocx,
  manyRunsDocx,
  nestedZipDocx,
} from './testing/hostile-documents';

/**
 * The hostile-document half of the battery (untrusted documents never stop the service):
 * files built to freeze or crash a parser, sent to the routes that parse or render what a
 * visitor sends, against the real server in a child process (as `npm start` runs it). For each
 * file: the answer and its time, the worst /api/health latency while it ran (health is polled
 * throughout), the server process's peak RSS (worker threads included: they live in it) and
 * how many document workers were replaced. Nothing may answer 5xx, health must stay under
 * 500 ms, and the server must outlive the corpus.
 *
 * `npm test` sends each shape at a smaller size; BATTERY=1 (`npm run test:battery`) at the size
 * that stopped the service before: 2 million paragraphs, a gigabyte inflated.
 */
const SIZE: CorpusSize = process.env.BATTERY === '1' ? 'full' : 'small';
const HEALTH_LIMIT_MS = 500;
const HEALTH_EVERY_MS = 25;
/** An answer later than this counts as none (status 0): a frozen server must not hang the run. */
const ANSWER_WITHIN_MS = 120_000;
const REPLACED = 'A document job passed its limits; its worker was replaced';
const CHILD = fileURLToPath(new URL('./testing/api-server.child.ts', import.meta.url));
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

let database: TestDatabase;
let dataDir: string;
let child: ChildProcess;
let url: string;
let token: string;
let exitedWith: string | null = null;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('api_hostile_docs');
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-hostile-docs-'));
  url = await startChild();
  const registered = await send(url, {
    method: 'POST',
    path: '/api/register',
    body: {
      name: 'Kavya Iyer',
      email: `hostile-${randomUUID()}@battery.test`,
      password: 'battery-pass-1',
      cpassword: 'battery-pass-1',
    },
  });
  expect(registered.status).toBe(201);
  token = field(registered.body, 'token');
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startChild(): Promise<string> {
  const port = await freePort();
  const running = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Warnings carry the workers replaced; nothing of a file's content is ever logged.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = running;
  running.once('exit', (code, signal) => {
    exitedWith = String(code ?? signal);
  });
  const stdout = running.stdout;
  if (stdout === null) throw new Error('no stdout');
  return new Promise((resolve, reject) => {
    running.once('exit', (code, signal) =>
      reject(new Error(`the server exited before it was ready (${code ?? signal})`)),
    );
    createInterface({ input: stdout }).on('line', (line) => {
      const [word, value] = line.split(' ');
      if (word === 'ready' && value) resolve(value);
      else logLines.push(line);
    });
  });
}

// --- measuring the server from outside ------------------------------------------------------

function get(path: string): Promise<number> {
  const target = new URL(path, url);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    outgoing.setTimeout(ANSWER_WITHIN_MS, () => outgoing.destroy());
    outgoing.on('error', () => resolve(0));
    outgoing.end();
  });
}

const proc = (file: string) => `/proc/${child.pid}/${file}`;

/** kB of the server's resident set: now, or its peak since the last reset. */
function rssKb(which: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(proc('status'), 'utf8');
    return Number(new RegExp(`${which}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    // The server is gone: the assertion on its exit says so.
    return 0;
  }
}

/**
 * Health polled back to back and the RSS sampled while `work` runs: the worst latency seen
 * (including a poll still waiting when the work ended) and the peak RSS (the kernel's high-water
 * mark, reset first where the kernel lets us, and the samples).
 */
async function whileMeasured<T>(work: () => Promise<T>) {
  let reset = true;
  try {
    writeFileSync(proc('clear_refs'), '5');
  } catch {
    reset = false;
  }
  let peakKb = rssKb('VmRSS');
  let worstMs = 0;
  let healthFailures = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      const sampler = setInterval(() => {
        peakKb = Math.max(peakKb, rssKb('VmRSS'));
      }, HEALTH_EVERY_MS);
      const status = await get('/api/health');
      clearInterval(sampler);
      worstMs = Math.max(worstMs, performance.now() - started);
      if (status !== 200) healthFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const replacedBefore = replacements();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await poll;
  // The log line of a replaced worker is written before the answer; give the pipe a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (reset) peakKb = Math.max(peakKb, rssKb('VmHWM'));
  return {
    result,
    seconds,
    worstHealthMs: worstMs,
    healthFailures,
    peakRssMb: peakKb / 1024,
    restarts: replacements() - replacedBefore,
  };
}

function replacements(): number {
  return logLines.filter((line) => line.includes(REPLACED)).length;
}

// --- the routes -------------------------------------------------------------------------------

const nextAddress = localAddresses(40);

/** A POST with a raw body from its own loopback address (per-IP limits count each apart). */
function post(path: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  const target = new URL(path, url);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        agent: false,
        localAddress: nextAddress(),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    outgoing.setTimeout(ANSWER_WITHIN_MS, () => outgoing.destroy());
    outgoing.on('error', () => resolve(0));
    outgoing.end(body);
  });
}

type Route = 'POST /api/ats-check' | 'POST /api/orders/service' | 'POST /api/resume/preview.pdf';

function sendTo(route: Route, file: { filename: string; content: Buffer }): Promise<number> {
  if (route === 'POST /api/ats-check') {
    const form = multipartForm([['file', file]]);
    return post('/api/ats-check', form.headers, form.payload);
  }
  if (route === 'POST /api/orders/service') {
    const form = multipartForm([
      ['service', 'resume_review'],
      ['description', ''],
      ['currency', 'inr'],
      ['atsCheck', '1'],
      ['file', file],
    ]);
    return post(
      '/api/orders/service',
      { ...form.headers, authorization: `Bearer ${token}` },
      form.payload,
    );
  }
  return post(
    '/api/resume/preview.pdf',
    { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    file.content,
  );
}

/**
 * A builder form of about `bytes` bytes made of as many long work entries as it takes: past
 * RESUME_LIST_MAX entries it is refused before any rendering.
 */
function largeResumeForm(bytes: number): Buffer {
  const form = validResumePayload();
  const entry = form.work[0];
  const responsibilities = 'Built payment reconciliation with Kafka and PostgreSQL. '.repeat(88);
  const count = Math.floor(bytes / (responsibilities.length + 150));
  form.work = Array.from({ length: count }, (_, index) => ({
    ...entry,
    jobTitle: `Engineer ${index}`,
    company: 'Acme Payments Pvt Ltd',
    location: 'Pune',
    start: '2020-01',
    end: '2021-01',
    responsibilities,
  })) as typeof form.work;
  return Buffer.from(JSON.stringify(form));
}

/** The largest form the contract accepts: every long list full, every long text at its cap. */
function fullestResumeForm(): Buffer {
  const form = validResumePayload();
  const [work] = form.work;
  const [project] = form.projects;
  const long = 'Built payment reconciliation with Kafka and PostgreSQL. '.repeat(89).slice(0, 5000);
  form.work = Array.from({ length: RESUME_LIST_MAX }, (_, index) => ({
    ...work,
    jobTitle: `Engineer ${index}`,
    responsibilities: long,
  })) as typeof form.work;
  form.projects = Array.from({ length: RESUME_LIST_MAX }, (_, index) => ({
    ...project,
    name: `Project ${index}`,
    desc: long,
  })) as typeof form.projects;
  return Buffer.from(JSON.stringify(form));
}

// --- the corpus -------------------------------------------------------------------------------

interface HostileFile {
  name: string;
  route: Route;
  file: () => Promise<{ filename: string; content: Buffer }>;
  /** The answers that are right for it. */
  expect: readonly number[];
  /** Only a limit of the pool stops it: its worker must have been replaced. */
  passesLimits?: true;
}

const full = SIZE === 'full';
// Each file is made when its turn comes, never while another one is being measured.
type Make = () => Promise<Buffer> | Buffer;
const docx = (make: Make) => async () => ({ filename: 'cv.docx', content: await make() });
const pdf = (make: Make) => async () => ({ filename: 'cv.pdf', content: await make() });
const doc = (make: Make) => async () => ({ filename: 'cv.doc', content: await make() });

const CORPUS: readonly HostileFile[] = [
  {
    name: 'DOCX, 200k-char line without @',
    route: 'POST /api/ats-check',
    file: docx(() => longLineDocx()),
    expect: [200],
  },
  {
    name: 'DOC, 200k-char line without @',
    route: 'POST /api/ats-check',
    file: doc(() => longLineDoc()),
    expect: [200],
  },
  {
    name: 'DOCX, 200k-char line without @',
    route: 'POST /api/orders/service',
    file: docx(() => longLineDocx()),
    expect: [201],
  },
  {
    name: `DOCX, ${full ? '2,000,000' : '200,000'} paragraphs`,
    route: 'POST /api/ats-check',
    file: docx(() => manyParagraphsDocx(full ? 2_000_000 : 200_000)),
    expect: [422],
  },
  {
    name: `DOCX, ${full ? '2,000,000' : '200,000'} paragraphs`,
    route: 'POST /api/orders/service',
    // Placed without a check: the file cannot be read, as for any unreadable file.
    file: docx(() => manyParagraphsDocx(full ? 2_000_000 : 200_000)),
    expect: [201],
  },
  {
    name: `PDF, one stream inflating to ${full ? '1 GiB' : '128 MiB'}`,
    route: 'POST /api/ats-check',
    file: pdf(() => inflatingPdf(full ? GIB : 128 * MIB)),
    expect: [422],
  },
  {
    name: 'PDF, 50,000 text items on one line',
    route: 'POST /api/ats-check',
    file: pdf(() => manyItemsOneLinePdf(50_000)),
    expect: [422],
  },
  {
    name: 'preview form at every cap (30 entries × 5,000 characters, ~300 KB)',
    route: 'POST /api/resume/preview.pdf',
    file: async () => ({ filename: 'form.json', content: fullestResumeForm() }),
    // Hundreds of pages: rendered (2 s on an idle machine), or past the job's time limit when
    // the machine is loaded (the worker runs below the request thread's priority).
    expect: [200, 422],
  },
  {
    name: `preview form of ${full ? 950 : 300} KB in one list`,
    route: 'POST /api/resume/preview.pdf',
    file: async () => ({
      filename: 'form.json',
      content: largeResumeForm((full ? 950 : 300) * 1024),
    }),
    // More entries than RESUME_LIST_MAX: refused by the contract before any rendering.
    expect: [400],
  },
  {
    name: 'PDF form bomb: 10^8 words in 2 KB',
    route: 'POST /api/ats-check',
    // Inside every cap: only the job's time (or heap) limit stops it, and its worker is replaced.
    file: pdf(() => formBombPdf(9)),
    expect: [422],
    passesLimits: true,
  },
  {
    name: `zip bomb: DOCX part inflating to ${full ? '1 GiB' : '128 MiB'}`,
    route: 'POST /api/ats-check',
    file: docx(() => hugePartDocx(full ? GIB : 128 * MIB)),
    expect: [422],
  },
  {
    name: 'zip bomb: 900 parts of 1 MiB',
    route: 'POST /api/ats-check',
    file: docx(() => manyPartsDocx(900, MIB)),
    expect: [422],
  },
  {
    name: 'zip bomb: 5,000 parts',
    route: 'POST /api/ats-check',
    file: docx(() => manyPartsDocx(5_000, 1024)),
    expect: [422],
  },
  {
    name: 'zip bomb: zip in zip in zip (1 GiB inside)',
    route: 'POST /api/ats-check',
    file: docx(() => nestedZipDocx(full ? GIB : 128 * MIB)),
    expect: [200],
  },
  {
    name: 'DOCX, billion laughs (entity expansion)',
    route: 'POST /api/ats-check',
    file: docx(() => entityExpansionDocx()),
    expect: [422],
  },
  {
    name: `DOCX, elements nested ${full ? '1,000,000' : '100,000'} deep`,
    route: 'POST /api/ats-check',
    file: docx(() => deepNestingDocx(full ? 1_000_000 : 100_000)),
    expect: [422],
  },
  {
    name: `PDF, arrays nested ${full ? '1,000,000' : '100,000'} deep`,
    route: 'POST /api/ats-check',
    file: pdf(() => deepNestingPdf(full ? 1_000_000 : 100_000)),
    expect: [422],
  },
  {
    name: `DOCX, one run of ${full ? '1,000,000' : '200,000'} runs`,
    route: 'POST /api/ats-check',
    file: docx(() => manyRunsDocx(full ? 1_000_000 : 200_000)),
    expect: [422],
  },
  {
    name: 'DOCX, one line of 5,000,000 characters',
    route: 'POST /api/ats-check',
    file: docx(() => hugeLineDocx(5_000_000)),
    expect: [422],
  },
  {
    name: 'PDF, one line of 1,000,000 characters',
    route: 'POST /api/ats-check',
    // pdf.js keeps only what is drawn on the page: read (200), or too much text (422).
    file: pdf(() => hugeLinePdf(1_000_000)),
    expect: [200, 422],
  },
  {
    name: 'DOC, one line of 4,000,000 characters',
    route: 'POST /api/ats-check',
    file: doc(() => hugeLineDoc(4_000_000)),
    expect: [422],
  },
  {
    name: `PDF, ${full ? '1,000,000' : '100,000'} pages`,
    route: 'POST /api/ats-check',
    file: pdf(() => manyPagesPdf(full ? 1_000_000 : 100_000)),
    expect: [200],
  },
];

interface Row {
  file: string;
  route: string;
  kb: number;
  status: number;
  seconds: number;
  worstHealthMs: number;
  peakRssMb: number;
  restarts: number;
  healthFailures: number;
}

describe(`hostile documents against the running server (${SIZE} size)`, () => {
  it(
    'answers every file without a 5xx, keeps health under 500 ms, and outlives them all',
    async () => {
      // The first document job starts the workers: not part of any file's figures.
      const warm = await whileMeasured(() =>
        sendTo('POST /api/ats-check', { filename: 'cv.docx', content: Buffer.alloc(0) }),
      );
      expect(warm.result).toBe(415);
      const rows: Row[] = [];
      for (const hostile of CORPUS) {
        const file = await hostile.file();
        const measured = await whileMeasured(() => sendTo(hostile.route, file));
        rows.push({
          file: hostile.name,
          route: hostile.route,
          kb: file.content.length / 1024,
          status: measured.result,
          seconds: measured.seconds,
          worstHealthMs: measured.worstHealthMs,
          peakRssMb: measured.peakRssMb,
          restarts: measured.restarts,
          healthFailures: measured.healthFailures,
        });
      }
      // The whole table first: what each file did, whatever the assertions below find.
      console.log(table(rows));
      expect(exitedWith, 'the server process ended').toBeNull();
      for (const row of rows) {
        const label = `${row.route} · ${row.file}`;
        expect(row.status, label).toBeGreaterThan(0);
        expect(row.status, label).toBeLessThan(500);
        expect(row.worstHealthMs, `${label}: worst health latency`).toBeLessThan(HEALTH_LIMIT_MS);
        expect(row.healthFailures, `${label}: health answers other than 200`).toBe(0);
      }
      for (const [index, hostile] of CORPUS.entries()) {
        const label = `${hostile.route} · ${hostile.name}`;
        expect(hostile.expect, label).toContain(rows[index]?.status);
        if (hostile.passesLimits) expect(rows[index]?.restarts, label).toBeGreaterThan(0);
      }
      // Still answering, still reading documents.
      expect(await get('/api/health')).toBe(200);
    },
    SIZE === 'full' ? 900_000 : 240_000,
  );
});

function table(rows: readonly Row[]): string {
  const head = ['file', 'route', 'KB', 'answer', 's', 'worst health ms', 'peak RSS MB', 'restarts'];
  const body = rows.map((row) => [
    row.file,
    row.route,
    row.kb.toFixed(1),
    String(row.status),
    row.seconds.toFixed(2),
    row.worstHealthMs.toFixed(0),
    row.peakRssMb.toFixed(0),
    String(row.restarts),
  ]);
  const widths = head.map((cell, column) =>
    Math.max(cell.length, ...body.map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: readonly string[]) =>
    `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    `hostile documents (${SIZE} size):`,
    format(head),
    format(widths.map((width) => '-'.repeat(width))),
    ...body.map(format),
  ].join('\n');
}
