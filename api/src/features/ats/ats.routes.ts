import multipart from '@fastify/multipart';
import { JOB_DESCRIPTION_MAX } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_MULTIPART_OPTIONS } from '../../files/document-upload';
import { atsCheckRoute } from './ats-check.route';

/**
 * The public ATS check, open to visitors without an account. Multipart parsing is registered in
 * this context only, with the order uploads' limits; no storage is: the check keeps nothing.
 */
export const atsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A job description may be up to 20000 characters, several bytes each in UTF-8: the orders'
  // 16 KB field limit would cut it silently.
  await app.register(multipart, {
    ...DOCUMENT_MULTIPART_OPTIONS,
    limits: { ...DOCUMENT_MULTIPART_OPTIONS.limits, fieldSize: 4 * JOB_DESCRIPTION_MAX },
  });
  await app.register(atsCheckRoute);
};
