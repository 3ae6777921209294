import type { z } from 'zod';
import type { DomainEvent } from './domain-event';

/**
 * An aggregate's events as they read back from the store: one zod schema per event type. The
 * store only knows JSON, and what it gives back is not always what `decide` wrote: a personal
 * field reads null once its stream's key is erased (PERSONAL_FIELDS, crypto-shredding), and an
 * event appended around the API may be anything. Read models and policies decode through a
 * catalogue once, then switch on `type` over `StoredEventOf<catalogue>` with an exhaustive
 * check, so renaming or adding an event fails the typecheck wherever it is consumed.
 */
export interface EventCatalogue<Schemas extends EventSchemaMap = EventSchemaMap> {
  /** Every event type of the aggregate, in declaration order. */
  readonly types: readonly string[];
  readonly schemas: Schemas;
}

type EventSchemaMap = { readonly [type: string]: z.ZodType };

/** An event of the catalogue as decoded: its type and its payload as stored. */
export type StoredEventOf<C> =
  C extends EventCatalogue<infer Schemas>
    ? {
        [Type in keyof Schemas & string]: { type: Type; data: z.output<Schemas[Type]> };
      }[keyof Schemas & string]
    : never;

type DataOf<E extends DomainEvent, Type extends E['type']> = Extract<E, { type: Type }>['data'];

/** Any field may read null in store (erased personal data); nothing else may differ. */
type Erasable<Data> = { [Key in keyof Data]: Data[Key] | null };

export type SchemasOf<E extends DomainEvent> = {
  readonly [Type in E['type']]: z.ZodType<Erasable<DataOf<E, Type>>>;
};

/** Every payload `decide` can produce must decode: a schema stricter than the type is a bug. */
type DecidedPayloadsDecode<E extends DomainEvent, Schemas extends SchemasOf<E>> = {
  readonly [Type in E['type']]: DataOf<E, Type> extends z.input<Schemas[Type]>
    ? unknown
    : { error: 'a payload decide produces would not decode'; type: Type };
};

type NoOtherTypes<E extends DomainEvent, Schemas> = {
  readonly [Type in Exclude<keyof Schemas, E['type']>]: never;
};

/**
 * Declares an aggregate's catalogue: one zod schema per event type, the only declaration of its
 * events. Their TypeScript types are inferred from it (`EventOf`):
 *
 *   export const orderEvents = eventCatalogue({ OrderPlaced: z.object(…), … });
 *   export type OrderEvent = EventOf<typeof orderEvents>;
 *
 * Given an event union instead, `eventCatalogue<E>()(schemas)` checks the schemas against it:
 * exactly one schema per type of `E` (a missing, extra or renamed type does not compile), each
 * accepting every payload `decide` produces.
 */
export function eventCatalogue<const Schemas extends EventSchemaMap>(
  schemas: Schemas,
): EventCatalogue<Schemas>;
export function eventCatalogue<E extends DomainEvent>(): <const Schemas extends SchemasOf<E>>(
  schemas: Schemas & DecidedPayloadsDecode<E, Schemas> & NoOtherTypes<E, Schemas>,
) => EventCatalogue<Schemas>;
export function eventCatalogue(schemas?: EventSchemaMap): unknown {
  const build = (given: EventSchemaMap): EventCatalogue => ({
    types: Object.keys(given),
    schemas: given,
  });
  return schemas === undefined ? build : build(schemas);
}

declare const decidedAs: unique symbol;

/**
 * The brand of a field whose stored shape is wider than what `decide` writes: `Decided` is the
 * schema of the written value. A type only, so `EventOf` can infer the decided type.
 */
interface DecidedAs<Decided extends z.ZodType> {
  readonly [decidedAs]: Decided;
}

/**
 * A field branded `personal`: stored nullable (it reads null once its key is erased), decided as
 * the inner schema, so `personal()` does not change the type `decide` sees.
 */
export type Personal<Schema extends z.ZodType> = z.ZodNullable<Schema> & DecidedAs<Schema>;

/**
 * A field events recorded before it existed lack: they decode as null, while `decide` always
 * writes it (`Schema`). Read models see `| null`; the decided type does not.
 */
export type NullBefore<Schema extends z.ZodType> = z.ZodDefault<z.ZodNullable<Schema>> &
  DecidedAs<Schema>;

export const nullBefore = <Schema extends z.ZodType>(schema: Schema): NullBefore<Schema> =>
  // The brand is a type only; at run time the field is the nullable, defaulted schema.
  schema.nullable().default(null as never) as NullBefore<Schema>;

/** What `decide` writes in one field: a branded field's decided schema, through `.default()`. */
type DecidedField<Field> =
  Field extends DecidedAs<infer Inner>
    ? z.output<Inner>
    : Field extends z.ZodDefault<infer Inner>
      ? Exclude<DecidedField<Inner>, undefined>
      : z.output<Field>;

