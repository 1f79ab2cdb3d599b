/**
 * Every tool that takes an amount, through a real client against the stand-in: an amount that is not
 * 0 but rounds to 0 milliunits is refused before any request or question, naming the parameter; 0
 * itself is refused where it means nothing (a created transaction, a split line, a transfer, a move, a
 * target) and taken where it means something (assign nothing, a schedule kept as a reminder). A table
 * drawn from tools/list checks that no amount parameter is left out of the table.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { req } from '../requirements.js';

const P = 'demo-budget';
type Args = Record<string, unknown>;

/** One amount parameter: the tool, its name as the refusal says it, and arguments carrying `x` there. */
interface Case {
  tool: string;
  name: string;
  args: (x: number) => Args;
  /** Why 0 is refused there, when it is (else 0 is taken). */
  zero?: string;
  /** The refusal of 0 where the schema already bounds the amount above 0, in its own words. */
  zeroText?: string;
  /** The schema takes no negative amount here (it refuses one in its own words). */
  positive?: true;
  /** Why 0.001 is refused there on other grounds, once past the amount check. */
  smallest?: string;
}

const tx = (amount: number) => ({ date: '2026-09-24', amount, payee_name: 'Bakery' });
const line = (amount: number) => ({ amount, category_id: 'cat-groceries' });
const receipt = (total: number, lines: { text: string; amount: number }[]) => ({
  plan_id: P,
  merchant: 'MARKET FRESH',
  date: '2026-09-05',
  total,
  lines,
});
const CASES: Case[] = [
  {
    tool: 'create_transactions',
    name: 'transactions[1].amount',
    args: (x) => ({ plan_id: P, account_id: 'acc-checking', transactions: [tx(-4), tx(x)] }),
    zero: 'a transaction moves money: give what was paid (negative) or received.',
  },
  {
    tool: 'update_transactions',
    name: 'transactions[0].amount',
    args: (x) => ({ plan_id: P, transactions: [{ transaction_id: 'tx-049', amount: x }] }),
  },
  {
    tool: 'split_transaction',
    name: 'lines[1].amount',
    args: (x) => ({ plan_id: P, transaction_id: 'tx-053', lines: [line(-8.401), line(x)] }),
    zero: 'a line of 0 splits nothing off: leave it out.',
  },
  {
    tool: 'apply_itemization',
    name: 'splits[0].lines[1].amount',
    args: (x) => ({ plan_id: P, splits: [{ transaction_id: 'tx-053', lines: [line(-8.401), line(x)] }] }),
    zero: 'a line of 0 splits nothing off: leave it out.',
  },
  {
    tool: 'itemize_transaction',
    name: 'total',
    args: (x) => receipt(x, [{ text: 'Bread', amount: 2 }]),
    zero: 'give what was paid.',
    smallest: 'The items come to 2,00 €',
  },
  {
    tool: 'itemize_transaction',
    name: 'lines[1].amount',
    args: (x) =>
      receipt(2, [
        { text: 'Bread', amount: 2 },
        { text: 'Jam', amount: x },
      ]),
    zero: 'an item costs something: leave it out.',
  },
  {
    tool: 'create_transfer',
    name: 'amount',
    args: (x) => ({
      plan_id: P,
      from_account_id: 'acc-checking',
      to_account_id: 'acc-savings',
      amount: x,
      date: '2026-09-25',
    }),
    zero: 'a transfer of 0 moves nothing: give the amount that left the source account.',
    zeroText: 'amount: must be more than 0',
    positive: true,
  },
  {
    tool: 'move_money',
    name: 'amount',
    args: (x) => ({
      plan_id: P,
      month: '2026-09-01',
      from_category_id: 'cat-holidays',
      to_category_id: 'cat-restaurants',
      amount: x,
    }),
    zero: 'nothing moves: give the amount to move.',
    zeroText: 'amount: must be more than 0',
    positive: true,
  },
  {
    tool: 'set_category_budget',
    name: 'amount',
    args: (x) => ({ plan_id: P, month: '2026-09-01', category_id: 'cat-restaurants', amount: x }),
  },
  {
    tool: 'set_category_target',
    name: 'amount',
    args: (x) => ({ plan_id: P, category_id: 'cat-groceries', amount: x }),
    zero: 'a target of 0 asks for nothing: to remove the target, give no amount.',
    zeroText: 'amount: must be more than 0',
    positive: true,
  },
  {
    tool: 'create_scheduled_transaction',
    name: 'amount',
    args: (x) => ({
      plan_id: P,
      account_id: 'acc-checking',
      date: '2026-10-01',
      frequency: 'monthly',
      amount: x,
      payee_name: 'Water bill',
    }),
  },
  {
    tool: 'update_scheduled_transaction',
    name: 'amount',
    args: (x) => ({ plan_id: P, scheduled_transaction_id: 'sch-rent', amount: x }),
  },
  {
    tool: 'reconcile_account',
    name: 'bank_balance',
    args: (x) => ({ plan_id: P, account_id: 'acc-savings', bank_balance: x }),
  },
  { tool: 'find_transactions', name: 'amount', args: (x) => ({ plan_id: P, amount: x }) },
  // each rule its own memo words: a rule repeating an earlier one's condition would be refused for that
  { tool: 'set_rule', name: 'amount_min', args: (x) => ruleArgs({ amount_min: x }) },
  { tool: 'set_rule', name: 'amount_max', args: (x) => ruleArgs({ amount_max: x }) },
  { tool: 'find_transactions', name: 'amount_min', args: (x) => ({ plan_id: P, amount_min: x }) },
  { tool: 'find_transactions', name: 'amount_max', args: (x) => ({ plan_id: P, amount_max: x }) },
  {
    tool: 'forecast_balance',
    name: 'monthly_income',
    args: (x) => ({ plan_id: P, until: '2026-12', monthly_income: x }),
  },
  {
    tool: 'forecast_balance',
    name: 'variable_monthly',
    args: (x) => ({ plan_id: P, until: '2026-12', variable_monthly: x }),
  },
  {
    tool: 'forecast_balance',
    name: 'one_offs[0].amount',
    args: (x) => ({
      plan_id: P,
      until: '2026-12',
      one_offs: [{ date: '2026-10-01', amount: x, label: 'x' }],
    }),
  },
  {
    tool: 'get_debt_payoff_plan',
    name: 'monthly_budget',
    args: (x) => ({ plan_id: P, monthly_budget: x }),
    zero: 'nothing would go to the debts: give more, or leave it out.',
    zeroText: 'monthly_budget: must be more than 0',
    positive: true,
    smallest: 'monthly_budget 0.00 is less than the minimum payments',
  },
  {
    tool: 'get_debt_payoff_plan',
    name: 'overrides[0].minimum_payment',
    args: (x) => ({
      plan_id: P,
      monthly_budget: 500,
      overrides: [{ account: 'Car loan', minimum_payment: x }],
    }),
    positive: true,
  },
];

