/**
 * The tool schemas say what the code checks: every bound a numeric or text parameter's description
 * states is in its JSON schema, and every bound its schema sets is stated in its description, so an
 * assistant reading either learns the same limits. Read from tools/list through a real client.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, connect, startHarness, type Harness } from '../helpers/harness.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
const SAFE = Number.MAX_SAFE_INTEGER;
const BILLION = 1_000_000_000;

/** Every parameter, nullable ones (when listed as anyOf) merged with their non-null branch. */
function parameters(
  path: string,
  schema: Schema,
  out: [string, Schema, string][] = [],
): [string, Schema, string][] {
  const branches = (schema.anyOf as Schema[] | undefined) ?? [schema];
  const inner = branches.find((b) => b.type !== 'null') ?? schema;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const description = text(schema.description) || text(inner.description);
  out.push([path, inner, description]);
  for (const [key, child] of Object.entries(inner.properties ?? {})) parameters(`${path}.${key}`, child, out);
  if (inner.items) parameters(`${path}[]`, inner.items, out);
  return out;
}

/** A bound of a schema, or null when absent or only the safe-integer limit zod adds to integers. */
function bound(s: Schema, key: string): number | null {
  const v = s[key];
  return typeof v === 'number' && Math.abs(v) !== SAFE ? v : null;
}

/** "greater than 0" and "a billion" in the description, checked against the schema both ways. */
function wordMismatches(path: string, s: Schema, text: string): string[] {
  const found: string[] = [];
  if (/greater than 0/.test(text) !== (bound(s, 'exclusiveMinimum') === 0))
    found.push(`${path}: greater than 0 stated in one place only`);
  const billion = bound(s, 'maximum') === BILLION;
  if (/at most a billion|to a billion/.test(text) && !billion) found.push(`${path}: says a billion`);
  if (billion && !/billion/.test(text)) found.push(`${path}: a billion unsaid`);
  return found;
}

/** Numeric bounds: each one set is written in the description, and a stated "(a to b)" range is set. */
function mismatches(path: string, s: Schema, text: string): string[] {
  const found = wordMismatches(path, s, text);
  const max = bound(s, 'maximum');
  const min = bound(s, 'minimum');
  if (max !== null && max !== BILLION && !text.includes(String(max)))
    found.push(`${path}: max ${max} unsaid`);
  if (min !== null && min !== -BILLION && !text.includes(String(min)))
    found.push(`${path}: min ${min} unsaid`);
  const range = /\((\d+) to (\d+)[,)]/.exec(text);
  if (range && (min !== Number(range[1]) || max !== Number(range[2])))
    found.push(`${path}: range ${range[0]} not in schema`);
  return found;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

describe.each(ERAS)('schema bounds, %s era', (era) => {
  it('every stated numeric bound is in the schema, and every schema bound is stated', async () => {
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '1' } });
    const { tools } = await s.client.listTools();
    expect(tools.length).toBeGreaterThan(30);
    const wrong = tools.flatMap((t) =>
      parameters(t.name, t.inputSchema as Schema)
        .filter(([, schema]) => [schema.type].flat().some((t) => t === 'number' || t === 'integer'))
        .flatMap(([path, schema, text]) => mismatches(path, schema, text)),
    );
    expect(wrong).toEqual([]);
    const target = tools.find((t) => t.name === 'set_category_target');
    const amount = (target?.inputSchema as Schema).properties?.amount as Schema;
    // a nullable parameter is listed as one schema with `null` among its types
    expect(amount).toMatchObject({ type: ['number', 'null'], exclusiveMinimum: 0, maximum: BILLION });
  });
});
