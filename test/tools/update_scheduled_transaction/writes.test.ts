/**
 * The scheduled-transaction writes through a real client in both eras, on what the stand-in recorded:
 * create (one POST of the whole object), update (one PUT of the complete object with the next date,
 * never the first), delete (one DELETE); their refusals; and each undo with its conflict (a schedule
 * changed in YNAB since is left alone).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  textOf,
  type Harness,
  out,
  writes,
  journalLines,
} from '../../helpers/harness.js';
import { ACCEPT, answering, tempJournal } from '../../helpers/writes.js';

/** The demo plan with sch-power split in two lines. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const power = plan.scheduled_transactions.find((s) => s.id === 'sch-power');
  if (power) {
    power.subtransactions = [-40000, -24200].map((amount, i) => ({
      id: `sch-power-${i}`,
      transaction_id: 'sch-power',
      amount,
      memo: null,
      payee_id: null,
      payee_name: null,
      category_id: 'cat-power',
      category_name: 'Electricity',
      transfer_account_id: null,
      deleted: false,
    }));
  }
  return plan;
}

const CREATE = {
  plan_id: 'demo-budget',
  account_id: 'acc-checking',
  date: '2026-10-01',
  frequency: 'monthly',
  amount: -35,
  payee_name: 'GYM CLUB',
  category_id: 'cat-tennis',
};
const RENT = {
  account_id: 'acc-checking',
  date: '2026-10-03',
  amount: -950000,
  payee_id: 'pay-025',
  category_id: 'cat-rent',
  memo: null,
  flag_color: null,
  frequency: 'monthly',
};

const schedule = (h: Harness, id: string) =>
  h.standIn.state.scheduled_transactions.find((s) => s.id === id && !s.deleted);
const putByHand = (h: Harness, id: string, body: Record<string, unknown>) =>
  fetch(`${h.standIn.url}/plans/demo-budget/scheduled_transactions/${id}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ scheduled_transaction: body }),
  });

describe.each(ERAS)('scheduled-transaction writes, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  const session = async (h: Harness) => {
    const a = answering(ACCEPT);
    return { a, s: await connect(h, era, { env: env(), elicit: a.handler }) };
  };
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  it.for<[string, Record<string, unknown>, string]>([
    [
      'create_scheduled_transaction',
      { ...CREATE, date: '2026-09-25' },
      "2026-09-25 is not after today (2026-09-25): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.",
    ],
    [
      'create_scheduled_transaction',
      { ...CREATE, date: '2031-09-26' },
      '2031-09-26 is more than five years ahead: YNAB takes a next date up to 2031-09-25.',
    ],
    [
      'create_scheduled_transaction',
      { ...CREATE, payee_name: undefined },
      'Give the payee: payee_id or payee_name.',
    ],
    [
      'create_scheduled_transaction',
      { ...CREATE, account_id: 'acc-joint-savings' },
      'Joint savings is a tracking account: its scheduled transactions take no category.',
    ],
    [
      'update_scheduled_transaction',
      { plan_id: 'demo-budget', scheduled_transaction_id: 'sch-power', amount: -70 },
      "Scheduled transaction sch-power is split: YNAB's API cannot write its lines. Change it in YNAB's app.",
    ],
    [
      'update_scheduled_transaction',
      { plan_id: 'demo-budget', scheduled_transaction_id: 'nope', amount: -70 },
      'Scheduled transaction nope is not in this plan: use an id from list_scheduled_transactions.',
    ],
    [
      'delete_scheduled_transaction',
      { plan_id: 'demo-budget', scheduled_transaction_id: 'nope' },
      'Scheduled transaction nope is not in this plan: use an id from list_scheduled_transactions.',
    ],
  ])('%s refuses %j before asking anything', async ([tool, args, message], { h }) => {
    const { a, s } = await session(h);
    const r = await call(s, tool, args);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
  });

  it('create: one POST of the whole object by code, journaled; undo deletes it', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const preview = out(await call(s, 'create_scheduled_transaction', CREATE));
    expect(preview.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE}\nSchedule this transaction?\n- Checking: GYM CLUB -35.00 (Tennis), monthly, next 2026-10-01\nIf they agree, call again with this code.`,
    );
    const applied = out(
      await call(s, 'create_scheduled_transaction', { ...CREATE, confirmation: preview.confirmation }),
    );
    expect(applied).toMatchObject({ status: 'applied', scheduled_transaction_id: 'sch-007' });
    expect(writes(h)).toEqual([
      [
        'POST',
        '/plans/demo-budget/scheduled_transactions',
        {
          scheduled_transaction: {
            account_id: 'acc-checking',
            date: '2026-10-01',
            amount: -35000,
            category_id: 'cat-tennis',
            memo: null,
            flag_color: null,
            frequency: 'monthly',
            payee_id: null,
            payee_name: 'GYM CLUB',
          },
        },
      ],
    ]);
    expect(schedule(h, 'sch-007')).toMatchObject({ payee_name: 'GYM CLUB', date_first: '2026-10-01' });
    expect(JSON.parse(journalLines(journal)[0] ?? '{}').kind).toBe('schedule_create');
    h.standIn.clearRequests();
    const undone = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    const done = out(
      await call(s, 'undo_operation', { plan_id: 'demo-budget', confirmation: undone.confirmation }),
    );
    expect(done.message).toBe('Scheduled transaction deleted.');
    expect(writes(h)).toEqual([['DELETE', '/plans/demo-budget/scheduled_transactions/sch-007', null]]);
    expect(schedule(h, 'sch-007')).toBeUndefined();
  });

  it('create, then changed in YNAB: undo leaves it alone', async ({ h }) => {
    const { s } = await session(h);
    await call(s, 'create_scheduled_transaction', CREATE);
    await putByHand(h, 'sch-007', { ...RENT, payee_id: undefined, payee_name: 'GYM CLUB', amount: -40000 });
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({
      status: 'nothing_to_do',
      message: 'The scheduled transaction changed since: left alone.',
      conflicts: ['sch-007'],
    });
    expect(h.standIn.writes).toEqual([]);
  });

  it('update: one PUT of the complete object with the next date, not the first', async ({ h }) => {
    const { a, s } = await session(h);
    const r = out(
      await call(s, 'update_scheduled_transaction', {
        plan_id: 'demo-budget',
        scheduled_transaction_id: 'sch-rent',
        amount: -980,
        memo: 'new lease',
      }),
    );
    expect(a.questions).toEqual([
      [
        'Change this scheduled transaction?',
        '- before: Checking: LANDLORD SARL -950.00 (Rent), monthly, next 2026-10-03',
        '- after: Checking: LANDLORD SARL -980.00 (Rent), monthly, next 2026-10-03',
        '  memo: new lease',
      ].join('\n'),
    ]);
    expect(r).toMatchObject({ status: 'applied', after: { amount: -980, date_next: '2026-10-03' } });
    expect(writes(h)).toEqual([
      [
        'PUT',
        '/plans/demo-budget/scheduled_transactions/sch-rent',
        { scheduled_transaction: { ...RENT, amount: -980000, memo: 'new lease' } },
      ],
    ]);
    expect(schedule(h, 'sch-rent')).toMatchObject({ date_first: '2026-06-03', amount: -980000 });
    h.standIn.clearRequests();
    const undo = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.message).toBe('Scheduled transaction restored.');
    expect(writes(h)).toEqual([
      ['PUT', '/plans/demo-budget/scheduled_transactions/sch-rent', { scheduled_transaction: RENT }],
    ]);
  });

  it('update, then changed in YNAB: undo leaves it alone', async ({ h }) => {
    const { s } = await session(h);
    await call(s, 'update_scheduled_transaction', {
      plan_id: 'demo-budget',
      scheduled_transaction_id: 'sch-rent',
      amount: -980,
    });
    await putByHand(h, 'sch-rent', { ...RENT, amount: -990000 });
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({ status: 'nothing_to_do', conflicts: ['sch-rent'] });
    expect(schedule(h, 'sch-rent')?.amount).toBe(-990000);
    expect(h.standIn.writes).toEqual([]);
  });

  it('update with nothing new asks nothing', async ({ h }) => {
    const { a, s } = await session(h);
    const r = out(
      await call(s, 'update_scheduled_transaction', {
        plan_id: 'demo-budget',
        scheduled_transaction_id: 'sch-rent',
        amount: -950,
      }),
    );
    expect(r.status).toBe('nothing_to_do');
    expect(a.questions).toEqual([]);
  });

  it('delete: one DELETE; undo recreates it whole under a new id', async ({ h }) => {
    const { a, s } = await session(h);
    const r = out(
      await call(s, 'delete_scheduled_transaction', {
        plan_id: 'demo-budget',
        scheduled_transaction_id: 'sch-rent',
      }),
    );
    expect(a.questions[0]).toBe(
      'Delete this scheduled transaction?\n- Checking: LANDLORD SARL -950.00 (Rent), monthly, next 2026-10-03',
    );
    expect(r.status).toBe('applied');
    expect(writes(h)).toEqual([['DELETE', '/plans/demo-budget/scheduled_transactions/sch-rent', null]]);
    h.standIn.clearRequests();
    const undo = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(undo.message).toBe('Scheduled transaction recreated with a new id: sch-007.');
    expect(writes(h)).toEqual([
      ['POST', '/plans/demo-budget/scheduled_transactions', { scheduled_transaction: RENT }],
    ]);
    expect(schedule(h, 'sch-007')).toMatchObject({ payee_name: 'LANDLORD SARL', amount: -950000 });
  });

  it('delete, then the account closed: undo recreates nothing', async ({ h }) => {
    const { s } = await session(h);
    await call(s, 'delete_scheduled_transaction', {
      plan_id: 'demo-budget',
      scheduled_transaction_id: 'sch-rent',
    });
    const checking = h.standIn.state.accounts.find((x) => x.id === 'acc-checking');
    if (checking) checking.closed = true;
    h.standIn.state.stamps.accounts.set('acc-checking', h.standIn.state.knowledge + 1);
    h.standIn.state.knowledge += 1;
    h.standIn.clearRequests();
    const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
    expect(r).toMatchObject({
      status: 'nothing_to_do',
      message: 'Its account is closed or gone: nothing recreated.',
      conflicts: ['sch-rent'],
    });
    expect(h.standIn.writes).toEqual([]);
  });
});
