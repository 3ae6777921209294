import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_POOL_PROBE } from '../document-work/testing/pool-probe';
import { createPaymentsTestApp, type PaymentsTestApp } from '../testing/payments-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';

const token = randomBytes(24).toString('base64url');
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await createPaymentsTestApp({ env: { METRICS_TOKEN: token } });
});

afterAll(async () => {
  await t?.close();
});

async function scrape(app: TestApp['app'] = t.app): Promise<string> {
  const answer = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  return answer.body;
}

/** The value of one sample (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('refuses a scrape without the token, with a wrong one, and from this machine without one', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${randomBytes(24).toString('base64url')}` },
      { authorization: token },
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('shortlist_');
    }
  });

  it('names the series an operator watches, and they move after payments, jobs and documents', async () => {
    const before = await scrape();
    for (const series of [
      'shortlist_http_request_duration_seconds_bucket',
      'shortlist_projection_lag_events{read_model="orders"}',
      'shortlist_projection_quarantined_events{read_model="orders"}',
      'shortlist_document_pool_capacity{kind="workers"}',
      'process_cpu_seconds_total',
    ]) {
      expect(before).toContain(series);
    }

    // A payment, from checkout to capture.
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    expect((await t.post('/payments/verify', { orderId, ...paid }, customer.token)).status).toBe(
      200,
    );
    // A job that fails for good.
    const job = `metrics-${randomUUID()}`;
    t.services.queue.process(job, async () => {
      throw new Error('refused');
    });
    await t.services.queue.enqueue(job, {}, { key: 'one', attempts: 1 });
    await t.services.queue.whenIdle();
    // A document job.
    await t.app.documents.run(DOCUMENT_POOL_PROBE.echo, 'hello');

    const after = await scrape();
    expect(sample(after, 'shortlist_payments_total{outcome="checkout_started"}')).toBe(
      sample(before, 'shortlist_payments_total{outcome="checkout_started"}') + 1,
    );
    expect(sample(after, 'shortlist_payments_total{outcome="captured"}')).toBe(
      sample(before, 'shortlist_payments_total{outcome="captured"}') + 1,
    );
    expect(sample(after, `shortlist_queue_jobs{queue="${job}",state="failed"}`)).toBe(1);
    expect(sample(after, 'shortlist_document_pool_events{event="completed"}')).toBe(
      sample(before, 'shortlist_document_pool_events{event="completed"}') + 1,
    );
    const verified =
      'shortlist_http_request_duration_seconds_count{method="POST",route="/api/payments/verify",status_code="200"}';
    expect(sample(after, verified)).toBe(sample(before, verified) + 1);
    // Route patterns only: no order id (nor any other value from a URL) becomes a label.
    expect(after).not.toContain(orderId);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ runProjections: false });
  });
  afterAll(async () => {
    await local?.close();
  });

  it('answers connections from this machine only, whatever X-Forwarded-For says', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      local.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('203.0.113.9')).statusCode).toBe(404);
    expect((await from('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });
});
