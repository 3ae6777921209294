import {
  getResumeDraftRoute,
  RESUME_DRAFT_BODY_BYTES,
  saveResumeDraftRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMIT_MESSAGES } from '../../../shared/abuse-limits';
import { contractRoute } from '../../../shared/contract-route';
import { perAccountRateLimit } from '../../../shared/rate-limits';
import { readResumeDraft, saveResumeDraft } from '../../../shared/resume-drafts';

/**
 * GET and PUT /resume/draft: the builder's unfinished form, per account, so it survives a reload
 * and follows the customer to another device. Placing the order clears it (POST /resume).
 */
export const resumeDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getResumeDraftRoute),
    handler: async (request) => {
      const found = await readResumeDraft(app.db, app.vault, request.user.id);
      return found === null
        ? { draft: null, savedAt: null }
        : { draft: found.draft, savedAt: found.savedAt.toISOString() };
    },
  });

  app.route({
    ...contractRoute(app, saveResumeDraftRoute, [400, 413, 429]),
    // The cap applies before the JSON is parsed: a draft is a few KB, the schema's own caps
    // (30 entries a list, 5000 characters a field) would allow far more than anyone types.
    bodyLimit: RESUME_DRAFT_BODY_BYTES,
    config: {
      rateLimit: perAccountRateLimit(app.limits.resumeDraftSaves, LIMIT_MESSAGES.tooManyDraftSaves),
    },
    handler: async (request) => {
      const now = new Date();
      await saveResumeDraft(app.db, app.vault, request.user.id, request.body, now);
      return { savedAt: now.toISOString() };
    },
  });
};
