import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, openApiPathOf, routeName } from '../battery/app-routes';
import { resolvePointer } from '../battery/openapi-operations';
import { createTestApp, type TestApp } from '../testing/test-app';
import { API_DOCS_CSP } from './openapi.plugin';

/**
 * The contract published as OpenAPI 3 at /api/openapi.json, generated from the routes' own zod
 * schemas, and its reference at /api/docs. No validator package is installed, so the document's
 * essentials are checked here: info, paths, parameters, responses, and that every $ref resolves.
 */
let t: TestApp;
let document: OpenAPIV3.Document;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operationsOf(doc: OpenAPIV3.Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation === undefined ? [] : [{ path, method, operation }];
    }),
  );
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) refsIn(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

const hasSchema = (content: Record<string, OpenAPIV3.MediaTypeObject> | undefined): boolean =>
  Object.values(content ?? {}).some(
    (media) => typeof media.schema === 'object' && Object.keys(media.schema).length > 0,
  );

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document with its info', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('Shortlist API');
    expect(typeof document.info.version).toBe('string');
  });

  it('lists every route the app serves under /api, and nothing else', () => {
    const served = contractRoutes(t.app);
    expect(served.length).toBeGreaterThan(40);
    const missing = served.filter(
      (route) =>
        document.paths[openApiPathOf(route.path)]?.[
          route.method.toLowerCase() as (typeof METHODS)[number]
        ] === undefined,
    );
    expect(missing.map(routeName)).toEqual([]);
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/api/docs') || path.endsWith('.json'))).toEqual(
      [],
    );
    expect(operationsOf(document)).toHaveLength(served.length);
  });

  it('declares every path parameter and answers for every operation', () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      const declared = (operation.parameters ?? [])
        .map((p) =>
          '$ref' in p ? (resolvePointer(document, p.$ref) as OpenAPIV3.ParameterObject) : p,
        )
        .filter((p) => p.in === 'path');
      for (const [, param] of path.matchAll(/\{([^}]+)\}/g)) {
        const found = declared.find((p) => p.name === param);
        if (found === undefined || found.required !== true || found.schema === undefined) {
          problems.push(`${name}: path parameter ${param} not declared as required with a schema`);
        }
      }
      const responses = Object.entries(operation.responses ?? {});
      if (responses.length === 0) problems.push(`${name}: no responses`);
      for (const [status, response] of responses) {
        if (!/^[1-5]\d\d$|^default$/.test(status)) problems.push(`${name}: status ${status}`);
        if (!('$ref' in response) && typeof response.description !== 'string') {
          problems.push(`${name} ${status}: no description`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('carries schemas for request bodies and answers', () => {
    const problems: string[] = [];
    let bodies = 0;
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      if (body !== undefined) {
        bodies += 1;
        if (!hasSchema(body.content)) problems.push(`${name}: request body without a schema`);
      }
      // Every answer but an empty 204 has a body, so a schema (a route that only refuses, like
      // DELETE of attachments without a file name, has no 2xx to describe).
      const answers = Object.entries(operation.responses ?? {}).filter(([s]) => s !== '204');
      for (const [status, response] of answers) {
        if ('$ref' in response || !hasSchema(response.content)) {
          problems.push(`${name} ${status}: answer without a schema`);
        }
      }
    }
    expect(problems).toEqual([]);
    // JSON bodies from zod, and the two uploads as multipart with their file part.
    expect(bodies).toBeGreaterThan(15);
    const upload = document.paths['/api/orders/service']?.post?.requestBody as
      | OpenAPIV3.RequestBodyObject
      | undefined;
    expect(Object.keys(upload?.content ?? {})).toEqual(['multipart/form-data']);
    const register = document.paths['/api/register']?.post?.requestBody as
      | OpenAPIV3.RequestBodyObject
      | undefined;
    const registerSchema = register?.content['application/json']?.schema as OpenAPIV3.SchemaObject;
    expect(Object.keys(registerSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
  });

  it('has no $ref that does not resolve', () => {
    const refs = refsIn(document);
    const broken = refs.filter((ref) => {
      try {
        resolvePointer(document, ref);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });

  it('leaves the payment sandbox out', () => {
    expect(JSON.stringify(document.paths)).not.toContain('sandbox');
  });
});

describe('GET /api/docs', () => {
  it('serves the reference under its own strict policy, scripts from its own files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const init = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-security-policy']).toBe(API_DOCS_CSP);
    // Scoped to the docs: the rest of the API keeps the app-wide policy.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['content-security-policy']).not.toBe(API_DOCS_CSP);
    const bundle = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
  });
});
