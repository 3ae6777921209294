import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The whole configuration, read once at start from the environment (ARCHITECTURE.md). Every
 * variable has one schema here; a bad value stops the start with a message naming it.
 */
export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Origin used in links (referral links, e-mails), without a trailing slash. */
  publicOrigin: string;
  /** Absolute. Embedded PostgreSQL data, uploads, mail outbox, generated secrets. */
  dataDir: string;
  /** null = start the embedded PostgreSQL. */
  databaseUrl: string | null;
  embeddedPgPort: number;
  /** null = the PostgreSQL event store in the read-model database. */
  eventStoreUrl: string | null;
  /** null = the in-process queue. */
  redisUrl: string | null;
  /**
   * BullMQ's job lock and stalled-job check, both BullMQ's default (30 s): a job whose worker
   * died is run again within about twice this. Shortened only by tests that kill a worker.
   */
  queueLockMs: number;
  /** null outside production = generated once and kept in DATA_DIR (see secrets.ts). */
  jwtSecret: string | null;
  jwtExpiresIn: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * MAIL_PREVIEW_LINKS: development only. /forgot answers a link to its mail in the local outbox
   * and /api/dev/outbox serves it to anyone, so the server then listens on 127.0.0.1 only.
   */
  mailPreviewLinks: boolean;
  /**
   * UNPAID_REMINDER_SECONDS: how long after an unpaid order is placed its one reminder mail goes
   * out (if still unpaid, and the customer has not unsubscribed). Below the 7-day expiry.
   */
  unpaidReminderSeconds: number;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string } | null;
  /**
   * RAZORPAY_SANDBOX: production may run on the local sandbox (anyone can mark orders paid) only
   * when this says so; without keys and without it, production refuses to start.
   */
  razorpaySandbox: boolean;
  /**
   * PAYMENT_INSTRUMENT_KEY: the HMAC key of payment instrument fingerprints (which card or UPI id
   * paid, compared across referred accounts). null = derived from JWT_SECRET; required in
   * production with real Razorpay keys, since fingerprints must stay comparable for as long as
   * the ledger keeps them, also across a JWT_SECRET rotation.
   */
  paymentInstrumentKey: string | null;
  /**
   * RAZORPAYX_ACCOUNT_NUMBER: the RazorpayX account influencer payouts are paid from, written in
   * the bulk payouts file; null leaves that column for the admin to fill in.
   */
  razorpayxAccountNumber: string | null;
  admin: { email: string; password: string } | null;
  logLevel: LogLevel;
  maintenance: boolean;
  projectionWaitMs: number;
  /**
   * METRICS_TOKEN: the bearer token GET /metrics asks for. null = /metrics answers only
   * connections from this machine (loopback), with no token.
   */
  metricsToken: string | null;
  /** Absolute. Where web-customer/dist, web-admin/dist and web-influencer/dist are found. */
  webRoot: string;
  /**
   * TRUST_PROXY: which proxies in front of the server may say who the client is (Fastify's
   * trustProxy, read from X-Forwarded-For): false (none: the socket's address is the client),
   * or the proxies' addresses and CIDR ranges; true trusts every hop.
   */
  trustProxy: TrustProxy;
  /**
   * FILE_STORAGE: where uploaded and delivered files live (README "Files"): local disk under
   * DATA_DIR/files (default in the embedded mode), PostgreSQL (default with DATABASE_URL, so
   * every API instance reaches every file) or an S3 bucket.
   */
  fileStorage: FileStorageKind;
  /** The S3 bucket (FILE_STORAGE=s3, or a move to or from S3); null without S3_BUCKET. */
  s3: S3Settings | null;
  /**
   * BACKGROUND_WORK: where the projectors, the reactors (mail, process managers) and the queue's
   * jobs run. `here` (default): in this process, beside the API. `worker` (services mode): only
   * in `npm run worker`, so an API instance spends its CPU answering requests; it still
   * enqueues jobs and reads the read models, which the worker keeps up to date.
   */
  backgroundWork: BackgroundWork;
  /** The worker pool for documents a visitor sent (README "Documents"). */
  documentWork: {
    workers: number;
    queue: number;
    jobTimeoutMs: number;
    heapMb: number;
  };
}

