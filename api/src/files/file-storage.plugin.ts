import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.port';
import { createLocalDiskFileStorage } from './local-disk.file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and delivered documents (DATA_DIR/files in the embedded mode). */
    files: FileStorage;
  }
}

/**
 * Decorates `app.files` where routes need it. Each slice that handles files registers this in
 * its own context; an app-level registration (or a test's storage) comes first and is kept.
 */
const fileStoragePlugin: FastifyPluginAsync<{ storage?: FileStorage }> = async (app, options) => {
  if (app.hasDecorator('files')) return;
  app.decorate(
    'files',
    options.storage ?? createLocalDiskFileStorage({ root: join(app.config.dataDir, 'files') }),
  );
};

export default fp(fileStoragePlugin, {
  name: 'file-storage',
  fastify: '5.x',
  dependencies: ['services'],
});