type BrandedKeys<Shape> = {
  [Key in keyof Shape]: Shape[Key] extends DecidedAs<z.ZodType>
    ? Key
    : Shape[Key] extends z.ZodDefault<infer Inner>
      ? Inner extends DecidedAs<z.ZodType>
        ? Key
        : never
      : never;
}[keyof Shape];

type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

/**
 * The payload `decide` writes for an event schema: its parsed (`z.output`) shape, so a field with
 * a `.default()` (kept for events recorded before the field existed) is required of `decide`,
 * and a branded field (`personal`, `nullBefore`) has its decided type, not the store's `| null`.
 * Not `z.input`: that would make every defaulted field optional for `decide`. Optional keys stay
 * optional.
 */
export type DecidedData<Schema> =
  Schema extends z.ZodObject<infer Shape>
    ? Simplify<
        Omit<z.output<Schema>, BrandedKeys<Shape>> & {
          [Key in BrandedKeys<Shape>]: DecidedField<Shape[Key]>;
        }
      >
    : z.output<Schema>;

/**
 * The events of a catalogue as `decide` produces them and `evolve` folds them: the union of all
 * of its types, or the one named `Type`.
 *
 *   export type OrderPlaced = EventOf<typeof orderEvents, 'OrderPlaced'>;
 */
export type EventOf<C, Type extends string = string> =
  C extends EventCatalogue<infer Schemas>
    ? {
        [Name in keyof Schemas & string]: DomainEvent<Name, DecidedData<Schemas[Name]>>;
      }[keyof Schemas & string & (string extends Type ? unknown : Type)]
    : never;

export type DecodeResult<Event> =
  | { kind: 'decoded'; event: Event }
  /** No catalogue given knows the type: not this consumer's business. */
  | { kind: 'unknown'; type: string }
  /** A known type whose payload does not fit its schema. */
  | { kind: 'malformed'; type: string; problems: string };

/**
 * The one decode step: a stored `{type, data}` against the catalogues a consumer reads. Pure;
 * the caller decides what an unknown or malformed event means for it.
 */
export function decodeEvent<const Catalogues extends readonly EventCatalogue[]>(
  catalogues: Catalogues,
  stored: { type: string; data: unknown },
): DecodeResult<StoredEventOf<Catalogues[number]>> {
  const schema = schemaFor(catalogues, stored.type);
  if (schema === undefined) return { kind: 'unknown', type: stored.type };
  const parsed = schema.safeParse(stored.data);
  if (!parsed.success) {
    return { kind: 'malformed', type: stored.type, problems: describeIssues(parsed.error) };
  }
  // The schema was chosen by `type`, so the pair is an event of the catalogue.
  const event = { type: stored.type, data: parsed.data } as StoredEventOf<Catalogues[number]>;
  return { kind: 'decoded', event };
}

/** Every event type the catalogues know, e.g. to subscribe to only those. */
export function catalogueTypes(catalogues: readonly EventCatalogue[]): string[] {
  return catalogues.flatMap((catalogue) => catalogue.types);
}

function schemaFor(catalogues: readonly EventCatalogue[], type: string): z.ZodType | undefined {
  for (const catalogue of catalogues) {
    if (Object.hasOwn(catalogue.schemas, type)) return catalogue.schemas[type];
  }
  return undefined;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(data)'}: ${issue.message}`)
    .join('; ');
}

/** The schemas `personal` made: the brand the catalogue walk below looks for. */
const personalSchemas = new WeakSet<z.ZodType>();

/**
 * A personal field: the encrypting store seals it with its stream's key, and it reads null once
 * that key is erased. Branding the field here is the whole decision (PERSONAL_FIELDS is derived
 * from the brands), so a field cannot be declared personal and still be stored in clear.
 */
export const personal = <Schema extends z.ZodType>(schema: Schema): Personal<Schema> => {
  const nullable = schema.nullable();
  personalSchemas.add(nullable);
  // The brand is a type only (see Personal); at run time the field is the nullable schema.
  return nullable as Personal<Schema>;
};

/** Whether a field's schema is branded personal, through `.default()` and similar wrappers. */
function isPersonal(schema: z.ZodType): boolean {
  let current: unknown = schema;
  while (typeof current === 'object' && current !== null) {
    if (personalSchemas.has(current as z.ZodType)) return true;
    current = (current as { _zod?: { def?: { innerType?: unknown } } })._zod?.def?.innerType;
  }
  return false;
}

/**
 * The personal fields of every event type of these catalogues, found from the `personal` brand
 * on each top-level field of the event's object schema; types without one are left out.
 */
export function personalFieldsOfCatalogues(
  catalogues: readonly EventCatalogue[],
): Record<string, readonly string[]> {
  const fields: Record<string, readonly string[]> = {};
  for (const catalogue of catalogues) {
    for (const [type, schema] of Object.entries(catalogue.schemas)) {
      const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
      if (shape === undefined) continue;
      const branded = Object.keys(shape).filter((key) => {
        const field = shape[key];
        return field !== undefined && isPersonal(field);
      });
      if (branded.length > 0) fields[type] = branded;
    }
  }
  return fields;
}
