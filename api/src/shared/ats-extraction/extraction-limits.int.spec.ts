import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { createDocumentPool } from '../../document-work/document-pool';
import { createLogger } from '../../plugins/logging';
import { CORPUS_DIR } from '../../testing';
import { atsCheckOf } from './ats-check-job';

// The caps refuse hostile files (the battery: files/hostile-uploads-documents); they must never
// refuse a real resume. Every file of the real-resume corpus is checked as the product checks
// it: a job of a pool with the product's limits, caps included.

const pool = createDocumentPool(loadConfig({}).documentWork, createLogger('warn'));

afterAll(async () => {
  await pool.close();
});

describe('the extraction caps on real resumes', () => {
  it('read every PDF and DOCX of the corpus within every cap and limit', async () => {
    const names = (await readdir(join(CORPUS_DIR, 'files'))).filter((name) =>
      /\.(pdf|docx)$/.test(name),
    );
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const kind = name.endsWith('.pdf') ? 'pdf' : 'docx';
      const bytes = await readFile(join(CORPUS_DIR, 'files', name));
      const report = await atsCheckOf(pool, { bytes, kind }, '');
      expect(report.words, name).toBeGreaterThan(100);
    }
    expect(pool.stats().restarts).toBe(0);
  }, 180_000);
});
