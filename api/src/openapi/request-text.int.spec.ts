import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../battery/json-schema-arbitrary';
import { type PublishedContract, readPublishedContract } from '../battery/openapi-operations';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every string a caller sends, as the published document describes it — path, query and header
 * parameters, JSON bodies and the text fields of multipart bodies — refuses ill-formed UTF-16,
 * NUL, controls and bidi overrides: a client generated from the document learns the rule, and a
 * route that adds a schema of its own (a header) cannot slip a bare string past it.
 */
const HOSTILE = ['\ud800', '\udfff', 'a\ude00\ud83d', 'Asha\u0000', '\u001b[31m', '\u202eexe'];

let t: TestApp;
let contract: PublishedContract;

beforeAll(async () => {
  t = await createTestApp({ runProjections: false });
  contract = await readPublishedContract(t.app);
});

afterAll(async () => {
  await t?.close();
});

interface StringField {
  where: string;
  accepts(value: string): boolean;
}

function stringFields(input: JsonSchema, where: string): StringField[] {
  const schema = input.$ref === undefined ? input : contract.resolve(input.$ref);
  const found: StringField[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.format !== 'binary') {
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(
      (pattern): pattern is string => pattern !== undefined,
    );
    const closed = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
    found.push({
      where,
      accepts: (value) =>
        closed !== undefined
          ? closed.includes(value)
          : ['', 'u'].some((flags) =>
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

describe('the published text of every request', () => {
  it('refuses hostile text in every parameter and body field', () => {
    const fields = contract.operations.flatMap((operation) => {
      const name = `${operation.method} ${operation.path}`;
      return [
        ...operation.parameters.flatMap((parameter) =>
          stringFields(parameter.schema, `${name} ${parameter.in} ${parameter.name}`),
        ),
        ...(operation.body === null ? [] : stringFields(operation.body.schema, `${name} body`)),
      ];
    });
    expect(fields.some((field) => field.where.includes('header x-ref'))).toBe(true);
    expect(fields.some((field) => field.where.includes('/api/orders/service body.*'))).toBe(true);
    for (const value of HOSTILE) {
      expect(
        fields.filter((field) => field.accepts(value)).map((field) => field.where),
        JSON.stringify(value),
      ).toEqual([]);
    }
  });
});
