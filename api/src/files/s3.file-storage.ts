import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertFileId,
  FileExistsError,
  type FileStorageAdapter,
  isFileId,
  newFileId,
  type StoredFile,
} from './file-storage.port';

export interface S3FileStorageOptions {
  bucket: string;
  /** Put before every file id, e.g. `shortlist/files/`; '' for the bucket's root. */
  keyPrefix: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, …); undefined for AWS itself. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Tests only: otherwise the SDK's own chain (AWS_ACCESS_KEY_ID…, profiles, roles). */
  credentials?: S3ClientConfig['credentials'];
}

/**
 * S3's smallest part but the last: an upload of unknown length (a streamed multipart upload)
 * goes up in parts of this size, one at a time, so one upload holds about one part in memory.
 */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * FileStorage in an S3 bucket (or an S3-compatible service), for scale: every instance reaches
 * every file, and the database carries no file bytes. An object appears only once its upload
 * completes (a single PUT, or a multipart upload's completion), so a reader never sees half a
 * file; a failed or aborted upload aborts its multipart upload, leaving no parts behind.
 * Deleting an object frees it only in a bucket without versioning (README "Files").
 */
export async function openS3FileStorage(
  options: S3FileStorageOptions,
): Promise<FileStorageAdapter> {
  const { bucket, keyPrefix } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
  });
  // A wrong bucket, endpoint or credentials stop the start, not the first upload.
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`The S3 bucket ${bucket} cannot be reached (${reason})`, { cause: error });
  }
  const keyOf = (fileId: string) => `${keyPrefix}${fileId}`;

  async function upload(fileId: string, source: Readable, signal: AbortSignal | undefined) {
    // An abort destroys the source, so the upload fails the way a broken source fails: its
    // multipart upload aborted before done() rejects. (Upload.abort() rejects at once and lets
    // a PUT in flight finish behind our back.)
    const onAbort = () => source.destroy(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    // lib-storage rethrows a failed cleanup (AbortMultipartUpload) in place of what broke the
    // upload; the caller must learn the cause (a size cap, a dropped client), not the cleanup's.
    let sourceError: unknown = null;
    const noteSourceError = (error: unknown) => {
      sourceError ??= error;
    };
    source.once('error', noteSourceError);
    try {
      if (signal?.aborted) onAbort();
      await new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: keyOf(fileId),
          Body: source,
          ContentType: 'application/octet-stream',
        },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      }).done();
      if (signal?.aborted) {
        // The last PUT completed as the abort came: nothing may be kept.
        await deleteObject(fileId);
        throw abortError(signal);
      }
    } catch (error) {
      source.destroy();
      throw sourceError ?? error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      source.off('error', noteSourceError);
    }
  }

  async function deleteObject(fileId: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(fileId) }));
  }

  async function head(fileId: string): Promise<{ size: number } | null> {
    if (!isFileId(fileId)) return null;
    try {
      const answer = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: keyOf(fileId) }),
      );
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    description: `S3 bucket ${bucket}${keyPrefix === '' ? '' : ` under ${keyPrefix}`}${
      options.endpoint === undefined ? '' : ` at ${options.endpoint}`
    }`,

    identity: async () => `s3:${options.endpoint ?? 'aws'}/${bucket}/${keyPrefix}`,

    async put(source, options = {}) {
      const fileId = newFileId();
      await upload(fileId, source, options.signal);
      return fileId;
    },

    async putWithId(fileId, source, options = {}) {
      assertFileId(fileId);
      // Only the move command writes this way; it never runs two copies of one file at once.
      if ((await head(fileId)) !== null) {
        source.destroy();
        throw new FileExistsError(fileId);
      }
      await upload(fileId, source, options.signal);
    },

    async get(fileId: string): Promise<StoredFile | null> {
      if (!isFileId(fileId)) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(fileId) }),
        );
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
        return { stream: body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    head,

    async *list() {
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: keyPrefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const fileId = object.Key?.slice(keyPrefix.length) ?? '';
          if (isFileId(fileId)) yield fileId;
        }
      }
    },

    async delete(fileId) {
      if (!isFileId(fileId)) return;
      await deleteObject(fileId);
    },

    async close() {
      client.destroy();
    },
  };
}

function abortError(signal: AbortSignal | undefined): Error {
  const error = new Error('The operation was aborted', { cause: signal?.reason });
  return Object.assign(error, { name: 'AbortError', code: 'ABORT_ERR' });
}

/**
 * NoSuchKey from GET, NotFound from HEAD (a 404 without a body). A missing bucket says
 * NoSuchBucket and stays an error; openS3FileStorage checks the bucket before anything else.
 */
function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name } = error as { name?: string };
  return name === 'NoSuchKey' || name === 'NotFound';
}
