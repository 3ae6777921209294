/// <reference path="./s3rver.d.ts" />
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account: it checks every request's SigV4 signature against this key. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  /** A new empty bucket; its name. */
  createBucket(): Promise<string>;
  /** Bytes of parts uploaded to multipart uploads never completed nor aborted. */
  pendingPartBytes(bucket: string): Promise<number>;
  close(): Promise<void>;
}

// Where s3rver's filesystem store keeps a bucket's unfinished multipart uploads.
const UPLOADS_DIR = '._S3rver_uploads';

/**
 * An S3-protocol server on this machine for the S3 adapter's tests: s3rver 3.7.1, in-process on
 * a free port with its objects in a temp directory. It speaks what @aws-sdk/client-s3 3.x sends
 * (SigV4 checked, CRC32 checksum headers, single and multipart uploads, ranged and streamed
 * GETs, ListObjectsV2 paging), with one gap: it has no AbortMultipartUpload (DELETE
 * ?uploadId answers 405; jamhall/s3rver#784 was never merged). That one operation is added here
 * in front of its router, as S3 documents it: the upload's parts are removed, 204; an unknown
 * upload is NoSuchUpload, 404. There is no S3, MinIO or Docker on these machines.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'shortlist-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = ''] = ctx.path.split('/');
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const uploadDir = join(directory, bucket, UPLOADS_DIR, uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !(await exists(uploadDir))) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
        '<Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    await rm(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
  return {
    endpoint,
    async createBucket() {
      const bucket = `shortlist-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async pendingPartBytes(bucket) {
      const uploads = join(directory, bucket, UPLOADS_DIR);
      const entries = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      let bytes = 0;
      // Parts are files named by their number; `key`, `metadata` and `*.md5` are bookkeeping.
      for (const entry of entries) {
        if (!entry.isFile() || !/^\d+$/.test(entry.name)) continue;
        bytes += (await stat(join(entry.parentPath, entry.name))).size;
      }
      return bytes;
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
