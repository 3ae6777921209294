import { join } from 'node:path';
import type { Config, FileStorageKind } from '../config/config';
import type { FileStorageAdapter } from './file-storage.port';
import { createLocalDiskFileStorage } from './local-disk.file-storage';
import { openPostgresFileStorage } from './postgres.file-storage';
import { openS3FileStorage } from './s3.file-storage';

/**
 * The file storage of one kind, from the configuration: the app opens FILE_STORAGE's, the move
 * command the two it moves between. The PostgreSQL one needs the api migrations applied.
 */
export async function openFileStorage(
  kind: FileStorageKind,
  config: Pick<Config, 'dataDir' | 's3'>,
  databaseUrl: string,
): Promise<FileStorageAdapter> {
  switch (kind) {
    case 'local':
      return createLocalDiskFileStorage({ root: join(config.dataDir, 'files') });
    case 'postgres':
      return openPostgresFileStorage({ connectionString: databaseUrl });
    case 's3': {
      // loadConfig makes S3_BUCKET required with FILE_STORAGE=s3; the move command may ask for
      // S3 without it.
      if (config.s3 === null) throw new Error('S3_BUCKET is not set: it must name the bucket');
      return openS3FileStorage({
        bucket: config.s3.bucket,
        region: config.s3.region,
        endpoint: config.s3.endpoint ?? undefined,
        forcePathStyle: config.s3.forcePathStyle,
        keyPrefix: config.s3.keyPrefix,
      });
    }
  }
}
