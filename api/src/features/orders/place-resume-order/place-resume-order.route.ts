import { placeResumeOrderRoute as placeResumeOrderContract } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessage } from '../../../plugins/errors.plugin';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { deleteResumeDraft } from '../../../shared/resume-drafts';
import { ORDER_ROUTE_MESSAGES } from '../orders.messages';
import { placeOrderFor } from '../place-order';

/**
 * POST /resume: the builder's form (SPEC §3) becomes a resume_from_scratch order in the
 * payload's currency; the client goes on to checkout with the orderId.
 */
export const placeResumeOrderRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, placeResumeOrderContract, [400, 403]),
    // The builder shows one message at a time, so a refusal names only the first problem
    // (the domain schema words each one as SPEC §5 does) instead of the joined list.
    attachValidation: true,
    handler: async (request, reply) => {
      const invalid = request.validationError;
      if (invalid !== undefined) {
        const first = hasZodFastifySchemaValidationErrors(invalid) ? invalid.validation[0] : null;
        const message = first ? validationMessage([first], 'body') : invalid.message;
        throw new HttpError(400, message);
      }
      const resume = request.body;
      const orderId = await placeOrderFor(app, request, {
        service: 'resume_from_scratch',
        description: '',
        currency: resume.currency,
        resume,
        customerUploads: [],
      });
      // The draft has become the order: the builder starts afresh on every device.
      await deleteResumeDraft(app.db, request.user.id);
      return reply.code(201).send({ message: ORDER_ROUTE_MESSAGES.resumeSaved, orderId });
    },
  });
};