let rules = 0;
function ruleArgs(range: Record<string, number>): Record<string, unknown> {
  rules += 1;
  return {
    plan_id: P,
    said: 'a rule',
    memo_words: `case ${String(rules)}`,
    category_id: 'cat-groceries',
    ...range,
  };
}

const rounds = (c: Case, x: number) =>
  `${c.name} ${String(x)} rounds to 0: YNAB keeps amounts to 3 decimals, 0.001 the smallest. Give the amount meant${c.zero === undefined ? ', or 0' : ''}.`;

/** The JSON Schema paths of the number parameters of a tool (counts and rates are integers or named). */
function numberParams(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const types = ([] as unknown[]).concat(s.type ?? []);
  const here = types.includes('number') && at !== '' ? [at] : [];
  const props = Object.entries((s.properties ?? {}) as Record<string, unknown>).flatMap(([k, v]) =>
    numberParams(v, at === '' ? k : `${at}.${k}`),
  );
  return [...here, ...props, ...numberParams(s.items, `${at}[]`)];
}

describe('the table', () => {
  it('holds every amount parameter of tools/list', async ({ h }) => {
    const s = await connect(h, 'modern');
    const { tools } = await s.client.listTools();
    const listed = tools.flatMap((t) =>
      numberParams(t.inputSchema)
        // a yearly rate in percent is not an amount, nor a count of items
        .filter((p) => !p.endsWith('interest_rate') && !p.endsWith('quantity'))
        .map((p) => `${t.name} ${p}`),
    );
    const named = CASES.map((c) => `${c.tool} ${c.name.replace(/\[\d+\]/g, '[]')}`);
    expect(listed.sort()).toEqual(named.sort());
  });
});

describe.each(ERAS)(`${req('refused-input')} %s era`, (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  describe.each(CASES)('$tool $name', (c) => {
    it.for(c.positive ? [1e-9, 0.0004, 0.0005] : [1e-9, -1e-9, 0.0004, -0.0005])(
      'refuses %s before any request or question',
      async (x, { h }) => {
        const a = answering(ACCEPT);
        const s = await connect(h, era, { elicit: a.handler });
        h.standIn.clearRequests();
        const r = await call(s, c.tool, c.args(x));
        expect(r.isError).toBe(true);
        expect(textOf(r)).toBe(rounds(c, x));
        expect(a.questions).toEqual([]);
        expect(h.standIn.requests).toEqual([]);
      },
    );

    it(c.zero === undefined ? 'takes 0' : 'refuses 0 before any request or question', async ({ h }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { elicit: a.handler });
      h.standIn.clearRequests();
      const r = await call(s, c.tool, c.args(0));
      if (c.zero === undefined) {
        // what a write does with it once agreed is another test's: here it is only not refused
        expect(r.isError, textOf(r)).toBeFalsy();
        return;
      }
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain(c.zeroText ?? `${c.name} is 0: ${c.zero}`);
      expect(a.questions).toEqual([]);
      expect(h.standIn.requests).toEqual([]);
    });

    it('takes 0.001, the smallest amount, as 1 milliunit', async ({ h }) => {
      const s = await connect(h, era);
      const r = await call(s, c.tool, c.args(0.001));
      if (c.smallest === undefined) expect(r.isError).toBeFalsy();
      else expect(textOf(r)).toContain(c.smallest);
      expect(h.standIn.writes).toEqual([]);
    });
  });

  it('create_transfer of 1e-9, confirmed at once, asks nothing and writes nothing', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const transfer = CASES.find((c) => c.tool === 'create_transfer');
    const r = await call(s, 'create_transfer', transfer?.args(1e-9) ?? {});
    expect(r.isError).toBe(true);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
    expect(h.standIn.state.transactions.filter((t) => t.amount === 0 && t.date === '2026-09-25')).toEqual([]);
  });

  it.for([
    ['set_category_budget', 'assigns nothing'],
    ['create_scheduled_transaction', 'a reminder of a bill whose amount varies'],
  ])('%s takes 0 (%s): it is previewed, then applied once the user agrees', async ([tool = ''], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const c = CASES.find((k) => k.tool === tool);
    const r = await call(s, tool, c?.args(0) ?? {});
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(a.questions).toHaveLength(1);
    expect(h.standIn.writes).toHaveLength(1);
  });
});
