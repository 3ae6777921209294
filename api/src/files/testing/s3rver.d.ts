// s3rver ships no types; this is the part the S3 test server uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
  }

  /** The part of Koa's context the test server's own middleware reads. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (S3rver is a Koa app), composed when the server starts. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
