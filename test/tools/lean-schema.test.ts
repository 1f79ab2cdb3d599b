/**
 * What tools/list advertises of a schema: parameters keep every description and meaningful bound but
 * lose zod's noise; results are an outline of names and types; validation stays zod's own.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leanParams, leanResults, paramsJson, resultJson } from '../../src/tools/seam/lean-schema.js';

const params = z.strictObject({
  plan_id: z.string().min(1).describe('Plan id.'),
  count: z.number().int().describe('A count.'),
  limit: z.number().int().min(1).max(200).default(50).describe('Rows (1 to 200).'),
  since: z.iso.date().nullable().default(null).describe('First date.'),
  flag: z.enum(['red', 'blue']).nullable().default(null).describe('A flag.'),
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

  it('drop zod noise but keep descriptions, bounds and the root refusing unknown fields', () => {
    expect(json.$schema).toBeUndefined();
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.count).toEqual({ type: 'integer', description: 'A count.' });
    expect(json.properties.limit).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 50,
      description: 'Rows (1 to 200).',
    });
    expect(json.properties.since).toEqual({
      type: ['string', 'null'],
      format: 'date',
      description: 'First date.',
    });
    const items = (json.properties.one_offs as { items: Record<string, unknown> }).items;
    expect(items.additionalProperties).toBeUndefined();
    expect(json.properties.one_offs?.type).toEqual(['array', 'null']);
  });

  it('keep a nullable enum as a union, since null is not one of its values', () => {
    expect(json.properties.flag?.anyOf).toEqual([
      { type: 'string', enum: ['red', 'blue'] },
      { type: 'null' },
    ]);
    expect(json.properties.flag?.description).toBe('A flag.');
  });
});

describe('advertised results', () => {
  it('outline the top-level fields by name and type, without descriptions or required', () => {
    const output = z.strictObject({
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
        message: { type: 'string' },
        months: { type: 'array' },
        assumptions: { type: 'object' },
        target: { type: ['object', 'null'] },
      },
    });
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
    const ok = await lean['~standard'].validate({ plan_id: 'p', count: 1 });
    expect(ok).toMatchObject({ value: { plan_id: 'p', count: 1, limit: 50, since: null } });
    const bad = await lean['~standard'].validate({ plan_id: 'p', count: 1, extra: true });
    expect('issues' in bad && bad.issues?.length).toBeTruthy();
  });
});
