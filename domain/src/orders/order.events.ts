import { z } from 'zod';
import { type AtsCheckId, type AtsDocumentKind, CHECK_IDS, type CheckStatus } from '../ats';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, personal, type StoredEventOf } from '../core/event-catalogue';
import { CURRENCIES, type Currency } from '../pricing/currency';
import { PURCHASABLE_SERVICE_IDS, type PurchasableServiceId } from '../pricing/service-catalogue';
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

/** A file the customer uploaded (rewrite/review) or an admin delivered; the bytes live in file storage. */
export interface StoredFileRef {
  /** Random storage id; never a path. */
  fileId: string;
  /** The original file name, shown to people. */
  name: string;
}

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    orderId: string;
    userId: string;
    userEmail: string;
    service: PurchasableServiceId;
    planName: string;
    description: string;
    amount: number;
    currency: Currency;
    /** The builder's form, for resume_from_scratch orders. Personal data. */
    resume: ResumePayload | null;
    /** The uploaded resume, for rewrite and review orders. Personal data. */
    customerUploads: StoredFileRef[];
  }
>;

export type OrderCurrencyChanged = DomainEvent<
  'OrderCurrencyChanged',
  { orderId: string; currency: Currency; amount: number }
>;

export type OrderDeleted = DomainEvent<'OrderDeleted', { orderId: string }>;

export type OrderPaid = DomainEvent<
  'OrderPaid',
  {
    orderId: string;
    paymentId: string;
    providerOrderId: string;
    amount: number;
    currency: Currency;
  }
>;

export type OrderStatusChanged = DomainEvent<
  'OrderStatusChanged',
  { orderId: string; from: OrderStatus; to: OrderStatus }
>;

export type DeliveryAttached = DomainEvent<
  'DeliveryAttached',
  { orderId: string; file: StoredFileRef; filename: string }
>;

export type DeliveryRemoved = DomainEvent<'DeliveryRemoved', { orderId: string; filename: string }>;

export type ReviewSuggestionsSaved = DomainEvent<
  'ReviewSuggestionsSaved',
  { orderId: string; text: string }
>;

export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  { orderId: string; refundId: string; amount: number; currency: Currency }
>;

export type OrderDataErased = DomainEvent<'OrderDataErased', { orderId: string }>;

/**
 * The customer opened what was delivered (a file or the written suggestions) since the last
 * delivery: the "new delivery" marker goes until the next one.
 */
export type DeliveryOpened = DomainEvent<'DeliveryOpened', { orderId: string }>;

/** One check's verdict as the order keeps it in clear; its sentence is sealed apart. */
export interface AtsCheckVerdict {
  id: AtsCheckId;
  title: string;
  status: CheckStatus;
}

/** The fields the ATS check found in the uploaded resume. Personal data. */
export interface AtsFoundFields {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  linkedin: string | null;
  jobs: { title: string | null; company: string | null; dates: string | null }[];
  education: { degree: string | null; school: string | null; dates: string | null }[];
  skills: string[];
}

/** The job description's keywords the resume has and lacks (from the advert, not the person). */
export interface AtsJobMatch {
  found: string[];
  missing: string[];
  percent: number | null;
}

/**
 * The ATS check of the uploaded resume, run by the server on the stored file when the order was
 * placed from the ATS check page (issue 14). Score, verdicts and the job match stay readable
 * after an erasure; what the parser read from the person's file (its text, the fields it found,
 * and the checks' sentences, which quote the resume's headings and dates) is personal.
 */
export type AtsCheckRecorded = DomainEvent<
  'AtsCheckRecorded',
  {
    orderId: string;
    score: number;
    kind: AtsDocumentKind;
    pages: number;
    words: number;
    /** Worst first, as the customer saw them. */
    checks: AtsCheckVerdict[];
    jobMatch: AtsJobMatch | null;
    limitations: string[];
    /** One sentence per entry of `checks`, in the same order. Personal data. */
    checkMessages: string[];
    /** The plain text as the parser read it. Personal data. */
    extractedText: string;
    /** Personal data. */
    fields: AtsFoundFields;
  }
>;

export type OrderEvent =
  | OrderPlaced
  | OrderCurrencyChanged
  | OrderDeleted
  | OrderPaid
  | OrderStatusChanged
  | DeliveryAttached
  | DeliveryRemoved
  | ReviewSuggestionsSaved
  | OrderRefunded
  | OrderDataErased
  | AtsCheckRecorded
  | DeliveryOpened;

const orderId = z.string().min(1);
const amount = z.number();
const currency = z.enum(CURRENCIES);
const status = z.enum(ORDER_STATUSES);
const storedFileRef = z.object({ fileId: z.string(), name: z.string() });
const foundText = z.string().nullable();
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
/**
 * The resume form is kept as the customer sent it: the contract validated it when the order was
 * placed, and parsing it again with today's resume schema (defaults, trims) would change rows a
 * replay must give back unchanged.
 */
const storedResume = z.custom<ResumePayload>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Expected the resume form (an object)',
);

/** The order's events as they read back from the store (event-catalogue.ts). */
export const orderEvents = eventCatalogue<OrderEvent>()({
  OrderPlaced: z.object({
    orderId,
    userId: z.string().min(1),
    userEmail: personal(z.string()),
    service: z.enum(PURCHASABLE_SERVICE_IDS),
    planName: z.string(),
    description: z.string(),
    amount,
    currency,
    resume: personal(storedResume),
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
  DeliveryOpened: z.object({ orderId }),
  AtsCheckRecorded: z.object({
    orderId,
    score: z.number(),
    kind: z.enum(['pdf', 'docx', 'doc']),
    pages: z.number(),
    words: z.number(),
    checks: z.array(
      z.object({
        id: z.enum(CHECK_IDS),
        title: z.string(),
        status: z.enum(['pass', 'warn', 'fail']),
      }),
    ),
    jobMatch: z
      .object({
        found: z.array(z.string()),
        missing: z.array(z.string()),
        percent: z.number().nullable(),
      })
      .nullable(),
    limitations: z.array(z.string()),
    checkMessages: personal(z.array(z.string())),
    extractedText: personal(z.string()),
    fields: personal(atsFoundFields),
  }),
});

export type StoredOrderEvent = StoredEventOf<typeof orderEvents>;

export const orderStreamName = (orderId: string): string => `order-${orderId}`;
