import type { JsonObject } from '@shortlist/eventstore';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../../mail/mailer.port';
import type { EnqueueOptions, JobQueue } from '../../../queue/job-queue.port';
import { createReplySender } from './reply-sender';

const mail = { id: 'reply-1', to: 'asha@example.com', subject: 'Re', text: 'Hello' };

function recordingQueue() {
  const jobs: { name: string; payload: JsonObject; options: EnqueueOptions }[] = [];
  const queue: JobQueue = {
    enqueue: async (name, payload, options) => {
      jobs.push({ name, payload, options });
    },
    process: () => undefined,
    durable: false,
    whenIdle: async () => undefined,
    counts: async () => [],
    close: async () => undefined,
  };
  return { queue, jobs };
}

const mailer = (send: Mailer['send']): Mailer => ({ send, close: async () => undefined });

describe('createReplySender', () => {
  it('reports a mail the server took as sent, with its preview link', async () => {
    const { queue, jobs } = recordingQueue();
    const sender = createReplySender({
      mailer: mailer(async () => ({ messageId: '<m>', previewUrl: 'http://x/outbox/reply-1' })),
      queue,
      timeoutMs: 1000,
    });
    expect(await sender.send(mail)).toEqual({
      sendOk: true,
      previewUrl: 'http://x/outbox/reply-1',
    });
    expect(jobs).toEqual([]);
  });

  it('queues a refused or slow mail for retry, under the same id, and reports it unsent', async () => {
    for (const send of [
      async () => Promise.reject(new Error('451 try later')),
      () => new Promise<never>(() => undefined),
    ]) {
      const { queue, jobs } = recordingQueue();
      const queued: string[] = [];
      const sender = createReplySender({
        mailer: mailer(send),
        queue,
        timeoutMs: 20,
        onQueued: (id) => queued.push(id),
      });
      expect(await sender.send(mail)).toEqual({ sendOk: false, previewUrl: null });
      expect(jobs).toMatchObject([
        { name: 'mail.send', payload: mail, options: { key: 'reply-1' } },
      ]);
      expect(queued).toEqual(['reply-1']);
    }
  });
});
