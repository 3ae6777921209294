import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessQueue } from '../queue/in-process.queue';
import type { JobFailure, JobQueue } from '../queue/job-queue.port';
import { enqueueMail, registerMailJob } from './mail-job';
import { messageIdFor } from './mailer.port';
import { createOutboxMailer, readOutboxMessage } from './outbox.mailer';
import { renderOutboxPage } from './outbox-preview.page';
import { createSmtpMailer } from './smtp.mailer';
import { type SmtpTestServer, startSmtpTestServer } from './testing/smtp-test-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtpServer(refuseFirst = 0): Promise<SmtpTestServer> {
  const server = await startSmtpTestServer({ refuseFirst });
  cleanups.push(() => server.close());
  return server;
}

function queue(failures: JobFailure[] = []): JobQueue {
  const created = createInProcessQueue({ onExhausted: (failure) => failures.push(failure) });
  cleanups.push(() => created.close());
  return created;
}

const mail = {
  id: '6f1c2a0e-1111-4222-8333-444455556666',
  to: 'asha@example.com',
  subject: 'Reset your Shortlist password',
  text: 'Open http://localhost:3000/forgot?token=abc.def_ghi-jkl to choose a new password. Ünïcode ok.',
  html: '<p><a href="http://localhost:3000/forgot?token=abc.def_ghi-jkl">Reset</a></p>',
};

describe('mail.send job over real SMTP', () => {
  it('delivers the message with its stable Message-ID', async () => {
    const server = await smtpServer();
    const jobs = queue();
    registerMailJob(
      jobs,
      createSmtpMailer({ url: server.url, from: 'Shortlist <support@shortlist.example>' }),
    );

    await enqueueMail(jobs, mail);
    const [received] = await server.waitFor(1);
    expect(received?.to).toEqual(['asha@example.com']);
    expect(received?.subject).toBe(mail.subject);
    expect(received?.messageId).toBe(messageIdFor(mail.id));
    expect(received?.text.trim()).toBe(mail.text);
    expect(received?.html).toContain('href="http://localhost:3000/forgot?token=abc.def_ghi-jkl"');
  });

  it('retries a refusing server with backoff and delivers once', async () => {
    const server = await smtpServer(2);
    const failures: JobFailure[] = [];
    const jobs = queue(failures);
    registerMailJob(jobs, createSmtpMailer({ url: server.url, from: 'support@shortlist.example' }));

    await enqueueMail(jobs, mail, { backoffMs: 20 });
    // The same mail queued again (a retried request) is the same job.
    await enqueueMail(jobs, mail, { backoffMs: 20 });
    await server.waitFor(1);
    await jobs.whenIdle();
    expect(server.received).toHaveLength(1);
    expect(server.attempts()).toBe(3);
    expect(failures).toEqual([]);
  });

  it('reports the job as failed once the attempts are spent', async () => {
    const server = await smtpServer(10);
    const failures: JobFailure[] = [];
    const jobs = queue(failures);
    registerMailJob(jobs, createSmtpMailer({ url: server.url, from: 'support@shortlist.example' }));

    await enqueueMail(jobs, mail, { attempts: 2, backoffMs: 10 });
    await expect.poll(() => failures.length, { timeout: 5000 }).toBe(1);
    expect(server.attempts()).toBe(2);
    expect(server.received).toHaveLength(0);
  });
});

describe('outbox mailer', () => {
  it('keeps one copy per mail id and shows it escaped, with clickable links', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const mailer = createOutboxMailer({
      dir,
      from: 'Shortlist <support@shortlist.example>',
      previewBaseUrl: 'http://localhost:3000/api/dev/outbox',
    });

    const sent = await mailer.send({ ...mail, subject: 'Hi <script>alert(1)</script>' });
    await mailer.send({ ...mail, subject: 'Hi <script>alert(1)</script>' });
    expect(sent.previewUrl).toBe(`http://localhost:3000/api/dev/outbox/${mail.id}`);
    expect(sent.messageId).toBe(messageIdFor(mail.id));

    const stored = await readOutboxMessage(dir, mail.id);
    expect(stored).toMatchObject({
      id: mail.id,
      to: 'asha@example.com',
      from: 'Shortlist <support@shortlist.example>',
      text: mail.text,
      html: mail.html,
    });
    if (stored === null) throw new Error('expected the stored message');
    const page = renderOutboxPage(stored);
    expect(page).not.toContain('<script>');
    expect(page).toContain('Hi &lt;script&gt;');
    expect(page).toContain(
      '<a href="http://localhost:3000/forgot?token=abc.def_ghi-jkl">http://localhost:3000/forgot?token=abc.def_ghi-jkl</a>',
    );

    expect(await readOutboxMessage(dir, 'missing-id')).toBeNull();
    expect(await readOutboxMessage(dir, '../etc/passwd')).toBeNull();
    await expect(mailer.send({ ...mail, id: '../escape' })).rejects.toThrow('Invalid mail id');
  });

  it('makes the outbox folder when it is missing, first or after it was removed', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'outbox-parent-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    const dir = join(parent, 'outbox');
    const mailer = createOutboxMailer({
      dir,
      from: 'Shortlist <s@x.example>',
      previewBaseUrl: null,
    });

    await mailer.send(mail);
    expect(await readOutboxMessage(dir, mail.id)).toMatchObject({ id: mail.id });
    await rm(dir, { recursive: true });
    const second = { ...mail, id: `${mail.id}-2` };
    await mailer.send(second);
    expect(await readOutboxMessage(dir, second.id)).toMatchObject({ id: second.id });
  });
});
