import fc from 'fast-check';

/**
 * fast-check values from the JSON Schemas of the OpenAPI document, in two flavours: `valid`
 * (what the schema allows) and `hostile` (valid values mixed with boundaries — empty, at the
 * maximum, one past it —, control characters, bidi overrides, 1 MB strings, wrong types,
 * missing and extra fields). Only the keywords the document uses are understood; anything else
 * generates loosely, which the hostile flavour does anyway.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type SchemaResolver = (ref: string) => JsonSchema;

/** 1 MB of text: far past every limit, so the server must refuse it without choking. */
const HUGE = 'a'.repeat(1024 * 1024);

/** Strings that broke, or could break, a sink: NUL, C0/C1 controls, bidi overrides, etc. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'name\u0000with nul',
  '\u0001\u0002\u0007\u001b[31m',
  'line\r\nbreak',
  '\t',
  '\u0085\u009f',
  '\u202egnp.exe',
  'safe\u2066isolate\u2069',
  '\u200e\u200f',
  '\ud800',
  '\uffff',
  '😀'.repeat(40),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  HUGE,
];

const WRONG_TYPES: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  '',
  'text',
  [],
  [1, 2],
  {},
  { nested: { deep: [null] } },
  [{ '': '' }],
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

export function createArbitraries(resolve: SchemaResolver) {
  const deref = (schema: JsonSchema): JsonSchema =>
    schema.$ref === undefined ? schema : deref(resolve(schema.$ref));

  function validString(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'date-time') {
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    }
    if (schema.pattern !== undefined) {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? 1e6));
    }
    return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
  }

  function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
    const min = schema.minimum ?? (integer ? -1000 : -1e6);
    const max = schema.maximum ?? (integer ? 1000 : 1e6);
    return integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }

  function valid(input: JsonSchema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const inner = validNonNull(schema);
    return schema.nullable ? fc.option(inner, { nil: null, freq: 8 }) : inner;
  }

  function validNonNull(schema: JsonSchema): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices !== undefined && choices.length > 0) return fc.oneof(...choices.map(valid));
    if (schema.allOf !== undefined && schema.allOf.length > 0) {
      return valid(schema.allOf[0] ?? {});
    }
    const types = typesOf(schema).filter((type) => type !== 'null');
    const type = types[0] ?? (schema.properties === undefined ? 'string' : 'object');
    switch (type) {
      case 'string':
        return validString(schema);
      case 'integer':
        return validNumber(schema, true);
      case 'number':
        return validNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valid(schema.items ?? {}), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
        });
      default:
        return validObject(schema);
    }
  }

  function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) model[name] = valid(property);
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
  }

  /** Values at and just past the schema's limits. */
  function boundary(input: JsonSchema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const types = typesOf(schema);
    const values: unknown[] = [];
    if (types.includes('string') || schema.maxLength !== undefined) {
      const max = schema.maxLength ?? 10_000;
      const min = schema.minLength ?? 0;
      values.push('', 'x'.repeat(max), 'x'.repeat(max + 1), 'é'.repeat(max + 1));
      if (min > 0) values.push('x'.repeat(min - 1), 'x'.repeat(min));
    }
    if (types.includes('integer') || types.includes('number')) {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      values.push(min, min - 1, max, max + 1, 0.5, -0, 1e308, -1e308);
    }
    if (types.includes('array')) {
      const max = schema.maxItems ?? 100;
      values.push(
        [],
        Array.from({ length: Math.min(max + 1, 2000) }, () => 'x'),
      );
    }
    if (values.length === 0) return WRONG_TYPES;
    return fc.constantFrom(...values);
  }

  /** Anything a careless or malicious caller could put where the schema says `schema`. */
  function hostile(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const isObject =
      typesOf(schema).includes('object') || (schema.properties !== undefined && depth < 3);
    return fc.oneof(
      { weight: 4, arbitrary: valid(schema) },
      { weight: 2, arbitrary: boundary(schema) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
      { weight: 1, arbitrary: WRONG_TYPES },
      { weight: 1, arbitrary: fc.constant(undefined) },
      ...(isObject ? [{ weight: 6, arbitrary: hostileObject(schema, depth) }] : []),
      ...(schema.items === undefined
        ? []
        : [{ weight: 2, arbitrary: fc.array(hostile(schema.items, depth + 1), { maxLength: 5 }) }]),
    );
  }

  /** An object whose every field may be hostile, missing, or joined by unknown ones. */
  function hostileObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      model[name] = hostile(property, depth + 1);
    }
    return fc
      .tuple(
        fc.record(model, { requiredKeys: [] }),
        fc.dictionary(
          fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', '')),
          fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), WRONG_TYPES),
          { maxKeys: 3 },
        ),
        fc.boolean(),
      )
      .map(([known, extra, withExtra]) => {
        if (!withExtra) return known;
        // defineProperty: a plain assignment of '__proto__' would set the prototype instead.
        const out: Record<string, unknown> = { ...known };
        for (const [key, value] of Object.entries(extra)) {
          Object.defineProperty(out, key, { value, enumerable: true, writable: true });
        }
        return out;
      });
  }

  return { valid, boundary, hostile, deref };
}
