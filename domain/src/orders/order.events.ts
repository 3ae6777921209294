import { z } from 'zod';
import { type AtsDocumentKind, CHECK_IDS, type CheckStatus } from '../ats';
import {
  type EventOf,
  eventCatalogue,
  personal,
  type StoredEventOf,
} from '../core/event-catalogue';
import { CURRENCIES } from '../pricing/currency';
import { PURCHASABLE_SERVICE_IDS } from '../pricing/service-catalogue';
import type { ResumePayload } from '../resume/resume-payload.schema';

/** Stream `order-{orderId}` (ARCHITECTURE.md). Payloads are plain JSON. */

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an admin sets from the order list (SPEC §4). */
export const ADMIN_SETTABLE_STATUSES = ['pending', 'processing', 'completed'] as const;
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

const orderId = z.string().min(1);
const amount = z.number();
const currency = z.enum(CURRENCIES);
const status = z.enum(ORDER_STATUSES);

/** A file the customer uploaded (rewrite/review) or an admin delivered; the bytes live in file storage. */
const storedFileRef = z.object({
  /** Random storage id; never a path. */
  fileId: z.string(),
  /** The original file name, shown to people. */
  name: z.string(),
});
export type StoredFileRef = z.infer<typeof storedFileRef>;

const foundText = z.string().nullable();
/** The fields the ATS check found in the uploaded resume. Personal data. */
const atsFoundFields = z.object({
  name: foundText,
  email: foundText,
  phone: foundText,
  location: foundText,
  linkedin: foundText,
  jobs: z.array(z.object({ title: foundText, company: foundText, dates: foundText })),
  education: z.array(z.object({ degree: foundText, school: foundText, dates: foundText })),
  skills: z.array(z.string()),
});
export type AtsFoundFields = z.infer<typeof atsFoundFields>;

/** One check's verdict as the order keeps it in clear; its sentence is sealed apart. */
const atsCheckVerdict = z.object({
  id: z.enum(CHECK_IDS),
  title: z.string(),
  status: z.enum(['pass', 'warn', 'fail']) satisfies z.ZodType<CheckStatus>,
});
export type AtsCheckVerdict = z.infer<typeof atsCheckVerdict>;

/** The job description's keywords the resume has and lacks (from the advert, not the person). */
const atsJobMatch = z.object({
  found: z.array(z.string()),
  missing: z.array(z.string()),
  percent: z.number().nullable(),
});
export type AtsJobMatch = z.infer<typeof atsJobMatch>;

/**
 * The resume form is kept as the customer sent it: the contract validated it when the order was
 * placed, and parsing it again with today's resume schema (defaults, trims) would change rows a
 * replay must give back unchanged. So the stored field is `z.custom` of the decided type (the
 * contract's parsed `ResumePayload`, its z.output): decoding neither fills defaults nor trims.
 */
const storedResume = z.custom<ResumePayload>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Expected the resume form (an object)',
);

/**
 * The order's events: the only declaration of them. The TypeScript types below are inferred
 * (event-catalogue.ts `EventOf`); decoding a stored event gives `StoredOrderEvent`, where every
 * personal field may read null once its key is erased.
 */
export const orderEvents = eventCatalogue({
  OrderPlaced: z.object({
    orderId,
    userId: z.string().min(1),
    userEmail: personal(z.string()),
    service: z.enum(PURCHASABLE_SERVICE_IDS),
    planName: z.string(),
    description: z.string(),
    amount,
    currency,
    /** The builder's form, for resume_from_scratch orders. */
    resume: personal(storedResume.nullable()),
    /** The uploaded resume, for rewrite and review orders. */
    customerUploads: personal(z.array(storedFileRef)),
  }),
  OrderCurrencyChanged: z.object({ orderId, currency, amount }),
  OrderDeleted: z.object({ orderId }),
  OrderPaid: z.object({
    orderId,
    paymentId: z.string(),
    providerOrderId: z.string(),
    amount,
    currency,
  }),
  OrderStatusChanged: z.object({ orderId, from: status, to: status }),
  DeliveryAttached: z.object({
    orderId,
    file: personal(storedFileRef),
    filename: personal(z.string()),
  }),
  DeliveryRemoved: z.object({ orderId, filename: personal(z.string()) }),
  ReviewSuggestionsSaved: z.object({ orderId, text: personal(z.string()) }),
  OrderRefunded: z.object({ orderId, refundId: z.string(), amount, currency }),
  OrderDataErased: z.object({ orderId }),
  /**
   * The customer opened what was delivered (a file or the written suggestions) since the last
   * delivery: the "new delivery" marker goes until the next one.
   */
  DeliveryOpened: z.object({ orderId }),
  /**
   * The ATS check of the uploaded resume, run by the server on the stored file when the order
   * was placed from the ATS check page. Score, verdicts and the job match stay readable after an
   * erasure; what the parser read from the person's file (its text, the fields it found, and the
   * checks' sentences, which quote the resume's headings and dates) is personal.
   */
  AtsCheckRecorded: z.object({
    orderId,
    score: z.number(),
    kind: z.enum(['pdf', 'docx', 'doc']) satisfies z.ZodType<AtsDocumentKind>,
    pages: z.number(),
    words: z.number(),
    /** Worst first, as the customer saw them. */
    checks: z.array(atsCheckVerdict),
    jobMatch: atsJobMatch.nullable(),
    limitations: z.array(z.string()),
    /** One sentence per entry of `checks`, in the same order. */
    checkMessages: personal(z.array(z.string())),
    /** The plain text as the parser read it. */
    extractedText: personal(z.string()),
    fields: personal(atsFoundFields),
  }),
});

export type OrderEvent = EventOf<typeof orderEvents>;
export type OrderPlaced = EventOf<typeof orderEvents, 'OrderPlaced'>;
export type OrderCurrencyChanged = EventOf<typeof orderEvents, 'OrderCurrencyChanged'>;
export type OrderDeleted = EventOf<typeof orderEvents, 'OrderDeleted'>;
export type OrderPaid = EventOf<typeof orderEvents, 'OrderPaid'>;
export type OrderStatusChanged = EventOf<typeof orderEvents, 'OrderStatusChanged'>;
export type DeliveryAttached = EventOf<typeof orderEvents, 'DeliveryAttached'>;
export type DeliveryRemoved = EventOf<typeof orderEvents, 'DeliveryRemoved'>;
export type ReviewSuggestionsSaved = EventOf<typeof orderEvents, 'ReviewSuggestionsSaved'>;
export type OrderRefunded = EventOf<typeof orderEvents, 'OrderRefunded'>;
export type OrderDataErased = EventOf<typeof orderEvents, 'OrderDataErased'>;
export type DeliveryOpened = EventOf<typeof orderEvents, 'DeliveryOpened'>;
export type AtsCheckRecorded = EventOf<typeof orderEvents, 'AtsCheckRecorded'>;

export type StoredOrderEvent = StoredEventOf<typeof orderEvents>;

export const orderStreamName = (orderId: string): string => `order-${orderId}`;
