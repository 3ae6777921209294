import fc from 'fast-check';
import { HOSTILE_STRINGS, hostileFragment, insertFragment } from './hostile-text';

/**
 * fast-check values from the JSON Schemas of the OpenAPI document, in two flavours: `valid`
 * (what the schema allows) and `hostile` (valid values mixed with boundaries — empty, at the
 * maximum, one past it —, wrong types, missing and extra fields, and on every string the
 * hostile text of hostile-text.ts: unpaired surrogates, NUL, C0/C1 controls, bidi overrides and
 * marks, line separators, noncharacters, astral characters, combining marks, very long text,
 * alone or put into an otherwise valid value). Only the keywords the document uses are
 * understood; anything else generates loosely, which the hostile flavour does anyway.
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

export { HOSTILE_STRINGS } from './hostile-text';

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

  /** The schema's own patterns and those of its `allOf` parts (zod writes a second regex so). */
  const patternsOf = (schema: JsonSchema): string[] =>
    [schema.pattern, ...(schema.allOf ?? []).map((part) => deref(part).pattern)].filter(
      (pattern): pattern is string => pattern !== undefined,
    );

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
    const patterns = patternsOf(schema);
    if (patterns.length > 0) {
      // Generated from the narrowest pattern: a field's own (a date, an id) before the text
      // type's negated character class, before its well-formedness rule, which admits nearly
      // anything; kept when every pattern matches.
      const wellFormedRule = (pattern: string) => pattern.includes('ud800');
      const source =
        patterns.find((pattern) => !wellFormedRule(pattern) && !pattern.startsWith('^[^')) ??
        patterns.find((pattern) => !wellFormedRule(pattern)) ??
        patterns[0] ??
        '';
      const all = patterns.map((pattern) => new RegExp(pattern));
      return fc
        .stringMatching(new RegExp(source))
        .filter(
          (value) =>
            value.length >= minLength &&
            value.length <= (schema.maxLength ?? 1e6) &&
            all.every((pattern) => pattern.test(value)),
        );
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
    // A string's allOf holds its extra patterns (validString reads them); otherwise the first part.
    if (
      schema.allOf !== undefined &&
      schema.allOf.length > 0 &&
      !typesOf(schema).includes('string')
    ) {
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

  function validObject(
    schema: JsonSchema,
    options: { allKeys?: boolean } = {},
  ): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties))
      model[name] = validField(name, property);
    const required = options.allKeys === true ? Object.keys(model) : (schema.required ?? []);
    return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  }

  /**
   * A field's valid value; a plain string field named like an e-mail gets an e-mail address,
   * which the document cannot say but the server checks, so such bodies reach the handlers.
   */
  function validField(name: string, property: JsonSchema): fc.Arbitrary<unknown> {
    const schema = deref(property);
    const plainString = typesOf(schema).includes('string') && schema.enum === undefined;
    if (plainString && /e-?mail/i.test(name)) return fc.emailAddress();
    return valid(property);
  }

  /**
   * A valid value with exactly one string inside it made hostile, every optional field present:
   * the request passes every other rule, so what the hostile text meets is the text check, or,
   * where a route lacked one, the handler and the store. null when the schema holds no string.
   */
  function withOneHostileString(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> | null {
    const schema = deref(input);
    if (depth > 4) return null;
    if (typesOf(schema).includes('string') && schema.enum === undefined) {
      return hostileString(schema);
    }
    if (schema.properties !== undefined) {
      const choices = Object.entries(schema.properties).flatMap(([name, property]) => {
        const hostileValue = withOneHostileString(property, depth + 1);
        if (hostileValue === null) return [];
        return [
          fc
            .tuple(validObject(schema, { allKeys: true }), hostileValue)
            .map(([object, value]) => ({ ...object, [name]: value })),
        ];
      });
      return choices.length === 0 ? null : fc.oneof(...choices);
    }
    if (schema.items !== undefined) {
      const hostileItem = withOneHostileString(schema.items, depth + 1);
      if (hostileItem === null) return null;
      return fc
        .tuple(valid(schema), hostileItem)
        .map(([items, item]) => [item, ...(Array.isArray(items) ? items.slice(1) : [])]);
    }
    for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
      const found = withOneHostileString(choice, depth + 1);
      if (found !== null) return found;
    }
    return null;
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

  /**
   * Hostile text where the schema says string: a valid value with a hostile fragment put in
   * (so it gets past the other rules to the text check), or a hostile string alone.
   */
  function hostileString(schema: JsonSchema): fc.Arbitrary<string> {
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            validString(schema).map(String),
            hostileFragment,
            fc.double({ min: 0, max: 1, noNaN: true }),
          )
          .map(([value, fragment, at]) => insertFragment(value, fragment, at)),
      },
      { weight: 1, arbitrary: hostileFragment },
    );
  }

  /** Anything a careless or malicious caller could put where the schema says `schema`. */
  function hostile(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const isObject =
      typesOf(schema).includes('object') || (schema.properties !== undefined && depth < 3);
    const isString = typesOf(schema).includes('string');
    return fc.oneof(
      { weight: 4, arbitrary: valid(schema) },
      { weight: 2, arbitrary: boundary(schema) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
      ...(isString ? [{ weight: 6, arbitrary: hostileString(schema) }] : []),
      { weight: 1, arbitrary: WRONG_TYPES },
      { weight: 1, arbitrary: fc.constant(undefined) },
      ...(isObject ? [{ weight: 6, arbitrary: hostileObject(schema, depth) }] : []),
      ...(isObject && depth === 0 ? oneHostileString(schema) : []),
      ...(schema.items === undefined
        ? []
        : [{ weight: 2, arbitrary: fc.array(hostile(schema.items, depth + 1), { maxLength: 5 }) }]),
    );
  }

  function oneHostileString(schema: JsonSchema) {
    const arbitrary = withOneHostileString(schema);
    return arbitrary === null ? [] : [{ weight: 8, arbitrary }];
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
          fc.oneof(
            fc.string({ maxLength: 10 }),
            fc.constantFrom('__proto__', 'constructor', '', 'k\ud800', 'k\u0000'),
          ),
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

  return { valid, boundary, hostile, hostileString, withOneHostileString, deref };
}
