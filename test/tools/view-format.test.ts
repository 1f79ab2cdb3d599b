/**
 * The plan's formats a view gets: through a real client that renders Apps, a charted or digest
 * result carries the plan's currency format and date format in its `_meta` (never in the structured
 * content the model reads); a client without Apps gets no `_meta` at all. A plan YNAB gives no formats
 * for, a `last-used` plan, a plan missing from the list and a plans list that fails leave the view
 * with plain numbers, never a failed answer. Separators and date formats YNAB might send oddly are
 * kept to short plain text.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { call, connect } from '../helpers/harness.js';
import { FORMAT_META_KEY, formatOfPlan } from '../../src/mcp/view-format.js';
import { buildDemoPlan } from '../../src/demo/index.js';

const APPS = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const EURO = {
  currency: {
    iso_code: 'EUR',
    symbol: '€',
    decimal_digits: 2,
    decimal_separator: ',',
    group_separator: ' ',
    symbol_first: false,
    display_symbol: true,
  },
  date_format: 'DD/MM/YYYY',
};

describe('the plan’s formats in a view’s _meta', () => {
  it('gives a charted and a digest result the euro format, and nothing to a client without Apps', async ({
    h,
  }) => {
    h.standIn.reset(buildDemoPlan());
    const s = await connect(h, 'modern', { capabilities: APPS });
    for (const [tool, args] of [
      ['get_spending_trends', { plan_id: 'demo-budget', months_count: 2 }],
      ['get_digest', { plan_id: 'demo-budget' }],
    ] as const) {
      const r = await call(s, tool, args);
      expect(r._meta?.[FORMAT_META_KEY], tool).toEqual(EURO);
      expect(JSON.stringify(r.structuredContent)).not.toContain('decimal_separator');
    }
    // last-used: the one plan of the list
    const last = await call(s, 'get_spending_trends', { plan_id: 'last-used', months_count: 2 });
    expect(last._meta?.[FORMAT_META_KEY]).toEqual(EURO);
    const plain = await connect(h, 'modern');
    const r = await call(plain, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 2 });
    expect(r._meta?.[FORMAT_META_KEY]).toBeUndefined();
    expect(r._meta?.['avenir-mcp/chart']).toBeUndefined();
  });

  it('leaves the view plain numbers when the plans list fails, and the answer stands', async ({ h }) => {
    h.standIn.reset(buildDemoPlan());
    const s = await connect(h, 'modern', { capabilities: APPS });
    h.standIn.fault({ path: '/plans', status: 500 });
    const r = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 2 });
    expect(r.isError).toBeFalsy();
    expect(r._meta?.['avenir-mcp/chart']).toBe('spending');
    expect(r._meta?.[FORMAT_META_KEY]).toBeUndefined();
  });

  it('says nothing of a plan the list does not hold', async ({ h }) => {
    const plan = buildDemoPlan();
    h.standIn.reset(plan);
    const s = await connect(h, 'modern', { capabilities: APPS });
    h.standIn.fault({
      path: '/plans',
      status: 200,
      body: JSON.stringify({
        data: {
          plans: [
            { ...plan.plan, id: 'other' },
            { ...plan.plan, id: 'more' },
          ],
        },
      }),
    });
    const r = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 2 });
    expect(r._meta?.[FORMAT_META_KEY]).toBeUndefined();
  });
});

describe('formatOfPlan', () => {
  const plan = (extra: Record<string, unknown>) => ({ id: 'p', name: 'P', ...extra }) as never;
  it('gives no currency without an ISO code, plain numbers then', () => {
    expect(formatOfPlan(plan({}))).toEqual({ currency: null, date_format: null });
    expect(formatOfPlan(plan({ currency_format: { iso_code: '' } })).currency).toBeNull();
  });
  it('keeps odd separators, decimals and date formats out', () => {
    const f = formatOfPlan(
      plan({
        currency_format: {
          iso_code: 'XXX',
          decimal_digits: 7,
          decimal_separator: '\u202e',
          group_separator: 'abcd',
          display_symbol: false,
        },
        date_format: { format: '<script>' },
      }),
    );
    expect(f).toEqual({
      currency: {
        iso_code: 'XXX',
        symbol: '',
        decimal_digits: 2,
        decimal_separator: '.',
        group_separator: ',',
        symbol_first: false,
        display_symbol: false,
      },
      date_format: null,
    });
    // no grouping at all is a format too
    expect(
      formatOfPlan(plan({ currency_format: { iso_code: 'CHF', group_separator: '' } })).currency
        ?.group_separator,
    ).toBe('');
  });
});
