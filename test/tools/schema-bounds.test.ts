/**
 * The tool schemas say what the code checks. A bound the schema carries is not repeated in words (the
 * model reads the schema, people read docs/tools.md, which shows every bound of the definitions), so
 * the two checks are: every bound a parameter's description states is in its schema with that value,
 * and every bound the schema advertises is shown in docs/tools.md. Read from tools/list through a real
 * client, in both eras.
 */
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, connect } from '../helpers/harness.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** Every parameter, nested ones included, with its description. */
function parameters(
  path: string,
  schema: Schema,
  out: [string, Schema, string][] = [],
): [string, Schema, string][] {
  out.push([path, schema, typeof schema.description === 'string' ? schema.description : '']);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    parameters(`${path}.${key}`, child, out);
  if (schema.items) parameters(`${path}[]`, schema.items, out);
  return out;
}

const num = (s: Schema, key: string): number | null => (typeof s[key] === 'number' ? s[key] : null);

/** The bounds a description states in words, each checked against the schema. */
function wordMismatches(path: string, s: Schema, text: string): string[] {
  const found: string[] = [];
  const range = /\((\d+) to (\d+)[,)]/.exec(text);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    const lengths = /characters|items|names/.test(text);
    const lo = lengths ? (num(s, 'minLength') ?? num(s, 'minItems')) : num(s, 'minimum');
    const hi = lengths ? (num(s, 'maxLength') ?? num(s, 'maxItems')) : num(s, 'maximum');
    if (lo !== min || hi !== max) found.push(`${path}: ${range[0]} not in the schema`);
  }
  const atMost = /at most (\d+) (characters|items)/.exec(text);
  if (atMost && num(s, 'maxLength') !== Number(atMost[1]) && num(s, 'maxItems') !== Number(atMost[1]))
    found.push(`${path}: ${atMost[0]} not in the schema`);
  if (/greater than 0/.test(text) && num(s, 'exclusiveMinimum') !== 0)
    found.push(`${path}: greater than 0 not in the schema`);
  const stated = /default (\w+)\)/.exec(text);
  if (stated && 'default' in s && String(s.default) !== stated[1])
    found.push(`${path}: ${stated[0]} is not its default`);
  return found;
}

/** How docs/tools.md writes a bound (test/helpers/tools-doc.ts). */
const SHOWN: Record<string, (v: number) => string> = {
  exclusiveMinimum: (v) => `> ${v}`,
  minimum: (v) => `≥ ${v}`,
  maximum: (v) => `≤ ${v}`,
  minItems: (v) => `${v}+ items`,
  maxItems: (v) => `≤ ${v} items`,
  maxLength: (v) => `≤ ${v} chars`,
};

/** The row of a tool's parameter in docs/tools.md. */
function docRow(doc: string, tool: string, param: string): string {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`\`${tool}\``)) ?? '';
  return section.split('\n').find((line) => line.startsWith(`| \`${param}\` |`)) ?? '';
}

describe.each(ERAS)('schema bounds, %s era', (era) => {
  it('every bound a description states is in the schema; every schema bound is in the docs', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '1' } });
    const { tools } = await s.client.listTools();
    expect(tools.length).toBeGreaterThan(30);
    const wrong = tools.flatMap((t) =>
      parameters(t.name, t.inputSchema as Schema).flatMap(([path, schema, text]) =>
        wordMismatches(path, schema, text),
      ),
    );
    expect(wrong).toEqual([]);
    const doc = readFileSync(new URL('../../docs/tools.md', import.meta.url), 'utf8');
    const advertised = tools.flatMap((t) =>
      Object.entries((t.inputSchema as Schema).properties ?? {}).flatMap(([param, schema]) =>
        Object.entries(SHOWN)
          .filter(([key]) => typeof schema[key] === 'number')
          .map(([key, shown]) => [t.name, param, shown(schema[key] as number)] as const),
      ),
    );
    expect(advertised.length).toBeGreaterThan(20);
    const unshown = advertised.filter(([tool, param, text]) => !docRow(doc, tool, param).includes(text));
    expect(unshown).toEqual([]);
    const target = tools.find((t) => t.name === 'set_category_target');
    const amount = (target?.inputSchema as Schema).properties?.amount as Schema;
    // null, its default, means the same as leaving it out, so it is listed without null; the sanity
    // cap of a billion is checked by the server, not advertised
    expect(amount).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      description: expect.any(String),
    });
  });
});
