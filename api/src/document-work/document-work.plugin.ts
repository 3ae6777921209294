import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createDocumentPool, type DocumentPool, type DocumentPoolLimits } from './document-pool';

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker pool every route uses for documents a visitor sent (README "Documents"). */
    documents: DocumentPool;
  }
}

/**
 * `app.documents`: this app's document pool. Its workers start with the first job, so a process
 * that never reads a document (most tests, the worker in services mode) starts none; they end
 * when the app closes.
 */
const documentWorkPlugin: FastifyPluginAsync<{ limits: DocumentPoolLimits }> = async (
  app,
  { limits },
) => {
  const pool = createDocumentPool(limits, app.log);
  app.decorate('documents', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
};

export default fp(documentWorkPlugin, { name: 'document-work', fastify: '5.x' });
