/**
 * fast-check arbitraries from a tool's advertised JSON Schema: arguments shaped like the schema (with
 * the demo plan's real ids, dates and months mixed into the strings, so that many reach the tool's own
 * logic rather than stopping at "not found"), and arguments broken in the ways a model breaks them
 * (a required field dropped, a value of another type, an unknown field, or no object at all).
 */
import fc from 'fast-check';
import { buildDemoPlan } from '../../src/demo/index.js';

type Schema = Record<string, unknown>;
type Args = Record<string, unknown>;

const demo = buildDemoPlan();
const IDS = [
  'demo-budget',
  'last-used',
  ...demo.accounts.map((a) => a.id),
  ...demo.category_groups.map((g) => g.id),
  ...demo.categories.slice(0, 20).map((c) => c.id),
  ...demo.payees.slice(0, 10).map((p) => p.id),
  ...demo.transactions.slice(-10).map((t) => t.id),
];
const DATES = [
  'current',
  '2026-09-01',
  '2026-08-01',
  '2026-09-25',
  '2026-12',
  '2027-03',
  '2026-02-30',
  '1999-01-01',
];

/** Strings a model could send: the demo's ids and dates, names, and anything at all. */
const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...IDS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATES) },
  { weight: 1, arbitrary: fc.constantFrom(...demo.categories.slice(0, 10).map((c) => c.name)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const MONTHS = ['current', '2026-09-01', '2026-08-01', '2025-01-01', '2027-01-01', '2026-09-15'];
const DAYS = ['2026-09-01', '2026-08-01', '2026-09-25', '2025-12-31', '2026-10-15', '2027-03-01'];

/** Strings chosen by what the property is called, most of them meaningful for the demo plan. */
function stringFor(key: string, s: Schema): fc.Arbitrary<string> {
  const often = (values: string[]) =>
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: anyString });
  if (key === 'plan_id') return often(['demo-budget', 'demo-budget', 'last-used']);
  if (key === 'month') return often(MONTHS);
  if (key === 'until') return often(['2026-10', '2026-12', '2027-09', '2026-09']);
  if (key.endsWith('date') || key === 'date') return often(DAYS);
  if (key.endsWith('_id') || key.endsWith('_ids')) return often(IDS);
  if (typeof s.pattern === 'string') return fc.oneof(fc.stringMatching(new RegExp(s.pattern)), anyString);
  return anyString;
}

function resolve(schema: Schema, root: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return ((root.$defs ?? {}) as Record<string, Schema>)[name] ?? {};
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof s.minimum === 'number' ? s.minimum : -1e9;
  const max = typeof s.maximum === 'number' ? s.maximum : 1e9;
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 5, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min, max, 0) });
}

/** A value shaped like `schema` (it may still break a rule the schema cannot state). */
export function shaped(input: Schema, root: Schema = input, depth = 0, key = ''): fc.Arbitrary<unknown> {
  const s = resolve(input, root);
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((b) => shaped(b, root, depth, key)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return fc.oneof(...types.map((t) => ofType(t, s, root, depth, key)));
}

function ofType(
  type: string | undefined,
  s: Schema,
  root: Schema,
  depth: number,
  key: string,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(key, s);
    case 'number':
      return numberOf(s, false);
    case 'integer':
      return numberOf(s, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      return fc.array(depth > 3 ? fc.constant(null) : shaped(items, root, depth + 1, key), {
        minLength: typeof s.minItems === 'number' ? Math.min(s.minItems, 3) : 0,
        maxLength: Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 4),
      });
    }
    case 'object':
      return objectOf(s, root, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: Schema, root: Schema, depth: number): fc.Arbitrary<Args> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) record[key] = shaped(child, root, depth + 1, key);
  const optional = Object.keys(properties).filter((k) => !required.has(k));
  return fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) }).map((value) => {
    const out: Args = { ...value };
    for (const key of optional) if (out[key] === undefined) delete out[key];
    return out;
  });
}

/** Arguments broken on purpose: most are invalid, the tool's own schema decides which. */
export function broken(schema: Schema): fc.Arbitrary<unknown> {
  const base = objectOf(schema, schema, 0);
  const keys = Object.keys(schema.properties ?? {});
  const required = (schema.required as string[] | undefined) ?? [];
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.jsonValue({ maxDepth: 3 }),
    // An unknown field. Not `__proto__`: the SDK's copy of the arguments turns that key into the
    // object's prototype before validation, so it is dropped rather than refused (found by this test).
    base.chain((args) =>
      fc
        .record({
          key: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__'),
          value: fc.jsonValue({ maxDepth: 2 }),
        })
        .map(({ key, value }) => ({ ...args, [keys.includes(key) ? `${key}_x` : key]: value })),
    ),
  ];
  if (keys.length > 0)
    mutations.push(
      base.chain((args) =>
        fc
          .record({
            key: fc.constantFrom(...keys),
            value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)),
          })
          .map(({ key, value }) => ({ ...args, [key]: value })),
      ),
    );
  if (required.length > 0)
    mutations.push(
      base.chain((args) =>
        fc.constantFrom(...required).map((key) => {
          const copy = { ...args };
          delete copy[key];
          return copy;
        }),
      ),
    );
  return fc.oneof(...mutations);
}
