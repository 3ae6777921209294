import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../config/config';
import { createDocumentPool } from '../../document-work/document-pool';
import { createLogger } from '../../plugins/logging';
import { atsCheckOf } from './ats-check-job';

// The caps refuse hostile files (the battery: files/hostile-uploads-documents); they must never
// refuse a real resume. Every file of the real-resume corpus is checked as the product checks
// it: a job of a pool with the product's limits, caps included.

// Beside the repository (../shared), or a level further up from a git worktree; or
// ATS_CORPUS_DIR.
const CORPUS =
  process.env.ATS_CORPUS_DIR !== undefined && process.env.ATS_CORPUS_DIR !== ''
    ? join(process.env.ATS_CORPUS_DIR, 'files')
    : (['../shared', '../../shared']
        .map((up) => resolve(REPO_ROOT, up, 'ats-corpus/files'))
        .find((path) => existsSync(path)) ?? resolve(REPO_ROOT, '../shared/ats-corpus/files'));
const pool = createDocumentPool(loadConfig({}).documentWork, createLogger('warn'));

afterAll(async () => {
  await pool.close();
});

describe('the extraction caps on real resumes', () => {
  it('read every PDF and DOCX of the corpus within every cap and limit', async () => {
    const names = (await readdir(CORPUS)).filter((name) => /\.(pdf|docx)$/.test(name));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const kind = name.endsWith('.pdf') ? 'pdf' : 'docx';
      const bytes = await readFile(join(CORPUS, name));
      const report = await atsCheckOf(pool, { bytes, kind }, '');
      expect(report.words, name).toBeGreaterThan(100);
    }
    expect(pool.stats().restarts).toBe(0);
  }, 180_000);
});
