import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

/**
 * Every string a caller sends — path, query and JSON body of every route of the contract — is
 * the contract's text (or a closed list of values, or a pattern narrower than it), so ill-formed
 * UTF-16, NUL, controls and bidi overrides are refused at the edge. Read from the same JSON
 * Schema the OpenAPI document publishes, so a new route with a bare z.string() fails here.
 */

/** What no request field may accept. */
const HOSTILE = [
  '\ud800',
  '\udfff',
  'a\ude00\ud83d',
  'Asha\u0000',
  '\u0007',
  '\u001b[31m',
  '\u0085',
  '\u202eexe.pdf',
  '\u2066x\u2069',
  '\u2028',
];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface StringField {
  where: string;
  /** Whether the field's published constraints accept `value` (every pattern must match). */
  accepts: (value: string) => boolean;
}

function stringFields(schema: JsonSchema, where: string): StringField[] {
  const found: StringField[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) {
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(
      (pattern): pattern is string => pattern !== undefined,
    );
    const closed = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
    found.push({
      where,
      accepts: (value) =>
        closed !== undefined
          ? closed.includes(value)
          : // A reader may apply the patterns with or without the u flag: neither may accept it.
            ['', 'u'].some((flags) =>
              patterns.every((pattern) => new RegExp(pattern, flags).test(value)),
            ),
    });
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push(...stringFields(property, `${where}.${name}`));
  }
  if (schema.items !== undefined) found.push(...stringFields(schema.items, `${where}[]`));
  if (typeof schema.additionalProperties === 'object') {
    found.push(...stringFields(schema.additionalProperties, `${where}.*`));
  }
  for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    found.push(...stringFields(choice, where));
  }
  return found;
}

const isRoute = (value: unknown): value is contract.ApiRoute =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const routes = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  isRoute(value) ? [[name, value] as const] : [],
);

const fields = routes.flatMap(([name, route]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = route[part];
    if (schema === undefined) return [];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return stringFields(json, `${name} ${part}`);
  }),
);

describe('the text of every request', () => {
  it('finds the routes and their string fields', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(fields.length).toBeGreaterThan(60);
  });

  it.each(HOSTILE.map((value) => [JSON.stringify(value), value]))(
    'no path, query or body string accepts %s',
    (_shown, value) => {
      expect(fields.filter((field) => field.accepts(value)).map((field) => field.where)).toEqual(
        [],
      );
    },
  );
});
