/**
 * The texts a person reads write amounts and dates as the plan does, through a real client against the
 * stand-in: the demo household in euros written the French way (`22,50 €`, `14/09/2026`), in yen (no
 * decimals), in Kuwaiti dinars (three), in dollars (`$1,234.56`, symbol first) and with no formats at
 * all (plain numbers, ISO dates): questions, preview lines, undo questions and messages, with months in
 * words. Structured figures stay plain numbers in currency units and ISO dates. The formats come from
 * the plans list (list_plans, or `last-used` resolved), never from a request of their own.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { buildDemoPlan, DINAR, inCurrency, YEN } from '../../src/demo/index.js';
import type { CurrencyFormatRow, PlanData } from '../../src/demo/plan-data.js';
import { call, connect, ERAS, requestLines, out } from '../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../helpers/writes.js';

/** A dollar plan as YNAB gives one: symbol first, `,` groups, dates month first. */
const DOLLAR: CurrencyFormatRow = {
  iso_code: 'USD',
  example_format: '123,456.78',
  decimal_digits: 2,
  decimal_separator: '.',
  symbol_first: true,
  group_separator: ',',
  currency_symbol: '$',
  display_symbol: true,
};
const dollarPlan = (): PlanData => {
  const plan = inCurrency(buildDemoPlan(), DOLLAR);
  plan.plan = { ...plan.plan, date_format: { format: 'MM/DD/YYYY' } };
  return plan;
};
/** A plan YNAB gives neither a currency nor a date format. */
const plainPlan = (): PlanData => {
  const plan = buildDemoPlan();
  delete plan.plan.currency_format;
  delete plan.plan.date_format;
  return plan;
};
const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 22.5,
};
const CREATE = {
  plan_id: 'demo-budget',
  account_id: 'acc-checking',
  transactions: [{ date: '2026-09-14', amount: -1234.5, payee_name: 'Kiosk', category_id: 'cat-groceries' }],
};
const BUDGET = { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 150 };

