import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let webRoot: string;
let t: TestApp;

beforeAll(async () => {
  // Two of the three apps "built"; the influencer app is missing on purpose.
  webRoot = await mkdtemp(join(tmpdir(), 'shortlist-web-'));
  for (const app of ['web-customer', 'web-admin']) {
    await mkdir(join(webRoot, app, 'dist', 'assets'), { recursive: true });
    await writeFile(join(webRoot, app, 'dist', 'index.html'), `<html>${app} shell</html>`);
    await writeFile(join(webRoot, app, 'dist', 'assets', 'main-abc123.js'), `// ${app} code`);
  }
  await writeFile(join(webRoot, 'web-customer', 'dist', 'robots.txt'), 'User-agent: *');
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, webApps: true });
});

afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web apps', () => {
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
      expect(response.body, url).toBe(`<html>${app} shell</html>`);
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
