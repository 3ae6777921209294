import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicOrigin: 'http://localhost:3000',
      dataDir: resolve(REPO_ROOT, '.data'),
      databaseUrl: null,
      embeddedPgPort: 54329,
      eventStoreUrl: null,
      redisUrl: null,
      queueLockMs: 30_000,
      jwtSecret: null,
      jwtExpiresIn: '7d',
      razorpay: null,
      admin: null,
      logLevel: 'info',
      maintenance: false,
      projectionWaitMs: 5000,
    });
    expect(config.webRoot).toBe(resolve(REPO_ROOT));
  });

  it('sizes the document pool: defaults, values, and a bad value named', () => {
    expect(loadConfig({}).documentWork).toEqual({
      workers: 2,
      queue: 16,
      jobTimeoutMs: 15_000,
      heapMb: 256,
    });
    expect(
      loadConfig({
        DOCUMENT_WORKERS: '4',
        DOCUMENT_QUEUE: '0',
        DOCUMENT_JOB_SECONDS: '30',
        DOCUMENT_WORKER_HEAP_MB: '512',
      }).documentWork,
    ).toEqual({ workers: 4, queue: 0, jobTimeoutMs: 30_000, heapMb: 512 });
    expect(problemsOf({ DOCUMENT_WORKERS: '0', DOCUMENT_WORKER_HEAP_MB: '16' })).toBe(
      'Invalid configuration: DOCUMENT_WORKERS must be an integer between 1 and 64 (got "0"); ' +
        'DOCUMENT_WORKER_HEAP_MB must be an integer between 64 and 8192 (got "16")',
    );
  });

  it('derives PUBLIC_ORIGIN from PORT and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', SMTP_URL: '', MAINTENANCE: 'yes' });
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.smtpUrl).toBeNull();
    expect(config.maintenance).toBe(true);
  });

  it('names the variable, the rule and the value for a bad PORT', () => {
    expect(problemsOf({ PORT: 'abc' })).toBe(
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")',
    );
    expect(problemsOf({ PORT: '70000' })).toContain('PORT must be an integer');
  });

  it('lists every bad variable at once', () => {
    const message = problemsOf({
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://x',
      MAINTENANCE: 'perhaps',
      JWT_EXPIRES_IN: '3600',
      LOG_LEVEL: 'loud',
    });
    expect(message).toContain('NODE_ENV must be development, test or production (got "staging")');
    expect(message).toContain('DATABASE_URL must be a URL such as postgres://');
    expect(message).toContain('MAINTENANCE must be true or false (got "perhaps")');
    expect(message).toContain('JWT_EXPIRES_IN must be a duration such as 15m, 12h or 7d');
    expect(message).toContain('LOG_LEVEL must be one of fatal, error, warn, info');
  });

  it('requires a long JWT_SECRET in production and never echoes a secret', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(
      'JWT_SECRET is required in production',
    );
    const short = problemsOf({ JWT_SECRET: 'tooshort' });
    expect(short).toContain('JWT_SECRET must be at least 32 characters');
    expect(short).not.toContain('tooshort');
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, RAZORPAY_SANDBOX: 'true' })
        .jwtSecret,
    ).toBe(secret);
  });

  it('keeps /metrics loopback-only without METRICS_TOKEN; a bad token is named, never echoed', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = 'm'.repeat(40);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    const short = problemsOf({ METRICS_TOKEN: 'short-token' });
    expect(short).toContain('METRICS_TOKEN must be 32 to 256 characters');
    expect(short).not.toContain('short-token');
    expect(problemsOf({ METRICS_TOKEN: `${'m'.repeat(40)} x` })).toContain('METRICS_TOKEN');
  });

  it('wants the Razorpay keys all or none', () => {
    const message = problemsOf({ RAZORPAY_KEY_ID: 'rzp_test_1' });
    expect(message).toContain('RAZORPAY_KEY_SECRET is required when any of');
    expect(message).toContain('RAZORPAY_WEBHOOK_SECRET is required when any of');
    expect(
      loadConfig({
        RAZORPAY_KEY_ID: 'id',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
      }).razorpay,
    ).toEqual({ keyId: 'id', keySecret: 'secret', webhookSecret: 'hook' });
  });

  it('refuses production without Razorpay keys unless RAZORPAY_SANDBOX asks for the sandbox', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(problemsOf(production)).toContain('RAZORPAY_KEY_ID is required in production');
    expect(problemsOf({ ...production, RAZORPAY_SANDBOX: 'false' })).toContain(
      'anyone mark orders paid',
    );
    expect(problemsOf({ ...production, RAZORPAY_SANDBOX: 'maybe' })).toContain(
      'RAZORPAY_SANDBOX must be true or false (got "maybe")',
    );
    const onSandbox = loadConfig({ ...production, RAZORPAY_SANDBOX: 'true' });
    expect([onSandbox.razorpay, onSandbox.razorpaySandbox]).toEqual([null, true]);
    const keys = { RAZORPAY_KEY_ID: 'id', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'h' };
    const instrumentKey = { PAYMENT_INSTRUMENT_KEY: 'k'.repeat(32) };
    expect(loadConfig({ ...production, ...keys, ...instrumentKey }).razorpay).not.toBeNull();
    // Real payments are fingerprinted with a key of their own, kept for good.
    expect(problemsOf({ ...production, ...keys })).toContain(
      'PAYMENT_INSTRUMENT_KEY is required in production with Razorpay keys',
    );
    const short = problemsOf({ PAYMENT_INSTRUMENT_KEY: 'short' });
    expect(short).toContain('PAYMENT_INSTRUMENT_KEY must be at least 32 characters');
    expect(short).not.toContain('short"');
    expect(loadConfig({ ...production, RAZORPAY_SANDBOX: 'true' }).paymentInstrumentKey).toBe(null);
    // Outside production the sandbox is the default, as before.
    expect(loadConfig({}).razorpaySandbox).toBe(false);
    expect(loadConfig({}).razorpay).toBeNull();
  });

  it('wants the first admin as a pair', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'boss@example.com' })).toContain(
      'ADMIN_PASSWORD is required when the other of ADMIN_EMAIL, ADMIN_PASSWORD is set',
    );
    expect(problemsOf({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' })).toContain(
      'ADMIN_EMAIL must be an e-mail address (got "nope")',
    );
  });

  it('keeps mail previews off by default and refuses them in production or beside SMTP', () => {
    expect(loadConfig({}).mailPreviewLinks).toBe(false);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        RAZORPAY_SANDBOX: 'true',
        MAIL_PREVIEW_LINKS: 'true',
      }),
    ).toBe(
      'Invalid configuration: MAIL_PREVIEW_LINKS must not be on in production (it shows reset mails to anyone who asks) (got "true")',
    );
    expect(problemsOf({ MAIL_PREVIEW_LINKS: 'true', SMTP_URL: 'smtp://mail:587' })).toContain(
      'MAIL_PREVIEW_LINKS needs the local outbox',
    );
  });

  it('binds to loopback whatever HOST says while mail previews are on', () => {
    const config = loadConfig({ MAIL_PREVIEW_LINKS: 'true', HOST: '0.0.0.0' });
    expect(config.mailPreviewLinks).toBe(true);
    expect(config.host).toBe('127.0.0.1');
    expect(loadConfig({ MAIL_PREVIEW_LINKS: 'false', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy by default; TRUST_PROXY takes true or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    // A hop count is refused: Fastify would silently trust nothing with one.
    for (const bad of ['1', 'yes-please', '10.0.0.0/33', '10.0.0/8', 'proxy.example', '1.2.3.4,']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toContain(
        "TRUST_PROXY must be false, true, or the proxies' addresses or CIDR ranges",
      );
    }
  });

  it('resolves relative directories and normalises PUBLIC_ORIGIN', () => {
    const config = loadConfig({
      DATA_DIR: 'tmp/data',
      PUBLIC_ORIGIN: 'https://shortlist.example/',
    });
    expect(config.dataDir).toBe(resolve(process.cwd(), 'tmp/data'));
    expect(config.publicOrigin).toBe('https://shortlist.example');
    expect(problemsOf({ PUBLIC_ORIGIN: 'shortlist.example' })).toContain(
      'PUBLIC_ORIGIN must be an http(s) origin',
    );
  });
});

describe('loadConfig: file storage', () => {
  const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/shortlist';

  it('keeps files on local disk when embedded and in PostgreSQL in services mode', () => {
    expect(loadConfig({}).fileStorage).toBe('local');
    expect(loadConfig({ DATABASE_URL }).fileStorage).toBe('postgres');
    expect(loadConfig({ DATABASE_URL, FILE_STORAGE: 'local' }).fileStorage).toBe('local');
    expect(loadConfig({ FILE_STORAGE: 'postgres' }).fileStorage).toBe('postgres');
    expect(loadConfig({}).s3).toBeNull();
  });

  it('runs background work in the process unless BACKGROUND_WORK=worker, which needs services mode', () => {
    expect(loadConfig({}).backgroundWork).toBe('here');
    const REDIS_URL = 'redis://127.0.0.1:6379';
    expect(loadConfig({ DATABASE_URL, REDIS_URL, BACKGROUND_WORK: 'worker' }).backgroundWork).toBe(
      'worker',
    );
    expect(problemsOf({ BACKGROUND_WORK: 'elsewhere' })).toBe(
      'Invalid configuration: BACKGROUND_WORK must be one of here, worker (got "elsewhere")',
    );
    const embedded = problemsOf({ BACKGROUND_WORK: 'worker' });
    expect(embedded).toContain('BACKGROUND_WORK needs DATABASE_URL when it is worker');
    expect(embedded).toContain('BACKGROUND_WORK needs REDIS_URL when it is worker');
    expect(problemsOf({ DATABASE_URL, BACKGROUND_WORK: 'worker' })).not.toContain('DATABASE_URL');
  });

  it('names FILE_STORAGE and the S3 variables when they are wrong or missing', () => {
    expect(problemsOf({ FILE_STORAGE: 'disk' })).toBe(
      'Invalid configuration: FILE_STORAGE must be one of local, postgres, s3 (got "disk")',
    );
    expect(problemsOf({ FILE_STORAGE: 's3', S3_REGION: 'eu-west-1' })).toBe(
      'Invalid configuration: S3_BUCKET is required when FILE_STORAGE=s3',
    );
    expect(problemsOf({ FILE_STORAGE: 's3', S3_BUCKET: 'shortlist-files' })).toContain(
      'S3_REGION is required with S3_BUCKET',
    );
    const message = problemsOf({
      S3_BUCKET: 'Shortlist_Files',
      S3_ENDPOINT: 'ftp://minio',
      S3_KEY_PREFIX: '../files',
      S3_FORCE_PATH_STYLE: 'maybe',
    });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_KEY_PREFIX', 'S3_FORCE_PATH_STYLE']) {
      expect(message).toContain(`${name} must`);
    }
  });

  it('reads the bucket, its region (or AWS_REGION) and an S3-compatible endpoint', () => {
    expect(
      loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'shortlist-files', AWS_REGION: 'ap-south-1' }),
    ).toMatchObject({
      fileStorage: 's3',
      s3: {
        bucket: 'shortlist-files',
        region: 'ap-south-1',
        endpoint: null,
        forcePathStyle: false,
        keyPrefix: '',
      },
    });
    expect(
      loadConfig({
        S3_BUCKET: 'shortlist-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_KEY_PREFIX: 'prod/files/',
      }).s3,
    ).toEqual({
      bucket: 'shortlist-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      keyPrefix: 'prod/files/',
    });
  });
});
