/**
 * What tools/list advertises of a schema: parameters keep every description and meaningful bound but
 * lose zod's noise; results are an outline of field names (those always present in `required`);
 * validation stays zod's own.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leanParams, leanResults, paramsJson, resultJson } from '../../src/mcp/lean-schema.js';

const params = z.strictObject({
  plan_id: z.string().min(1).describe('Plan id.'),
  count: z.number().int().describe('A count.'),
  limit: z.number().int().min(1).max(200).default(50).describe('Rows (1 to 200).'),
  amount: z.number().min(-1_000_000_000).max(1_000_000_000).describe('An amount.'),
  positive: z.number().gt(0).max(1_000_000_000).describe('A positive amount.'),
  since: z.iso.date().nullable().default(null).describe('First date.'),
  flag: z.enum(['red', 'blue']).nullable().default(null).describe('A flag.'),
  memo: z.string().nullable().optional().describe('Null clears it.'),
  color: z.enum(['red', 'blue']).nullable().optional().describe('Null removes it.'),
  strategy: z.enum(['a', 'b']).default('a').describe('A strategy.'),
  kind: z.literal('x').optional().describe('A kind.'),
  one_offs: z
    .array(z.strictObject({ label: z.string().describe('A label.') }))
    .nullable()
    .default(null)
    .describe('One-offs.'),
});

describe('advertised parameters', () => {
  const json = paramsJson(params) as { properties: Record<string, Record<string, unknown>> } & Record<
    string,
    unknown
  >;

  it('drop zod noise and the sanity bound of amounts but keep descriptions and bounds', () => {
    expect(json.$schema).toBeUndefined();
    // the zod schema refuses unknown fields (see below): the listing does not repeat it
    expect(json.additionalProperties).toBeUndefined();
    expect(json.properties.amount).toEqual({ type: 'number', description: 'An amount.' });
    expect(json.properties.positive).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      description: 'A positive amount.',
    });
    expect(json.properties.count).toEqual({ type: 'integer', description: 'A count.' });
    expect(json.properties.limit).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 50,
      description: 'Rows (1 to 200).',
    });
    const items = (json.properties.one_offs as { items: Record<string, unknown> }).items;
    expect(items.additionalProperties).toBeUndefined();
  });

  it('list a parameter whose default is null without null: leaving it out says the same', () => {
    expect(json.properties.since).toEqual({ type: 'string', format: 'date', description: 'First date.' });
    expect(json.properties.one_offs?.type).toBe('array');
    expect(json.properties.flag).toEqual({ enum: ['red', 'blue'], description: 'A flag.' });
  });

  it('keep a null that means something of its own, as one type list or among the values', () => {
    expect(json.properties.memo).toEqual({ type: ['string', 'null'], description: 'Null clears it.' });
    expect(json.properties.color).toEqual({ enum: ['red', 'blue', null], description: 'Null removes it.' });
  });

  it('drop the length cap of a text, the false default of a switch and a pattern the description spells', () => {
    const more = paramsJson(
      z.strictObject({
        memo: z.string().max(500).describe('A memo.'),
        detail: z.boolean().default(false).describe('Also the detail.'),
        savings: z.boolean().default(true).describe('Count savings.'),
        since: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .describe('YYYY-MM, the first month.'),
        code: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .describe('A currency code.'),
      }),
    ) as { properties: Record<string, unknown> };
    expect(more.properties.memo).toEqual({ type: 'string', description: 'A memo.' });
    expect(more.properties.detail).toEqual({ type: 'boolean', description: 'Also the detail.' });
    expect(more.properties.savings).toEqual({
      type: 'boolean',
      default: true,
      description: 'Count savings.',
    });
    expect(more.properties.since).toEqual({ type: 'string', description: 'YYYY-MM, the first month.' });
    // a pattern nothing else spells out stays
    expect(more.properties.code).toEqual({
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'A currency code.',
    });
  });

  it('give an enum or a constant no type beside its values', () => {
    expect(json.properties.strategy).toEqual({ enum: ['a', 'b'], default: 'a', description: 'A strategy.' });
    expect(json.properties.kind).toEqual({ const: 'x', description: 'A kind.' });
  });
});

describe('advertised results', () => {
  it('name the fields every answer carries in required, without descriptions, types or enum values', () => {
    const output = z.strictObject({
      status: z.enum(['applied', 'declined']).describe('What became of it.'),
      message: z.string().describe('What happened.'),
      months: z
        .array(z.strictObject({ month: z.string().describe('M.'), end: z.number().describe('E.') }))
        .describe('Months.'),
      assumptions: z.strictObject({ rate: z.number().describe('R.') }).describe('A.'),
      target: z.strictObject({ amount: z.number() }).nullable().describe('T.'),
    });
    expect(resultJson(output)).toEqual({
      type: 'object',
      required: ['status', 'message', 'months', 'assumptions', 'target'],
    });
  });

  it('keep a field an answer may leave out under properties, with its type', () => {
    const output = z.strictObject({
      count: z.number().int().describe('C.'),
      note: z.string().optional().describe('N.'),
      detail: z.array(z.number()).optional().describe('D.'),
    });
    const outline = resultJson(output);
    expect(outline).toEqual({
      type: 'object',
      properties: { note: { type: 'string' }, detail: { type: 'array' } },
      required: ['count'],
    });
    // what the outline requires, every answer zod lets through has
    expect(output.safeParse({ count: 1 }).success).toBe(true);
    expect(output.safeParse({ note: 'x' }).success).toBe(false);
  });

  it('do not count a result wrapper as a level, and list its rows by name', () => {
    const output = z.strictObject({
      result: z.array(
        z.strictObject({
          id: z.string().describe('Id.'),
          count: z.number().int().describe('C.'),
          target: z.strictObject({ amount: z.number() }).nullable().describe('T.'),
        }),
      ),
    });
    expect(resultJson(output)).toEqual({
      type: 'object',
      properties: {
        result: { type: 'array', items: { type: 'object', required: ['id', 'count', 'target'] } },
      },
    });
  });

  it('tell a deep union by its types, in a field that may be absent', () => {
    const output = z.strictObject({
      value: z.union([z.string(), z.number()]).optional().describe('V.'),
    });
    expect(resultJson(output)).toEqual({
      type: 'object',
      properties: { value: { type: ['string', 'number'] } },
    });
  });
});

describe('lean schemas', () => {
  it('validate with zod and convert once', async () => {
    const lean = leanParams(params);
    expect(leanParams(params)).toBe(lean);
    expect(leanResults(params)).not.toBe(lean);
    const first = lean['~standard'].jsonSchema.input();
    expect(lean['~standard'].jsonSchema.output()).toBe(first);
    const ok = await lean['~standard'].validate({ plan_id: 'p', count: 1, amount: 1, positive: 1 });
    expect(ok).toMatchObject({ value: { plan_id: 'p', count: 1, limit: 50, since: null } });
    const huge = await lean['~standard'].validate({ plan_id: 'p', count: 1, amount: 2e9, positive: 1 });
    expect('issues' in huge && huge.issues?.length).toBeTruthy();
    const bad = await lean['~standard'].validate({
      plan_id: 'p',
      count: 1,
      amount: 1,
      positive: 1,
      extra: true,
    });
    expect('issues' in bad && bad.issues?.length).toBeTruthy();
  });
});
