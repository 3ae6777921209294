import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { createBullMqQueue } from './bullmq.queue';
import { createInProcessQueue } from './in-process.queue';
import { testJobQueue } from './job-queue.contract';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// One key prefix for this file keeps runs (and parallel CI jobs) apart in the shared Redis.
const prefix = `test-${randomUUID()}`;

testJobQueue('in-process', (options) => createInProcessQueue(options));

testJobQueue('BullMQ on Redis', (options) => createBullMqQueue({ ...options, redisUrl, prefix }));

afterAll(async () => {
  // BullMQ keeps finished jobs for days (that is what de-duplicates keys); tests must not.
  const redis = new Redis(redisUrl);
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      keys.push(...(batch as string[]));
    }
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});
