import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { Method } from './app-routes';
import type { JsonSchema, SchemaResolver } from './json-schema-arbitrary';

interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One method on one path of the published document, in the shape the battery needs. */
export interface Operation {
  method: Method;
  /** Fastify's form, `/api/orders/:id`, for sending. */
  path: string;
  parameters: OperationParameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

export interface PublishedContract {
  document: OpenAPIV3.Document;
  operations: Operation[];
  resolve: SchemaResolver;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Resolves a local `#/a/b` pointer inside the document; throws on one that does not resolve. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`not a local $ref: ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) {
      throw new Error(`$ref does not resolve: ${ref}`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Reads the document the app publishes, as any client would. */
export async function readPublishedContract(app: FastifyInstance): Promise<PublishedContract> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
  }
  const document = response.json<OpenAPIV3.Document>();
  const resolve: SchemaResolver = (ref) => resolvePointer(document, ref) as JsonSchema;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (item === undefined) continue;
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<Method>];
      if (operation === undefined) continue;
      const parameters = (operation.parameters ?? []).map((entry) => {
        const parameter = (
          '$ref' in entry ? resolve(entry.$ref) : entry
        ) as OpenAPIV3.ParameterObject;
        return {
          name: parameter.name,
          in: parameter.in as OperationParameter['in'],
          required: parameter.required ?? false,
          schema: (parameter.schema ?? {}) as JsonSchema,
        };
      });
      const requestBody = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method,
        path: path.replace(/\{([^}]+)\}/g, ':$1'),
        parameters,
        body:
          contentType === undefined || media === undefined
            ? null
            : { contentType, schema: (media.schema ?? {}) as JsonSchema },
      });
    }
  }
  return { document, operations, resolve };
}