export const BACKGROUND_WORK_PLACES = ['here', 'worker'] as const;
export type BackgroundWork = (typeof BACKGROUND_WORK_PLACES)[number];

export const FILE_STORAGE_KINDS = ['local', 'postgres', 's3'] as const;
export type FileStorageKind = (typeof FILE_STORAGE_KINDS)[number];

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); null for AWS. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Put before every file id in the bucket; '' for none. */
  keyPrefix: string;
}

export type TrustProxy = boolean | string[];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root (api/src/config → ../../..): default home of `.data` and the web builds. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(min: number, max: number) {
  return z.string().transform((raw, ctx) => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
      return z.NEVER;
    }
    return value;
  });
}

function url(protocols: string[], example: string) {
  return z.string().refine(
    (raw) => {
      try {
        return protocols.includes(new URL(raw).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );
}

const booleanText = z.string().transform((raw, ctx) => {
  const value = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const origin = z.string().transform((raw, ctx) => {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({
    code: 'custom',
    message: 'must be an http(s) origin such as https://example.com',
  });
  return z.NEVER;
});

// The names proxy-addr (behind Fastify's trustProxy) knows for the private ranges.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address, optionally with a prefix length, or a proxy-addr range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

// No hop count: Fastify 5 fails closed on one (it cannot tell a proxy from a client that
// sends enough X-Forwarded-For entries itself), so the proxies are named by address.
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.toLowerCase();
  if (['true', 'false'].includes(value)) return value === 'true';
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      "must be false, true, or the proxies' addresses or CIDR ranges separated by commas " +
      '(e.g. 10.0.0.0/8,127.0.0.1)',
  });
  return z.NEVER;
});

const path = z.string().transform((raw) => (isAbsolute(raw) ? raw : resolve(process.cwd(), raw)));

// fast-jwt (behind @fastify/jwt) reads a bare number as milliseconds, a common surprise, so
// only durations with a unit are accepted.
const duration = z
  .string()
  .regex(/^\d+\s*(ms|s|m|h|d|w|y)$/, { message: 'must be a duration such as 15m, 12h or 7d' });

const schema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'], {
        message: 'must be development, test or production',
      })
      .default('development'),
    PORT: integer(1, 65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_ORIGIN: origin.optional(),
    DATA_DIR: path.optional(),
    DATABASE_URL: url(['postgres', 'postgresql'], 'postgres://user:password@host:5432/db')
      .nullable()
      .default(null),
    EMBEDDED_PG_PORT: integer(1, 65535).default(54329),
    EVENTSTORE_URL: url(['kurrentdb', 'kdb', 'esdb', 'kurrent'], 'kurrentdb://host:2113?tls=false')
      .nullable()
      .default(null),
    REDIS_URL: url(['redis', 'rediss'], 'redis://127.0.0.1:6379').nullable().default(null),
    QUEUE_LOCK_SECONDS: integer(1, 600).default(30),
    JWT_SECRET: z
      .string()
      .min(32, { message: 'must be at least 32 characters' })
      .nullable()
      .default(null),
    JWT_EXPIRES_IN: duration.default('7d'),
    SMTP_URL: url(['smtp', 'smtps'], 'smtp://user:password@host:587').nullable().default(null),
    MAIL_FROM: z.string().default('Shortlist <support@shortlist.example>'),
    MAIL_PREVIEW_LINKS: booleanText.default(false),
    // At most 6 days: an unpaid order is removed on its 7th day.
    UNPAID_REMINDER_SECONDS: integer(1, 6 * 24 * 3600).default(24 * 3600),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    RAZORPAY_SANDBOX: booleanText.default(false),
    PAYMENT_INSTRUMENT_KEY: z
      .string()
      .min(32, { message: 'must be at least 32 characters' })
      .nullable()
      .default(null),
    // RazorpayX's own rule for the debit account in a bulk file.
    RAZORPAYX_ACCOUNT_NUMBER: z
      .string()
      .regex(/^[A-Za-z0-9 ]{5,22}$/, { message: 'must be 5 to 22 letters, digits or spaces' })
      .nullable()
      .default(null),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
      .default('info'),
    MAINTENANCE: booleanText.default(false),
    PROJECTION_WAIT_MS: integer(0, 600_000).default(5000),
    METRICS_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, {
        message: 'must be 32 to 256 characters of letters, digits and . _ ~ + / = -',
      })
      .nullable()
      .default(null),
    WEB_ROOT: path.optional(),
    BACKGROUND_WORK: z
      .enum(BACKGROUND_WORK_PLACES, {
        message: `must be one of ${BACKGROUND_WORK_PLACES.join(', ')}`,
      })
      .default('here'),
    FILE_STORAGE: z
      .enum(FILE_STORAGE_KINDS, { message: `must be one of ${FILE_STORAGE_KINDS.join(', ')}` })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: 'must be an S3 bucket name (3 to 63 lowercase letters, digits, dots, hyphens)',
      })
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { message: 'must be a region name such as eu-west-1' })
      .optional(),
    // The AWS SDK's own variable, used when S3_REGION is not set.
    AWS_REGION: z.string().optional(),
    S3_ENDPOINT: url(['http', 'https'], 'https://s3.example.com').optional(),
    S3_FORCE_PATH_STYLE: booleanText.optional(),
    S3_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*\/$/, {
        message: 'must be letters, digits and . _ - / ending in /, such as shortlist/files/',
      })
      .optional(),
    TRUST_PROXY: trustProxy.default(false),
    DOCUMENT_WORKERS: integer(1, 64).default(2),
    DOCUMENT_QUEUE: integer(0, 1000).default(16),
    DOCUMENT_JOB_SECONDS: integer(1, 600).default(15),
    DOCUMENT_WORKER_HEAP_MB: integer(64, 8192).default(256),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.JWT_SECRET === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    }
    if (env.MAIL_PREVIEW_LINKS && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_PREVIEW_LINKS'],
        message: 'must not be on in production (it shows reset mails to anyone who asks)',
      });
    }
    if (env.MAIL_PREVIEW_LINKS && env.SMTP_URL !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_PREVIEW_LINKS'],
        message: 'needs the local outbox: unset SMTP_URL or turn the previews off',
      });
    }
    const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    const missing = razorpay.filter((name) => env[name] === undefined);
    if (
      missing.length === razorpay.length &&
      env.NODE_ENV === 'production' &&
      !env.RAZORPAY_SANDBOX
    ) {
      // The sandbox's pay button marks any order paid: never in production by accident.
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message:
          'is required in production (with RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET); ' +
          'without them the payment sandbox would let anyone mark orders paid. Set ' +
          'RAZORPAY_SANDBOX=true only to run a production build on the sandbox on purpose',
      });
    }
    if (
      missing.length === 0 &&
      env.NODE_ENV === 'production' &&
      env.PAYMENT_INSTRUMENT_KEY === null
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_INSTRUMENT_KEY'],
        message:
          'is required in production with Razorpay keys (at least 32 random characters, kept ' +
          'for good: it keys the payment instrument fingerprints the referral ledger compares)',
      });
    }
    if (missing.length > 0 && missing.length < razorpay.length) {
      for (const name of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when any of ${razorpay.join(', ')} is set (all or none)`,
        });
      }
    }
    // Only a worker on the same database and Redis can do what this process leaves to it.
    if (env.BACKGROUND_WORK === 'worker') {
      for (const name of ['DATABASE_URL', 'REDIS_URL'] as const) {
        if (env[name] !== null) continue;
        ctx.addIssue({
          code: 'custom',
          path: ['BACKGROUND_WORK'],
          message: `needs ${name} when it is worker (the worker runs beside the API on the same database and Redis)`,
        });
      }
    }
    if (env.FILE_STORAGE === 's3' && env.S3_BUCKET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when FILE_STORAGE=s3',
      });
    }
    if (
      env.S3_BUCKET !== undefined &&
      env.S3_REGION === undefined &&
      env.AWS_REGION === undefined &&
      env.S3_ENDPOINT === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_REGION'],
        message: "is required with S3_BUCKET (the bucket's region, e.g. eu-west-1; or AWS_REGION)",
      });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      const name = env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when the other of ADMIN_EMAIL, ADMIN_PASSWORD is set (both or none)',
      });
    }
  });

/** Throws ConfigError naming every bad variable; never reads anything but `env`. */
export function loadConfig(env: Env): Config {
  // An empty value means unset: compose files write `SMTP_URL: ${SMTP_URL:-}`.
  const present = Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim()] as const)
      .filter(
        (entry): entry is readonly [string, string] => entry[1] !== undefined && entry[1] !== '',
      ),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = present[name];
      const shown =
        raw === undefined || /SECRET|PASSWORD|TOKEN|_KEY$/.test(name) ? '' : ` (got "${raw}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const v = result.data;
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    // The preview links hand out reset mails: only this machine may reach them.
    host: v.MAIL_PREVIEW_LINKS ? '127.0.0.1' : v.HOST,
    publicOrigin: v.PUBLIC_ORIGIN ?? `http://localhost:${v.PORT}`,
    dataDir: v.DATA_DIR ?? resolve(REPO_ROOT, '.data'),
    databaseUrl: v.DATABASE_URL,
    embeddedPgPort: v.EMBEDDED_PG_PORT,
    eventStoreUrl: v.EVENTSTORE_URL,
    redisUrl: v.REDIS_URL,
    queueLockMs: v.QUEUE_LOCK_SECONDS * 1000,
    jwtSecret: v.JWT_SECRET,
    jwtExpiresIn: v.JWT_EXPIRES_IN,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    mailPreviewLinks: v.MAIL_PREVIEW_LINKS,
    unpaidReminderSeconds: v.UNPAID_REMINDER_SECONDS,
    razorpay:
      v.RAZORPAY_KEY_ID && v.RAZORPAY_KEY_SECRET && v.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: v.RAZORPAY_KEY_ID,
            keySecret: v.RAZORPAY_KEY_SECRET,
            webhookSecret: v.RAZORPAY_WEBHOOK_SECRET,
          }
        : null,
    razorpaySandbox: v.RAZORPAY_SANDBOX,
    paymentInstrumentKey: v.PAYMENT_INSTRUMENT_KEY,
    razorpayxAccountNumber: v.RAZORPAYX_ACCOUNT_NUMBER,
    admin:
      v.ADMIN_EMAIL && v.ADMIN_PASSWORD
        ? { email: v.ADMIN_EMAIL, password: v.ADMIN_PASSWORD }
        : null,
    logLevel: v.LOG_LEVEL,
    maintenance: v.MAINTENANCE,
    projectionWaitMs: v.PROJECTION_WAIT_MS,
    metricsToken: v.METRICS_TOKEN,
    webRoot: v.WEB_ROOT ?? resolve(REPO_ROOT),
    backgroundWork: v.BACKGROUND_WORK,
    fileStorage: v.FILE_STORAGE ?? (v.DATABASE_URL === null ? 'local' : 'postgres'),
    s3:
      v.S3_BUCKET === undefined
        ? null
        : {
            bucket: v.S3_BUCKET,
            // S3-compatible services mostly ignore the region, but the signature names one.
            region: v.S3_REGION ?? v.AWS_REGION ?? 'us-east-1',
            endpoint: v.S3_ENDPOINT ?? null,
            // Most S3-compatible services serve buckets by path, AWS by host name.
            forcePathStyle: v.S3_FORCE_PATH_STYLE ?? v.S3_ENDPOINT !== undefined,
            keyPrefix: v.S3_KEY_PREFIX ?? '',
          },
    trustProxy: v.TRUST_PROXY,
    documentWork: {
      workers: v.DOCUMENT_WORKERS,
      queue: v.DOCUMENT_QUEUE,
      jobTimeoutMs: v.DOCUMENT_JOB_SECONDS * 1000,
      heapMb: v.DOCUMENT_WORKER_HEAP_MB,
    },
  };
}
