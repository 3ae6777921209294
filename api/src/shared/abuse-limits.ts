import type { AttemptLimit } from './rate-limits';

/** What one account may keep uploaded on orders still waiting for their payment. */
export interface UploadQuota {
  files: number;
  bytes: number;
}

/**
 * The limits that keep one visitor from using up the service for everyone (README "Limits"),
 * beside the account routes' own (rate-limits.ts). One object, decorated as `app.limits`, so a
 * test that places many orders from one account can raise them in one place.
 */
export interface AbuseLimits {
  /** Unpaid uploads per account (count and bytes), checked by POST /orders/service. */
  unpaidUploads: UploadQuota;
  /** POST /orders/service per account, counted before the body is read. */
  serviceOrders: AttemptLimit;
  /** POST /orders/service per client IP, over every account behind it. */
  serviceOrdersPerIp: AttemptLimit;
  /** POST /resume/preview.pdf per account. */
  resumePreview: AttemptLimit;
  /** POST /influencer/queries per influencer. */
  influencerQueries: AttemptLimit;
  /** PUT /resume/draft per account. */
  resumeDraftSaves: AttemptLimit;
  /** Clicks counted per client IP on short referral links (`/r/{code}`); more still redirect. */
  referralClicks: AttemptLimit;
}

const MINUTE = 60_000;

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  // A customer orders a rewrite or a review of a resume and pays at once; one comparing both
  // services for two resumes has four unpaid uploads. Real resumes are small (ats-corpus:
  // median 110 KB, largest 265 KB) and the 10 MB cap per file is for scans, so 25 MB still
  // holds two of the largest scans. Until it pays, deletes or the orders expire (7 days), an
  // account holds no more.
  unpaidUploads: { files: 5, bytes: 25 * 1024 * 1024 },
  // A person places one order per resume and service, and retries a refused file a few times:
  // 10 in 10 minutes. Each one streams up to 10 MB to disk and may be parsed for the ATS check.
  serviceOrders: { max: 10, timeWindowMs: 10 * MINUTE },
  // Several people behind one office or campus address, each within their own 10.
  serviceOrdersPerIp: { max: 30, timeWindowMs: 10 * MINUTE },
  // The builder's Preview button: a few presses while the form is checked over. A 950 KB form
  // takes over a second of rendering.
  resumePreview: { max: 10, timeWindowMs: MINUTE },
  // An influencer writes to support now and then; 10 an hour leaves room for a follow-up or two.
  influencerQueries: { max: 10, timeWindowMs: 60 * MINUTE },
  // The builder saves a second after typing stops: even a fast typist pausing between every
  // word stays far below two a second. Two tabs on the same account share the count.
  resumeDraftSaves: { max: 120, timeWindowMs: MINUTE },
  // A person clicks a link a few times; a script refreshing it should not inflate the funnel.
  referralClicks: { max: 20, timeWindowMs: 10 * MINUTE },
};

/** What a caller who hits one of these rate limits reads (HTTP 429, with Retry-After). */
export const LIMIT_MESSAGES = {
  tooManyOrders: 'Too many orders in a short time. Please wait a few minutes and try again.',
  tooManyPreviews: 'Too many previews in a short time. Please wait a minute and try again.',
  tooManyQueries: 'Too many queries in a short time. Please wait a while and try again.',
  tooManyDraftSaves: 'Your draft is being saved too often. Please wait a minute.',
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits in force (DEFAULT_ABUSE_LIMITS unless buildApp was given others). */
    limits: AbuseLimits;
  }
}
