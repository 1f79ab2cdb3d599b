/**
 * What `tools/list` shows of a tool's schemas: the JSON Schema zod derives, with the noise a model
 * pays for in every conversation taken out. Validation is untouched: the SDK still validates arguments
 * and structured content with the zod schema itself, so a leaner advertised schema never lets a wrong
 * value through, it only says less.
 *
 * Parameters keep every description (a model needs them to call the tool) and every constraint that
 * means something; what goes is what a client ignores or can tell without it: `$schema`, the
 * ±2^53 bounds zod puts on every integer and the ±a billion of every amount, `default: null`,
 * `minLength: 1` (every id has it), the length cap of a name or memo, `default: false` of a switch,
 * the regular expression of a date or month whose format or description spells it out,
 * `additionalProperties: false` (the zod schema refuses unknown fields all the same), and the
 * `anyOf [X, null]` of a nullable parameter written as one type list, and the `type` of an enum or a
 * constant (its values say it).
 *
 * Results are validated on the server, and the text block a model reads already names its columns
 * (render.ts), so their schema is the outline of the data: the names of its fields (for a list tool,
 * those of its rows), those an answer always carries listed in `required` and the others with their
 * type, without descriptions, enum values (those stay in the definitions and in docs/tools.md),
 * `additionalProperties: false` or the key schema of a map.
 *
 * Each schema is converted once per process, whatever the number of server instances.
 */
import { z } from 'zod';
import { isPlainObject } from '../domain/plain-object.js';

type Json = Record<string, unknown>;

/** The draft the SDK converts to, so that our schemas read like the ones it would produce. */
const TARGET = 'draft-2020-12';
const SAFE = Number.MAX_SAFE_INTEGER;
/**
 * The sanity bound of every amount (a billion either way): no budget comes near it, so a model learns
 * nothing from it; the server still refuses a larger amount, with an error that names the bound.
 */
const AMOUNT_CAP = 1_000_000_000;
/** Result objects list their fields to this depth (the result wrapper not counted). */
const RESULT_DEPTH = 1;

/**
 * `anyOf: [X, {type: 'null'}]` as X with `null` in its type list, when X is one plain type (an enum
 * gets null among its values too).
 */
function mergeNullable(schema: Json): Json {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length !== 2) return schema;
  const [first, second] = members as unknown[];
  const [value, nil] = isPlainObject(second) && second.type === 'null' ? [first, second] : [second, first];
  if (!isPlainObject(value) || !isPlainObject(nil) || nil.type !== 'null' || Object.keys(nil).length !== 1)
    return schema;
  const outer = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'anyOf'));
  // an enum that may be null lists null among its values (and needs no type beside them)
  if (Array.isArray(value.enum))
    return withoutImpliedType({ ...value, ...outer, enum: [...(value.enum as unknown[]), null] });
  if (typeof value.type !== 'string' || 'const' in value) return schema;
  return { ...value, ...outer, type: [value.type, 'null'] };
}

/** Keywords a client can do without, in parameters and results alike. */
const noise = (key: string, value: unknown): boolean =>
  key === '$schema' ||
  (key === 'default' && value === null) ||
  (key === 'additionalProperties' && value === false) ||
  (key === 'minimum' && (value === -SAFE || value === -AMOUNT_CAP)) ||
  (key === 'maximum' && (value === SAFE || value === AMOUNT_CAP));

/**
 * The regular expression of a date or month parameter, which its format (`format: date`) or its
 * description (YYYY-MM) already spells out; a value that does not match is refused with an error that
 * quotes it.
 */
const spelledOut = (schema: Json): boolean =>
  typeof schema.format === 'string' ||
  (typeof schema.description === 'string' && /\bYYYY-MM\b/.test(schema.description));

function leanParam(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(leanParam);
  if (!isPlainObject(schema)) return schema;
  if (schema.default === null)
    return withoutNull(
      leanParam(Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'default'))) as Json,
    );
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (noise(key, value) || (key === 'pattern' && spelledOut(schema))) continue;
    // a switch left out is off: `default: false` says nothing more
    if (key === 'default' && value === false && schema.type === 'boolean') continue;
    // a non-empty string: every id; an empty one is refused all the same
    if (key === 'minLength' && value === 1) continue;
    // the length cap of a name or memo (200, 500): no real text comes near it, and a longer one is
    // refused with an error that gives the cap
    if (key === 'maxLength') continue;
    out[key] = key === 'properties' && isPlainObject(value) ? mapValues(value, leanParam) : leanParam(value);
  }
  return withoutImpliedType(mergeNullable(out));
}

/**
 * A parameter whose default is null, listed without null: sending null means the same as leaving the
 * parameter out, so a model needs only the one way, and the schema stays true to what is accepted
 * (the zod schema still takes null). A null with a meaning of its own (a memo cleared, a flag removed)
 * has no null default and stays listed.
 */
function withoutNull(schema: Json): Json {
  const out = { ...schema };
  // a type list here is always [X, 'null'] (mergeNullable writes no other)
  if (Array.isArray(out.type)) out.type = out.type.find((t) => t !== 'null');
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v) => v !== null);
  return out;
}

/**
 * A parameter whose `enum` or `const` lists its values needs no `type` beside it: the values say it
 * (JSON Schema checks each keyword on its own, so the two together allow exactly the listed values).
 */
