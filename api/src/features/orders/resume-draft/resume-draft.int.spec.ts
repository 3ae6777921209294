import { userStreamName } from '@shortlist/domain';
import { RESUME_DRAFT_BODY_BYTES, type ResumeDraftInput } from '@shortlist/domain/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { richResumePayload } from '../resume-document/rich-resume.fixture';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { resumeDraftSaves: { max: 3, timeWindowMs: 60_000 } } });
  owner = await registerUser(t);
  other = await registerUser(t);
});
afterAll(async () => {
  await t?.close();
});

const empty = { jobTitle: '', company: '', location: '', start: '', end: '', responsibilities: '' };

function draftOf(fullName: string, step = 3): ResumeDraftInput {
  return {
    step,
    degreeLevel: 'Bachelors',
    majorPrimary: 'Computer Science',
    majorOther: '',
    targetRole: '',
    roleOther: '',
    personal: { fullName, email: '', phone: '', address: '', linkedin: '', github: '' },
    summary: 'Half a sentence',
    skills: { techSkills: '', softSkills: '' },
    lists: {
      work: [{ ...empty, jobTitle: 'Analyst', end: 'Present' }],
      edu: [],
      projects: [],
      certs: [],
      langs: [{ name: 'Hindi', level: '' }],
    },
  };
}

const save = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/resume/draft', headers: user.auth, payload });
const read = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/resume/draft', headers: user.auth });

describe('the resume builder draft', () => {
  it('is kept per account on the server, sealed, and read back by its owner only', async () => {
    expect((await read(owner)).json()).toEqual({ draft: null, savedAt: null });
    const saved = await save(owner, draftOf('Asha Verma'));
    expect(saved.statusCode, saved.body).toBe(200);

    const back = await read(owner);
    expect(back.statusCode).toBe(200);
    const body = back.json<{ draft: ResumeDraftInput; savedAt: string }>();
    expect(body.draft.personal.fullName).toBe('Asha Verma');
    expect(body.draft.lists.work[0]?.end).toBe('Present');
    expect(body.draft.step).toBe(3);
    expect(body.savedAt).toBe(saved.json<{ savedAt: string }>().savedAt);
    // Another account sees none of it.
    expect((await read(other)).json()).toEqual({ draft: null, savedAt: null });
    // The row holds no readable personal data.
    const { rows } = await sql<{ sealed: unknown }>`SELECT sealed FROM resume_drafts`.execute(
      t.app.db,
    );
    expect(JSON.stringify(rows)).not.toContain('Asha');
  });

  it('refuses a caller who is not signed in, and a body past its caps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/resume/draft' })).statusCode).toBe(401);
    const tooMany = draftOf('x');
    tooMany.lists.langs = Array.from({ length: 31 }, () => ({ name: 'x', level: '' }));
    expect((await save(other, tooMany)).statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/resume/draft',
      headers: { ...other.auth, 'content-type': 'application/json' },
      payload: `{"step":0,"summary":"${'x'.repeat(RESUME_DRAFT_BODY_BYTES)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect((await save(other, { ...draftOf('x'), step: 9 })).statusCode).toBe(400);
  });

  it('is cleared when the order is placed', async () => {
    const customer = await registerUser(t);
    expect((await save(customer, draftOf('Ravi'))).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/resume',
      headers: customer.auth,
      payload: richResumePayload(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await read(customer)).json()).toEqual({ draft: null, savedAt: null });
  });

  it('is cleared for each of the orders placed at once, and kept for whoever placed none', async () => {
    const [first, second, bystander] = [
      await registerUser(t),
      await registerUser(t),
      await registerUser(t),
    ];
    for (const [customer, name] of [
      [first, 'Anil'],
      [second, 'Bela'],
      [bystander, 'Chitra'],
    ] as const) {
      expect((await save(customer, draftOf(name))).statusCode).toBe(200);
    }
    const placed = await Promise.all(
      [first, second].map((customer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/resume',
          headers: customer.auth,
          payload: richResumePayload(),
        }),
      ),
    );
    for (const answer of placed) expect(answer.statusCode, answer.body).toBe(201);
    expect((await read(first)).json()).toEqual({ draft: null, savedAt: null });
    expect((await read(second)).json()).toEqual({ draft: null, savedAt: null });
    const kept = (await read(bystander)).json<{ draft: ResumeDraftInput }>();
    expect(kept.draft.personal.fullName).toBe('Chitra');
  });

  it('is erased with the account: shredding its key leaves nothing to read', async () => {
    const customer = await registerUser(t);
    expect((await save(customer, draftOf('Meera'))).statusCode).toBe(200);
    await t.app.vault.erase(userStreamName(customer.id), new Date().toISOString());
    expect((await read(customer)).json()).toEqual({ draft: null, savedAt: null });
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM resume_drafts WHERE user_id = ${customer.id}`.execute(t.app.db);
    expect(rows[0]?.n).toBe('0');
    // A late save of an erased account keeps nothing either.
    expect((await save(customer, draftOf('Meera'))).statusCode).toBe(200);
    expect((await read(customer)).json()).toEqual({ draft: null, savedAt: null });
  });

  it('limits saves per account', async () => {
    const customer = await registerUser(t);
    for (let i = 0; i < 3; i++)
      expect((await save(customer, draftOf(`n${i}`))).statusCode).toBe(200);
    const refused = await save(customer, draftOf('n4'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Your draft is being saved too often. Please wait a minute.',
    });
  });
});
