/**
 * What tools/list advertises of a schema: parameters keep every description and meaningful bound but
 * lose zod's noise; results are an outline of names and types; validation stays zod's own.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  byNameOnly,
  leanParams,
  leanResults,
  paramsJson,
  resultJson,
} from '../../src/tools/seam/lean-schema.js';

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

  it('give an enum or a constant no type beside its values', () => {
    expect(json.properties.strategy).toEqual({ enum: ['a', 'b'], default: 'a', description: 'A strategy.' });
    expect(json.properties.kind).toEqual({ const: 'x', description: 'A kind.' });
  });
});

describe('advertised results', () => {
  it('outline the top-level fields by name and type, without descriptions, required or enum values', () => {
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
      properties: {
        status: { type: 'string' },
        message: { type: 'string' },
        months: { type: 'array' },
        assumptions: { type: 'object' },
        target: { type: ['object', 'null'] },
      },
    });
  });

  it('outline a field shared by every write tool by its name alone', () => {
    const output = z.strictObject({
      status: byNameOnly(z.enum(['applied', 'declined']).describe('What became of it.')),
      operation_id: byNameOnly(z.string().nullable().describe('The id.')),
      count: z.number().int().describe('C.'),
    });
    expect(resultJson(output)).toEqual({
      type: 'object',
      properties: { status: {}, operation_id: {}, count: { type: 'integer' } },
    });
    // the mark changes nothing of what zod checks or docs/tools.md shows
    expect(output.shape.status.description).toBe('What became of it.');
    expect(output.safeParse({ status: 'applied', operation_id: null, count: 1 }).success).toBe(true);
    expect(output.safeParse({ status: 'other', operation_id: null, count: 1 }).success).toBe(false);
  });

  it('do not count a result wrapper as a level, and tell a deep union by its types', () => {
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
        result: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              count: { type: 'integer' },
              target: { type: ['object', 'null'] },
            },
          },
        },
      },
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
