import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@shortlist/eventstore';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const opened: TestApp[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'Probed',
  data: {},
  metadata: {
    actor: 'system:test',
    correlationId: 'c',
    causationId: null,
    at: new Date().toISOString(),
  },
});

async function auditRows(t: TestApp): Promise<number> {
  const rows = await t.services.db.selectFrom('audit_log').select('event_id').execute();
  return rows.length;
}

describe('app.waitForProjections', () => {
  it('returns once the read models show the write', async () => {
    const t = await createTestApp();
    opened.push(t);
    for (let round = 1; round <= 3; round += 1) {
      const { position } = await t.services.store.append(`probe-${randomUUID()}`, [event()]);
      await t.app.waitForProjections(position);
      expect(await auditRows(t)).toBe(round);
    }
  });

  it('gives up after PROJECTION_WAIT_MS with a warning, and carries on', async () => {
    const t = await createTestApp({ runProjections: false, env: { PROJECTION_WAIT_MS: '300' } });
    opened.push(t);
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, [event()]);
    const started = Date.now();
    await t.app.waitForProjections(position);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await auditRows(t)).toBe(0);
    const warning = t.logs.entries().find((entry) => entry.position === position);
    expect(warning).toMatchObject({ level: 40, timeoutMs: 300 });
  });

  it('does not wait when nothing was written', async () => {
    const t = await createTestApp({ runProjections: false, env: { PROJECTION_WAIT_MS: '5000' } });
    opened.push(t);
    const started = Date.now();
    await t.app.waitForProjections(null);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
