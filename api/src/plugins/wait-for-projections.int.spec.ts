import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@shortlist/eventstore';
import {
  allProjections,
  createKysely,
  PROJECTION_NAMES,
  silentLogger,
  startProjectors,
} from '@shortlist/projections';
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

/** Rejects when `work` has not settled after `ms`: far shorter than the wait it must not do. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const gaveUp = (t: TestApp) =>
  t.logs.entries().filter((entry) => typeof entry.timeoutMs === 'number' && 'readModels' in entry);

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
      await t.app.waitForProjections(position, ['audit_log']);
      expect(await auditRows(t)).toBe(round);
    }
  });

  it('gives up after PROJECTION_WAIT_MS with a warning, and carries on', async () => {
    const t = await createTestApp({ runProjections: false, env: { PROJECTION_WAIT_MS: '300' } });
    opened.push(t);
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, [event()]);
    await t.app.waitForProjections(position, PROJECTION_NAMES);
    expect(await auditRows(t)).toBe(0);
    const warning = t.logs.entries().find((entry) => entry.position === position);
    expect(warning).toMatchObject({ level: 40, timeoutMs: 300, readModels: PROJECTION_NAMES });
  });

  it('does not wait when nothing was written, or when no read model is named', async () => {
    const t = await createTestApp({ runProjections: false, env: { PROJECTION_WAIT_MS: '20000' } });
    opened.push(t);
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, [event()]);
    await within(10_000, t.app.waitForProjections(null, PROJECTION_NAMES), 'a wait on nothing');
    await within(10_000, t.app.waitForProjections(position, []), 'a wait on no read model');
    expect(gaveUp(t)).toEqual([]);
  });

  it('a command waits only for the read models its answer reads', async () => {
    const t = await createTestApp({ runProjections: false, env: { PROJECTION_WAIT_MS: '20000' } });
    opened.push(t);
    // Every projection runs except the audit log, which no command answer reads: it stays
    // behind for the whole test, as a failing or stopped projection would.
    const db = createKysely({ connectionString: t.databaseUrl, poolMax: 10 });
    const runner = startProjectors({
      store: t.services.store,
      db,
      projections: allProjections().filter((projection) => projection.name !== 'audit_log'),
      logger: silentLogger,
    });
    try {
      const email = `quick-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'a long enough password';
      const registered = await within(
        10_000,
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { name: 'Quick Answer', email, password, cpassword: password },
        }),
        'POST /api/register',
      );
      expect(registered.statusCode).toBe(201);
      // It did wait for the users read model it needs: the login right after finds the account.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
      expect(gaveUp(t)).toEqual([]);
      const audit = await db.selectFrom('projection_checkpoints').select('name').execute();
      expect(audit.map((row) => row.name)).not.toContain('audit_log');
    } finally {
      await runner.stop();
      await db.destroy();
    }
  });
});