function withoutImpliedType(schema: Json): Json {
  if (!('type' in schema) || !(Array.isArray(schema.enum) || 'const' in schema)) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'type'));
}

/**
 * What results leave out: descriptions, the key schema of a map and the values of an enum (a `status`
 * lists seven on every write tool; the answer itself names the one that holds). `required` is not
 * copied either: namedByPresence writes it anew, as the list of the fields.
 */
const RESULT_SKIPPED = new Set(['description', 'required', 'propertyNames', 'enum']);
/** The keywords holding subschemas, which the outline follows only to its depth. */
const NESTED = new Set(['properties', 'items', 'anyOf', 'additionalProperties']);

/** Deeper than the outline goes, a union is told by its types alone. */
function typesOf(members: unknown): Json {
  const types = (Array.isArray(members) ? members : []).flatMap((m) =>
    isPlainObject(m) ? [m.type].flat() : [],
  );
  return types.length > 0 && types.every((t) => typeof t === 'string') ? { type: [...new Set(types)] } : {};
}

function leanResult(schema: unknown, depth: number): unknown {
  if (Array.isArray(schema)) return schema.map((member) => leanResult(member, depth));
  if (!isPlainObject(schema)) return schema;
  let out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (noise(key, value) || RESULT_SKIPPED.has(key)) continue;
    if (!NESTED.has(key)) out[key] = value;
    else if (depth < RESULT_DEPTH)
      out[key] =
        key === 'properties' && isPlainObject(value)
          ? mapValues(value, (field) => leanResult(field, depth + 1))
          : leanResult(value, depth);
    else if (key === 'anyOf') out = { ...out, ...typesOf(value) };
  }
  return namedByPresence(mergeNullable(out), schema.required);
}

/**
 * An object's fields that every answer carries are listed by name in `required`, rather than each as
 * a property with its type: the outline still names every field, and a validating client still checks
 * that each one is there, for a fraction of the bytes (a money field is a number, a name a string,
 * `months` a list: the name says it, and the text block and docs/tools.md give the rest). What stays
 * under `properties`, with its type, is a field that may be absent, which `required` cannot name.
 * `required` holds only what the zod schema requires, so no true answer can fail it.
 */
function namedByPresence(outline: Json, required: unknown): Json {
  if (!isPlainObject(outline.properties) || !Array.isArray(required)) return outline;
  const present = new Set(required);
  const named: string[] = [];
  const kept: Json = {};
  for (const [name, field] of Object.entries(outline.properties)) {
    if (present.has(name)) named.push(name);
    else kept[name] = field;
  }
  const rest = Object.fromEntries(Object.entries(outline).filter(([key]) => key !== 'properties'));
  return {
    ...rest,
    ...(Object.keys(kept).length > 0 ? { properties: kept } : {}),
    ...(named.length > 0 ? { required: named } : {}),
  };
}

const mapValues = (record: Json, f: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

/**
 * The advertised parameters. The root's `additionalProperties: false` goes too: the zod schema still
 * refuses an unknown field, with an error naming it, and forty tools would repeat it in every list.
 */
export function paramsJson(schema: z.ZodObject): Json {
  const json = leanParam(z.toJSONSchema(schema, { target: TARGET, io: 'input' })) as Json;
  return { type: 'object', ...json };
}

/** The advertised result outline; a lone `result` wrapper does not count as a level. */
export function resultJson(schema: z.ZodObject): Json {
  const json = z.toJSONSchema(schema, { target: TARGET, io: 'output' }) as Json;
  const props = isPlainObject(json.properties) ? json.properties : {};
  const wrapped = Object.keys(props).length === 1 && 'result' in props;
  const outline = wrapped
    ? { type: 'object', properties: { result: leanResult(props.result, 0) } }
    : leanResult(json, 0);
  return { type: 'object', ...(outline as Json) };
}

/** A zod schema as the SDK takes it, validating with zod and advertising the lean JSON. */
export interface LeanSchema<S extends z.ZodObject> {
  readonly '~standard': S['~standard'] & {
    jsonSchema: { input: () => Json; output: () => Json };
  };
}

type Cache = WeakMap<z.ZodObject, LeanSchema<z.ZodObject>>;
const paramsCache: Cache = new WeakMap();
const resultsCache: Cache = new WeakMap();

function lean<S extends z.ZodObject>(cache: Cache, schema: S, convert: (s: S) => Json): LeanSchema<S> {
  const known = cache.get(schema);
  if (known) return known as unknown as LeanSchema<S>;
  let json: Json | undefined;
  const once = (): Json => (json ??= convert(schema));
  const std = schema['~standard'];
  const made = {
    '~standard': {
      version: std.version,
      vendor: std.vendor,
      validate: std.validate,
      jsonSchema: { input: once, output: once },
    },
  } as unknown as LeanSchema<S>;
  cache.set(schema, made);
  return made;
}

/** Parameters and results of a tool, converted once per process. */
export const leanParams = <S extends z.ZodObject>(schema: S): LeanSchema<S> =>
  lean(paramsCache, schema, paramsJson);
export const leanResults = <S extends z.ZodObject>(schema: S): LeanSchema<S> =>
  lean(resultsCache, schema, resultJson);