describe.each(ERAS)('%s era', (era) => {
  it('yen: questions and messages without decimals, figures unchanged', async ({ h }) => {
    h.standIn.reset(inCurrency(buildDemoPlan(), YEN));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'list_plans', {});
    h.standIn.clearRequests();
    const set = out(await call(s, 'set_category_budget', BUDGET));
    expect(set).toMatchObject({ status: 'applied' });
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      status: 'applied',
    });
    expect(a.questions).toEqual([
      'Budget Restaurants for September 2026: budgeted ¥120 → ¥150?',
      'Undo: set Restaurants for September 2026 back to ¥120?',
    ]);
    // no request of its own for the currency: the plans list was read by list_plans
    expect(requestLines(h.standIn).filter((l) => l === 'GET /plans')).toEqual([]);

    const behind = out(await call(s, 'get_underfunded_targets', { plan_id: 'demo-budget' }));
    expect(behind.message).toBe(
      '4 targets need ¥155 in September 2026; Ready to Assign holds ¥1,732: enough for all of them, with ¥1,577 left.',
    );
    expect(typeof behind.ready_to_assign).toBe('number');
  });

  it('dinars: three decimals; last-used resolves the plan and its currency with one list', async ({ h }) => {
    h.standIn.reset(inCurrency(buildDemoPlan(), DINAR));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'set_category_budget', { ...BUDGET, plan_id: 'last-used', amount: 150.125 });
    expect(a.questions).toEqual(['Budget Restaurants for September 2026: budgeted 120.000 KD → 150.125 KD?']);
  });

  it('a plan not listed yet keeps two decimals', async ({ h }) => {
    h.standIn.reset(inCurrency(buildDemoPlan(), YEN));
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'set_category_budget', BUDGET);
    expect(a.questions).toEqual(['Budget Restaurants for 2026-09-01: budgeted 120.00 → 150.00?']);
  });

  it('euros (the demo plan): amounts, dates and months as the plan writes them, in a question, a preview line and messages; figures plain', async ({
    h,
  }) => {
    h.standIn.reset(buildDemoPlan());
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'list_plans', {});
    const moved = out(await call(s, 'move_money', MOVE));
    expect(moved).toMatchObject({ status: 'applied', month: '2026-09-01', amount: 22.5 });
    expect(moved.from_category).toMatchObject({ from_amount: 200, to_amount: 177.5 });
    const created = out(await call(s, 'create_transactions', CREATE));
    expect(created).toMatchObject({ status: 'applied' });
    expect(a.questions).toEqual([
      [
        'Move 22,50 € from Holidays to Restaurants for September 2026?',
        '- Holidays: budgeted 200,00 € → 177,50 €, available after 177,50 €',
        '- Restaurants: budgeted 120,00 € → 142,50 €, available after 0,00 €',
      ].join('\n'),
      ['Create 1 transaction(s) on Checking?', '- 14/09/2026 Kiosk -1 234,50 € (Groceries)'].join('\n'),
    ]);
    const trends = out(await call(s, 'get_spending_trends', { plan_id: 'demo-budget' }));
    expect(trends.message).toBe(
      'Spending per category, July 2026 to September 2026 (September 2026 under way, to 25/09/2026; averages leave it out).',
    );
    const behind = out(await call(s, 'get_underfunded_targets', { plan_id: 'demo-budget' }));
    expect(behind.message).toBe(
      '4 targets need 132,50 € in September 2026; Ready to Assign holds 1 729,32 €: enough for all of them, with 1 596,82 € left.',
    );
    expect(typeof behind.ready_to_assign).toBe('number');
  });

  it('dollars: the symbol first, `,` groups, the plan’s month-first dates', async ({ h }) => {
    h.standIn.reset(dollarPlan());
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'list_plans', {});
    expect(out(await call(s, 'create_transactions', CREATE))).toMatchObject({ status: 'applied' });
    expect(out(await call(s, 'move_money', { ...MOVE, amount: 1234.56 }))).toMatchObject({
      status: 'applied',
      amount: 1234.56,
    });
    expect(a.questions).toEqual([
      ['Create 1 transaction(s) on Checking?', '- 09/14/2026 Kiosk -$1,234.50 (Groceries)'].join('\n'),
      [
        'Move $1,234.56 from Holidays to Restaurants for September 2026?',
        '- Holidays: budgeted $200.00 → -$1,034.56, available after -$1,034.56',
        '- Restaurants: budgeted $120.00 → $1,354.56, available after $1,212.06',
        'Warning: Holidays goes below zero: it has $200.00 available, -$1,034.56 after this change.',
      ].join('\n'),
    ]);
  });

  it('a plan without formats: plain numbers and ISO dates, as the data', async ({ h }) => {
    h.standIn.reset(plainPlan());
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    await call(s, 'list_plans', {});
    expect(out(await call(s, 'move_money', MOVE))).toMatchObject({ status: 'applied' });
    expect(out(await call(s, 'create_transactions', CREATE))).toMatchObject({ status: 'applied' });
    expect(a.questions).toEqual([
      [
        'Move 22.50 from Holidays to Restaurants for 2026-09-01?',
        '- Holidays: budgeted 200.00 → 177.50, available after 177.50',
        '- Restaurants: budgeted 120.00 → 142.50, available after 0.00',
      ].join('\n'),
      ['Create 1 transaction(s) on Checking?', '- 2026-09-14 Kiosk -1234.50 (Groceries)'].join('\n'),
    ]);
  });

  it('euros: messages write their dates and months as the plan does', async ({ h }) => {
    h.standIn.reset(buildDemoPlan());
    const s = await connect(h, era, { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    await call(s, 'list_plans', {});
    const forecast = out(await call(s, 'forecast_balance', { plan_id: 'demo-budget', until: '2026-12' }));
    expect(forecast.message).toBe(
      'The balance stays above zero through December 2026. This rests on the assumptions listed: check them with the user.',
    );
    // the figures keep ISO months
    expect((forecast.months as { month: string }[]).at(-1)?.month).toMatch(/^2026-12/);
    const age = out(await call(s, 'get_age_of_money', { plan_id: 'demo-budget' }));
    expect(age.message).toBe(
      "4 of the 12 months asked (YNAB holds no earlier month). Your money is 47 days old (September 2026, YNAB's Age of Money): what you spend came in 47 days before, on average. Over 30 days: you are living on last month's income, the buffer YNAB aims for. It went up by 30 days since July 2026.",
    );
    expect(age.as_of).toBe('2026-09');
    const changes = out(await call(s, 'get_changes', { plan_id: 'demo-budget', since: '2026-09-20' }));
    expect(changes.message).toBe(
      '0 transaction(s) dated since 20/09/2026. YNAB keeps no time of change, so these are the transactions dated since then, not those changed since.',
    );
  });

  it('a target: the question as the plan writes it, the fields and the journal plain, so its undo agrees across a plans list', async ({
    h,
  }) => {
    h.standIn.reset(buildDemoPlan());
    const a = answering(ACCEPT);
    const s = await connect(h, era, {
      env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() },
      elicit: a.handler,
    });
    // set before the plans list is read (plain), undone after (the plan's formats): the undo still
    // recognises the target it set
    const args = { plan_id: 'demo-budget', category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' };
    expect(out(await call(s, 'set_category_target', args))).toMatchObject({
      status: 'applied',
      before: 'no target',
      after: '1200.00 by 2027-06-01',
    });
    await call(s, 'list_plans', {});
    const groceries = {
      plan_id: 'demo-budget',
      category_id: 'cat-groceries',
      amount: 100,
      frequency: 'weekly',
    };
    expect(out(await call(s, 'set_category_target', groceries))).toMatchObject({
      status: 'applied',
      before: '450.00 each month',
      after: '100.00 each week',
    });
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      status: 'applied',
      message: 'Target restored.',
    });
    expect(out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toMatchObject({
      status: 'applied',
      message: 'Target restored.',
    });
    expect(a.questions).toEqual([
      'Set the target of Holidays: no target → 1200.00 by 2027-06-01?',
      'Set the target of Groceries: 450,00 € each month → 100,00 € each week?',
      'Undo: set the target of Groceries back to 450.00 each month?',
      'Undo: set the target of Holidays back to no target?',
    ]);
  });

  it('a code given with a plain question still applies once the plans list brings the plan’s formats: the yes binds the change, not its words', async ({
    h,
  }) => {
    h.standIn.reset(buildDemoPlan());
    const s = await connect(h, era, { env: { AVENIR_MCP_WRITE: '1', AVENIR_MCP_JOURNAL: tempJournal() } });
    const first = out(await call(s, 'move_money', MOVE));
    expect(first.status).toBe('confirmation_required');
    expect(String(first.message)).toContain('\nMove 22.50 from Holidays to Restaurants for 2026-09-01?\n');
    await call(s, 'list_plans', {});
    const again = out(await call(s, 'move_money', { ...MOVE, confirmation: first.confirmation }));
    expect(again).toMatchObject({ status: 'applied', amount: 22.5, month: '2026-09-01' });
    expect(h.standIn.writes.map((w) => w.path)).toEqual([
      '/plans/demo-budget/months/2026-09-01/categories/cat-holidays',
      '/plans/demo-budget/months/2026-09-01/categories/cat-restaurants',
    ]);
  });
});
