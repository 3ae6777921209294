import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openS3FileStorage } from './s3.file-storage';
import { testFileStorage } from './testing/file-storage.contract';
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from './testing/s3-test-server';

let server: S3TestServer;
let client: S3Client;

beforeAll(async () => {
  server = await startS3TestServer();
  client = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
});

afterAll(async () => {
  client?.destroy();
  await server?.close();
});

async function objectKeys(bucket: string): Promise<{ key: string; size: number }[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (answer.Contents ?? []).map((object) => ({
    key: object.Key ?? '',
    size: object.Size ?? 0,
  }));
}

const open = (bucket: string, keyPrefix = 'shortlist/files/') =>
  openS3FileStorage({
    bucket,
    keyPrefix,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });

testFileStorage('S3 (s3rver)', async () => {
  const bucket = await server.createBucket();
  return {
    storage: await open(bucket),
    // Objects anywhere in the bucket, and parts of multipart uploads never completed or aborted.
    storedBytes: async () =>
      (await objectKeys(bucket)).reduce((sum, object) => sum + object.size, 0) +
      (await server.pendingPartBytes(bucket)),
    teardown: async () => {},
  };
});

describe('S3 file storage', () => {
  it('keeps files under its key prefix, named by their ids alone', async () => {
    const bucket = await server.createBucket();
    const storage = await open(bucket);
    try {
      const fileId = await storage.put(Readable.from([Buffer.from('%PDF-1.4')]));
      expect(await objectKeys(bucket)).toEqual([{ key: `shortlist/files/${fileId}`, size: 8 }]);
    } finally {
      await storage.close();
    }
  });

  it('refuses to start on a bucket it cannot reach, naming it', async () => {
    await expect(open('shortlist-no-such-bucket')).rejects.toThrow(
      'The S3 bucket shortlist-no-such-bucket cannot be reached',
    );
  });
});
