import {
  cleanJobDescription,
  currencySchema,
  DEFAULT_CURRENCY,
  isPurchasableService,
  isServiceId,
  multiLineText,
  singleLineText,
} from '@shortlist/domain';
import {
  ATS_MESSAGES,
  JOB_DESCRIPTION_MAX,
  placeServiceOrderRoute as placeServiceOrderContract,
  UPLOAD_SERVICES,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type StoredDocument,
  storeDocument,
  UPLOAD_MESSAGES,
  uploadErrorFor,
} from '../../../files/document-upload';
import { LIMIT_MESSAGES } from '../../../shared/abuse-limits';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { perAccountRateLimit, perIpLimit } from '../../../shared/rate-limits';
import { ORDER_ROUTE_MESSAGES } from '../orders.messages';
import { placeOrderFor } from '../place-order';
import { atsCheckOfUpload } from './ats-check-of-upload';
import { refuseWhenQuotaFull, withinUploadQuota } from './unpaid-upload-quota';

// The multipart fields bypass Fastify's schema validation, so each one is the contract's text
// type here (NUL and other control characters: 400, never an event a projection cannot store).
const serviceSchema = singleLineText({ error: ORDER_ROUTE_MESSAGES.chooseService }).transform(
  (raw, ctx) => {
    const value = raw.trim();
    const service = UPLOAD_SERVICES.find((candidate) => candidate === value);
    if (service !== undefined) return service;
    // SPEC §5: the coming-soon service cannot be chosen; say so rather than "invalid".
    const comingSoon = isServiceId(value) && !isPurchasableService(value);
    ctx.addIssue({
      code: 'custom',
      message: comingSoon
        ? ORDER_ROUTE_MESSAGES.linkedinComingSoon
        : ORDER_ROUTE_MESSAGES.chooseService,
    });
    return z.NEVER;
  },
);

/**
 * The text fields of the multipart form (SPEC §3 "Service order request"). The body is streamed,
 * not parsed by Fastify, so the handler applies this schema itself once every part is read.
 */
const serviceOrderFieldsSchema = z.object({
  service: serviceSchema,
  // A blank note becomes the SPEC §5 default inside the decider.
  description: multiLineText().max(2000, 'Notes must be at most 2000 characters.').default(''),
  currency: singleLineText().pipe(currencySchema).optional(),
  // Placed from the ATS check page: "1", and the job description the file was checked against.
  atsCheck: z.literal('1').optional(),
  // Form feeds and the like, left by copying from a PDF, are cleaned rather than refused.
  jobDescription: z
    .string()
    .transform(cleanJobDescription)
    .pipe(multiLineText().max(JOB_DESCRIPTION_MAX, ATS_MESSAGES.jobDescriptionTooLong))
    .default(''),
});
const FIELD_NAMES = ['service', 'description', 'currency', 'atsCheck', 'jobDescription'] as const;

/**
 * POST /orders/service (multipart: service, description, currency, atsCheck?, jobDescription?,
 * file): a rewrite or review order for an uploaded PDF/DOC/DOCX. From the ATS check page
 * (atsCheck=1 or a job description) the server checks the stored file again and records that
 * check with the order, in the same append. The file is stored while it streams (checked by content,
 * 10 MB cap); if the order is not placed, for whatever reason, the stored file is deleted. The
 * account's unpaid uploads are capped (unpaid-upload-quota.ts): 409 before a byte is read when
 * the account is full, or once this file would not fit.
 */
export const placeServiceOrderRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, placeServiceOrderContract, [400, 403, 409, 413, 415, 422, 429, 503]),
    config: {
      rateLimit: perAccountRateLimit(app.limits.serviceOrders, LIMIT_MESSAGES.tooManyOrders),
    },
    preHandler: perIpLimit(app, app.limits.serviceOrdersPerIp, LIMIT_MESSAGES.tooManyOrders),
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.wrongType);
      await refuseWhenQuotaFull(app, request.user.id);
      const fields: Record<string, string> = {};
      let upload: StoredDocument | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            const name = FIELD_NAMES.find((known) => known === part.fieldname);
            // A job description cut at the field limit is refused, not checked in part.
            if (name === 'jobDescription' && part.valueTruncated) {
              throw new HttpError(400, ATS_MESSAGES.jobDescriptionTooLong);
            }
            if (name !== undefined && typeof part.value === 'string') fields[name] = part.value;
            continue;
          }
          // The web apps send service before the file: a refused service stores nothing. Any
          // part not stored is still read to its end, so the request completes normally.
          const refused =
            fields.service !== undefined && !serviceSchema.safeParse(fields.service).success;
          if (part.fieldname !== 'file' || part.filename === '' || refused || upload !== null) {
            part.file.resume();
            continue;
          }
          upload = await storeDocument(app.files, app.documents, part);
        }
        const parsed = serviceOrderFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          throw new HttpError(
            400,
            parsed.error.issues[0]?.message ?? ORDER_ROUTE_MESSAGES.chooseService,
          );
        }
        if (upload === null) throw new HttpError(400, UPLOAD_MESSAGES.wrongType);
        const { jobDescription } = parsed.data;
        const fromAtsPage = parsed.data.atsCheck === '1' || jobDescription.trim() !== '';
        const atsCheck = fromAtsPage
          ? await atsCheckOfUpload(app.files, app.documents, upload, jobDescription, request.log)
          : null;
        const stored = upload;
        const orderId = await withinUploadQuota(app, request.user.id, stored.size, () =>
          placeOrderFor(
            app,
            request,
            {
              service: parsed.data.service,
              description: parsed.data.description,
              currency: parsed.data.currency ?? DEFAULT_CURRENCY,
              resume: null,
              customerUploads: [{ fileId: stored.fileId, name: stored.name }],
              atsCheck,
            },
            // The quota's next decision counts this order from the orders read model.
            { untilReadModelShowsIt: true },
          ),
        );
        return reply.code(201).send({ orderId });
      } catch (error) {
        if (upload !== null) await app.files.delete(upload.fileId);
        throw uploadErrorFor(error);
      }
    },
  });
};
