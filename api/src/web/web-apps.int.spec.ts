import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Big enough to be worth compressing, like any real bundle.
const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');

const PRECOMPRESSED = brotliCompressSync(BUNDLE, {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
});

let webRoot: string;
let t: TestApp;

beforeAll(async () => {
  // Two of the three apps "built"; the influencer app is missing on purpose.
  webRoot = await mkdtemp(join(tmpdir(), 'shortlist-web-'));
  for (const app of ['web-customer', 'web-admin']) {
    await mkdir(join(webRoot, app, 'dist', 'assets'), { recursive: true });
    await writeFile(
      join(webRoot, app, 'dist', 'index.html'),
      `<html><head><title>${app}</title></head>${app} shell</html>`,
    );
    await writeFile(join(webRoot, app, 'dist', 'assets', 'main-abc123.js'), `// ${app} code`);
  }
  await writeFile(join(webRoot, 'web-customer', 'dist', 'robots.txt'), 'User-agent: *');
  await writeFile(join(webRoot, 'web-customer', 'dist', 'assets', 'index-Xy12ab.js'), BUNDLE);
  // The build's quality-11 brotli copy beside a hashed asset (scripts/vite-precompress.ts).
  await writeFile(join(webRoot, 'web-customer', 'dist', 'assets', 'shared-Pq34cd.js'), BUNDLE);
  await writeFile(
    join(webRoot, 'web-customer', 'dist', 'assets', 'shared-Pq34cd.js.br'),
    PRECOMPRESSED,
  );
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, webApps: true });
});

afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('web apps', () => {
  it("writes how the server runs into each app's page, for the first paint", async () => {
    // The tests' server takes payments through its sandbox, and is not in maintenance.
    const meta =
      '<meta name="shortlist-site" content="{&quot;maintenance&quot;:false,&quot;paymentsSimulated&quot;:true}"></head>';
    expect((await get('/pricing')).body).toContain(meta);
    expect((await get('/admin/outbox')).body).toContain(meta);
  });

  it('serves each app its files', async () => {
    const customer = await get('/assets/main-abc123.js');
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toBe('// web-customer code');
    expect(customer.headers['cache-control']).toContain('immutable');
    const admin = await get('/admin/assets/main-abc123.js');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toBe('// web-admin code');
    expect((await get('/robots.txt')).body).toBe('User-agent: *');
  });

  it("answers a client-side route with its app's index.html", async () => {
    const cases = [
      ['/', 'web-customer'],
      ['/orders', 'web-customer'],
      ['/home?open=resume_review', 'web-customer'],
      ['/influencer-kit', 'web-customer'],
      ['/administrator', 'web-customer'],
      ['/admin', 'web-admin'],
      ['/admin/', 'web-admin'],
      ['/admin/orders/42', 'web-admin'],
    ] as const;
    for (const [url, app] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body, url).toContain(`${app} shell</html>`);
      expect(response.body, url).toContain(`<title>${app}</title>`);
    }
  });

  it('says how to build an app that is missing', async () => {
    for (const url of ['/influencer', '/influencer/login']) {
      const response = await get(url);
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build:web');
      expect(response.body).toContain('web-influencer');
    }
  });

  it('sends a hashed asset brotli- or gzip-compressed as asked, cached for a year', async () => {
    const brotli = await get('/assets/index-Xy12ab.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);

    const gzip = await get('/assets/index-Xy12ab.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);

    const plain = await get('/assets/index-Xy12ab.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it("sends the build's brotli copy of an asset as it is, and compresses for other browsers", async () => {
    const brotli = await get('/assets/shared-Pq34cd.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(Buffer.compare(brotli.rawPayload, PRECOMPRESSED)).toBe(0);

    const gzip = await get('/assets/shared-Pq34cd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    const plain = await get('/assets/shared-Pq34cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('has the browser revalidate index.html and answers an unchanged one with a 304', async () => {
    for (const url of ['/', '/orders', '/admin/']) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^".+"$/);
      const again = await get(url, { 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    const robots = await get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API answers uncompressed', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('gives a missing file a 404, not the app shell', async () => {
    const response = await get('/assets/old-999.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('shell');
  });

  it('never answers /api with a page', async () => {
    const response = await get('/api/not-a-route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});
