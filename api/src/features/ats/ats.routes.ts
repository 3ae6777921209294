import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_MULTIPART_OPTIONS } from '../../files/document-upload';
import { atsCheckRoute } from './ats-check.route';

/**
 * The public ATS check (issue 14). Multipart parsing is registered in this context only, with
 * the order uploads' limits; no storage is: the check keeps nothing.
 */
export const atsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, DOCUMENT_MULTIPART_OPTIONS);
  await app.register(atsCheckRoute);
};
