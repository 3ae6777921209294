import { getSiteConfigRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';

/**
 * GET /config: how this server runs, for the apps to say so (maintenance screen, simulated
 * payments). Read from the configuration at start, so MAINTENANCE=true needs a restart, not a
 * rebuild of the apps.
 */
export const siteConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getSiteConfigRoute),
    handler: async () => ({
      maintenance: app.config.maintenance,
      paymentsSimulated: app.payments.sandbox !== null,
    }),
  });
};
