import { SMTPServer } from 'smtp-server';
import { findPart, parseMime } from './mime';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  messageId: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part, if any. */
  html: string | null;
  raw: string;
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many DATA commands were answered (accepted or refused). */
  attempts(): number;
  /** Resolves with the received mails once there are at least `count`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Refuse this many messages first with a temporary error (451), as a struggling server would. */
  refuseFirst?: number;
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a random port. Test-only. */
export async function startSmtpTestServer(
  options: SmtpTestServerOptions = {},
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would be refused) and no
    // login, as a local relay.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        if (attempts <= (options.refuseFirst ?? 0)) {
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const root = parseMime(raw);
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: root.headers.get('subject') ?? '',
          messageId: root.headers.get('message-id') ?? '',
          text: findPart(root, 'text/plain')?.body ?? '',
          html: findPart(root, 'text/html')?.body ?? null,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no port');
  const { port } = address;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `Expected ${count} mail(s) within ${timeoutMs} ms, got ${received.length}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
