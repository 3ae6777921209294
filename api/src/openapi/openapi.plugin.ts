import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { multiLineText } from '@shortlist/domain/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the contract is published (README, e2e and the battery read it from here). */
const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PREFIX = '/api/docs';

/**
 * The reference's own policy: its scripts and styles are files under /api/docs/static, its data
 * comes from this origin and it may not be framed. The app-wide policy (helmet) has room for the
 * checkout script, this one has room for nothing else; swagger-ui sets it in onSend, after
 * helmet's onRequest, so it is the one the browser gets on the docs routes.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // The one <style> element the swagger-ui 6.1.3 bundle injects, allowed by its hash rather
  // than 'unsafe-inline' (an upgrade that changes it shows as a violation in api-docs.e2e).
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
].join('; ');

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The document lists the routes under /api only: the payment sandbox, the web apps and the
 * documentation itself are not part of the contract.
 */
function transform(document: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { url } = document;
  const documentation = url === OPENAPI_PATH || url.startsWith(API_DOCS_PREFIX);
  if (!url.startsWith('/api/') || documentation) {
    return { schema: { hide: true }, url };
  }
  const transformed = jsonSchemaTransform(document);
  const consumes = document.schema?.consumes;
  if (Array.isArray(consumes) && consumes.includes('multipart/form-data')) {
    // Multipart bodies are streamed and checked in the handler, not by a route schema; the
    // document still says what a caller sends: a `file` part and text fields.
    return {
      ...transformed,
      schema: { ...transformed.schema, body: MULTIPART_BODY },
    };
  }
  return transformed;
}

/**
 * The text fields of a multipart body are the contract's multi-line text at least (each route's
 * handler applies its own schema, which may be stricter): published so a client sees the rule.
 */
const { $schema: _dialect, ...multipartTextField } = z.toJSONSchema(multiLineText(), {
  io: 'input',
});

const MULTIPART_BODY = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'a PDF, DOC or DOCX of at most 10 MB' },
  },
  additionalProperties: multipartTextField,
};

/**
 * Publishes the contract as OpenAPI 3 from the routes' own zod schemas. Registered before the
 * routes: @fastify/swagger collects them as they are added (onRoute).
 */
const openapiPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shortlist API',
        description:
          'The contract between the Shortlist web apps and the server. Errors answer `{ message }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: API_DOCS_CSP,
    // The default points the badge at validator.swagger.io, another origin.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: false },
  });
};

export default fp(openapiPlugin, { name: 'openapi', fastify: '5.x' });
