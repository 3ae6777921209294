import type { AtsDocument, AtsReport } from '@shortlist/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { type DocumentJob, documentJob } from '../../document-work/document-job';
import { createDocumentPool } from '../../document-work/document-pool';
import { legacyDocOf, linesDocx, unicodePdf } from '../../files/testing/hostile-documents';
import { createLogger } from '../../plugins/logging';
import { createLogCollector } from '../../testing/test-app';
import { atsCheckOf } from './ats-check-job';

// Linear-time text work, held to the pool's own limit: 200,000-character lines of every kind of
// character go through each extractor and the ATS check, and through the check alone (the text
// as given, not cleaned by an extractor), each as one job of a pool with the product's default
// limits. A job that took more than its time (or heap) would be terminated and counted as a
// restart: the assertion is that none was, not a time measured on this machine.

const FULL = process.env.BATTERY === '1';
const LENGTH = 200_000;
const limits = loadConfig({}).documentWork;
const logs = createLogCollector();
const pool = createDocumentPool(limits, createLogger('warn', logs));

afterAll(async () => {
  await pool.close();
});

/** One unit of each kind of character, repeated to a line: what a hostile file would hold. */
const CLASSES: Readonly<Record<string, string>> = {
  letters: 'a',
  capitals: 'A',
  words: 'Senior engineer ',
  digits: '7',
  spaces: ' ',
  tabs: '\t',
  punctuation: '.,;:!?',
  at: '@',
  dot: '.',
  dash: '-',
  plus: '+',
  underscore: '_',
  'letter-at': 'a@',
  'letter-dot': 'a.',
  'at-dot': '@.',
  'address-like': 'a@b.',
  'digit-space': '1 ',
  'digit-dash': '1-',
  phone: '+91 98765 ',
  'date ranges': '2019-2024 ',
  months: 'Jan 2020 – ',
  'comma-space': ', ',
  pipes: ' | ',
  bullets: '• ',
  colons: ':',
  parentheses: '(',
  quotes: '"\'',
  slashes: '/',
  hashes: '#',
  linkedin: 'linkedin.com/in/',
  url: 'www.',
  seasons: 'Summer ',
  quarters: 'Q3 ',
  capitals_words: 'ENGINEER ',
  'dash-spaced': ' – ',
  years: '2020',
  cjk: '中文简历',
  emoji: '😀',
  controls: '\u0001\u0002\u001f',
  nul: '\u0000',
  bidi: '\u202e\u200f\u061c\u2066',
  combining: 'e\u0301',
  'lone surrogates': '\ud800\udfff',
  nbsp: '\u00a0',
  'line separators': '\u2028\u2029',
};

/**
 * The unit repeated into a run between two words: a run that reached the end of its line would
 * spare a backtracking pattern (`[…]+$`, `\s+X`) its worst case, a word after it does not.
 */
const lineOf = (unit: string) =>
  `Engineer ${unit.repeat(Math.ceil(LENGTH / unit.length)).slice(0, LENGTH - 11)} x`;

const CHECK_DOCUMENT: DocumentJob<{ document: AtsDocument; jobDescription: string }, AtsReport> =
  documentJob(
    new URL('./testing/check-document.worker.ts', import.meta.url),
    'checkDocument',
    'Past the limit.',
  );

/** The line in the profile, under Experience, Education and Skills: every field finder reads it. */
function documentWith(line: string): AtsDocument {
  const item = (text: string, y: number, bold = false) => ({
    text,
    x: 40,
    y,
    width: 500,
    page: 1,
    fontSize: 11,
    fontName: bold ? 'bold' : 'regular',
    bold,
  });
  return {
    kind: 'pdf',
    pages: [{ width: 612, height: 792 }],
    items: [
      item('Asha Rao', 40, true),
      item(line, 60),
      item('Experience', 80, true),
      item(line, 100),
      item('Education', 120, true),
      item(line, 140),
      item('Skills', 160, true),
      item(line, 180),
    ],
    images: 0,
    tables: 0,
    positioned: true,
    limitations: [],
  };
}

function checkAlone(line: string): Promise<AtsReport> {
  return pool.run(CHECK_DOCUMENT, {
    document: documentWith(line),
    jobDescription: line.slice(0, 20_000),
  });
}

async function checkThroughExtractors(line: string): Promise<void> {
  const jobDescription = line.slice(0, 20_000);
  await Promise.all([
    atsCheckOf(pool, { bytes: await linesDocx(['Asha Rao', line]), kind: 'docx' }, jobDescription),
    atsCheckOf(pool, { bytes: unicodePdf(['Asha Rao', line]), kind: 'pdf' }, jobDescription),
    atsCheckOf(pool, { bytes: legacyDocOf(`Asha Rao\r${line}\r`), kind: 'doc' }, jobDescription),
  ]);
}

/** The names whose job failed (past the limit, or any other failure), with the reason. */
async function failuresOf(
  named: readonly (readonly [string, () => Promise<unknown>])[],
): Promise<string[]> {
  const failed: string[] = [];
  // As many at once as there are workers: the pool would refuse more than it queues.
  for (let at = 0; at < named.length; at += limits.workers) {
    await Promise.all(
      named.slice(at, at + limits.workers).map(([name, run]) =>
        run().catch((error: unknown) => {
          failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }),
      ),
    );
  }
  return failed;
}

describe(`lines of ${LENGTH} characters finish inside the document job's limit (${limits.jobTimeoutMs / 1000} s)`, () => {
  it('through the ATS check alone, for every kind of character', async () => {
    const restarts = pool.stats().restarts;
    const failed = await failuresOf(
      Object.entries(CLASSES).map(
        ([name, unit]) => [name, () => checkAlone(lineOf(unit))] as const,
      ),
    );
    expect(failed).toEqual([]);
    expect(pool.stats().restarts - restarts).toBe(0);
  }, 300_000);

  // Each extractor's own work on such lines, then the check on what it extracted.
  const extracted = FULL
    ? Object.keys(CLASSES)
    : [
        'letters',
        'digits',
        'address-like',
        'date ranges',
        'spaces',
        'cjk',
        'emoji',
        'controls',
        'bidi',
      ];
  it.each(extracted)(
    'through each extractor (DOCX, PDF, DOC): %s',
    async (name) => {
      const restarts = pool.stats().restarts;
      await checkThroughExtractors(lineOf(CLASSES[name] ?? name));
      expect(pool.stats().restarts - restarts).toBe(0);
    },
    120_000,
  );

  it('through the ATS check alone, for random mixes of those characters', async () => {
    const restarts = pool.stats().restarts;
    const unit = fc.string({
      unit: fc.constantFrom(...[...Object.values(CLASSES).join('')]),
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(unit, async (mix) => {
        await checkAlone(lineOf(mix));
      }),
      { numRuns: FULL ? 60 : 10 },
    );
    expect(pool.stats().restarts - restarts).toBe(0);
  }, 300_000);
});
