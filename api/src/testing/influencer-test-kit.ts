import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountDecider,
  type CommandMetadata,
  influencerStreamName,
  orderDecider,
  orderStreamName,
  priceOf,
  userStreamName,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import type { JsonObject, Position } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { handleCommand } from '../commands/handle-command';
import { INFLUENCER_REFERRALS_REACTOR } from '../reactors/influencer-referrals.reactor';
import { createTestApp, type TestApp } from './test-app';

export interface InfluencerTestApp extends TestApp {
  /** A request with an optional bearer token; answers status and parsed JSON. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  adminToken(): Promise<string>;
  /** Appends ledger events straight to `influencer-{id}` (fast seeding, no rules applied). */
  seedLedger(influencerId: string, events: Array<[type: string, data: JsonObject]>): Promise<void>;
  /** An influencer created by appending InfluencerCreated (no password: token-only tests). */
  seedInfluencer(name?: string): Promise<{ id: string; token: string; code: string }>;
  registerUser(input: {
    email: string;
    influencerId: string | null;
    code?: string;
  }): Promise<string>;
  placeOrder(
    userId: string,
    email: string,
    service: 'resume_review' | 'resume_rewrite',
  ): Promise<string>;
  payOrder(orderId: string, service: 'resume_review' | 'resume_rewrite'): Promise<void>;
  refundOrder(orderId: string): Promise<void>;
  /** The newest committed position (every append so far is at or before it). */
  lastPosition(): Promise<Position | null>;
  /** Where a reactor's checkpoint stands (null = before the first event). */
  reactorPosition(name?: string): Promise<Position | null>;
  /** Waits until the referral reactor has handled everything appended so far, then projections. */
  settle(): Promise<void>;
  typesOf(streamName: string): Promise<string[]>;
}

const metadata = (): CommandMetadata => ({
  actor: 'test',
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

export async function createInfluencerTestApp(): Promise<InfluencerTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shortlist-influencer-'));
  const t = await createTestApp({
    env: { DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://shortlist.test' },
    // settle() waits for the referral reactor's stored checkpoint, which an idle reactor moves
    // past the events it passes over only on its heartbeat: a short beat, not a 5 s wait a settle.
    reactorHeartbeatMs: 100,
  });
  const { store, waiter, db } = t.services;

  // Not the readable head: it can lag a just-committed append while an older transaction is open.
  const lastPosition = (): Promise<Position | null> => store.committedHeadPosition();

  const reactorPosition = async (name = INFLUENCER_REFERRALS_REACTOR): Promise<Position | null> => {
    const result = await sql<{ position: string | null }>`
      SELECT position FROM reactor_checkpoints WHERE name = ${name}
    `.execute(db);
    return result.rows[0]?.position ?? null;
  };

  const kit: InfluencerTestApp = {
    ...t,
    async call(method, url, options = {}) {
      const response = await t.app.inject({
        method,
        url,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    adminToken: () => t.tokenFor({ id: `admin-${randomUUID()}`, role: 'admin' }),
    async seedLedger(influencerId, events) {
      await store.append(
        influencerStreamName(influencerId),
        events.map(([type, data]) => ({
          id: randomUUID(),
          type,
          data: { influencerId, ...data },
          metadata: {
            actor: 'test',
            correlationId: randomUUID(),
            causationId: null,
            at: new Date().toISOString(),
          },
        })),
      );
    },
    async seedInfluencer(name = 'Seeded') {
      const id = randomUUID();
      const code = `S${id.slice(0, 8).toUpperCase()}`;
      await kit.seedLedger(id, [
        [
          'InfluencerCreated',
          { name, email: `${id}@influencers.test`, referralCode: code, passwordHash: 'x' },
        ],
      ]);
      await kit.settle();
      return { id, code, token: await t.tokenFor({ id, role: 'influencer' }) };
    },
    async registerUser({ email, influencerId, code = 'CODE' }) {
      const userId = randomUUID();
      await handleCommand({
        store,
        streamName: userStreamName(userId),
        decider: accountDecider,
        command: {
          type: 'RegisterUser',
          data: {
            userId,
            email,
            name: email,
            passwordHash: 'not-used',
            role: 'user',
            referral:
              influencerId === null ? null : { influencerId, referralCode: code, campaign: null },
          },
          metadata: metadata(),
        },
      });
      return userId;
    },
    async placeOrder(userId, email, service) {
      const orderId = randomUUID();
      await handleCommand({
        store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: {
          type: 'PlaceOrder',
          data: placeOrderData({ orderId, userId, userEmail: email, service, customerUploads: [] }),
          metadata: metadata(),
        },
      });
      return orderId;
    },
    async payOrder(orderId, service) {
      await handleCommand({
        store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: {
          type: 'MarkOrderPaid',
          data: {
            paymentId: `pay_${orderId}`,
            providerOrderId: `order_${orderId}`,
            amount: priceOf(service, 'INR'),
            currency: 'INR',
          },
          metadata: metadata(),
        },
      });
    },
    async refundOrder(orderId) {
      await handleCommand({
        store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: {
          type: 'RefundOrder',
          data: { refundId: `rfnd_${orderId}` },
          metadata: metadata(),
        },
      });
    },
    reactorPosition,
    lastPosition,
    async settle() {
      // Everything committed before this call, the app's own appends (a verify, a webhook)
      // included, is at or before the committed head.
      const target = await lastPosition();
      if (target === null) return;
      await vi.waitFor(
        async () => {
          const position = await reactorPosition();
          expect(position !== null && position >= target).toBe(true);
        },
        { timeout: 30_000, interval: 25 },
      );
      // What the reactor appended is committed now: projections past the new head show it all.
      const end = (await lastPosition()) ?? target;
      expect(await waiter.waitFor(end, { timeoutMs: 30_000 })).toBe(true);
    },
    async typesOf(streamName) {
      return (await store.readStream(streamName)).events.map((event) => event.type);
    },
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return kit;
}
