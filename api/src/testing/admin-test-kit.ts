import { randomUUID } from 'node:crypto';
import { accountDecider, type RegisterUser, userStreamName } from '@shortlist/domain';
// The package's testing entry is the decider spec only; the fixture is reached by path.
import { validResumePayload } from '@shortlist/domain/testing';
import { handleCommand } from '../commands/handle-command';
import { minimalPdf } from '../files/testing/document-fixtures';
import { multipartForm, type TestUser } from './orders-test-kit';
import type { TestApp } from './test-app';

export interface NamedUser extends TestUser {
  name: string;
}

/** An account as registration leaves it, with the name and e-mail a search will look for. */
export async function registerNamed(
  t: TestApp,
  options: { name: string; email: string; role?: 'user' | 'admin' },
): Promise<NamedUser> {
  const id = randomUUID();
  const role = options.role ?? 'user';
  const command: RegisterUser = {
    type: 'RegisterUser',
    data: {
      userId: id,
      email: options.email,
      name: options.name,
      passwordHash: '$argon2id$x',
      role,
      referral: null,
    },
    metadata: {
      actor: 'system:test',
      correlationId: randomUUID(),
      causationId: null,
      now: new Date().toISOString(),
    },
  };
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: userStreamName(id),
    decider: accountDecider,
    command,
  });
  await t.app.waitForProjections(position, ['users']);
  const token = await t.tokenFor({ id, role });
  return {
    id,
    name: options.name,
    email: options.email,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** A resume_from_scratch order placed over HTTP, as the builder places it. */
export async function placeResumeOrder(t: TestApp, user: TestUser): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/resume',
    headers: user.auth,
    payload: { ...validResumePayload(), currency: 'inr' },
  });
  if (response.statusCode !== 201) throw new Error(`POST /resume: ${response.body}`);
  return String(response.json().orderId);
}

/** A rewrite or review order for an uploaded PDF, placed over HTTP as the home dialog does. */
export async function placeServiceOrder(
  t: TestApp,
  user: TestUser,
  service: 'resume_rewrite' | 'resume_review',
): Promise<string> {
  const form = multipartForm([
    ['service', service],
    ['description', ''],
    ['file', { filename: 'cv.pdf', content: minimalPdf(), contentType: 'application/pdf' }],
    ['currency', 'inr'],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/service',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`POST /orders/service: ${response.body}`);
  return String(response.json().orderId);
}
