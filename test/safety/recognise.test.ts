/**
 * Recognising a pending write from the data its entry carries, alone: each kind of expectation read
 * against what YNAB shows (none of it, part, all; look-alikes a create cannot tell apart), the record
 * it journals (a delete only for the transactions gone; a create built from what was found), a
 * record undo could not read journaling nothing, and the journal's own "is this id in it" search.
 */
import { describe, expect, it } from 'vitest';
import type { NewTransactionBody, ScheduledBody, YnabScheduledTransaction } from '../../src/domain/model.js';
import { sideState } from '../../src/domain/transactions/transfer-sides.js';
import { Journal } from '../../src/safety/journal.js';
import {
  categoryFound,
  createdFound,
  fieldsHeld,
  goneFrom,
  recordOf,
  recogniseSchema,
  scheduleFound,
  scheduleReplaced,
  splitHeld,
  type Recognise,
} from '../../src/safety/recognise.js';
import type { StoredSchedule } from '../../src/domain/transactions/scheduled-writes.js';
import { landedNow } from '../../src/safety/recognise-reads.js';
import { tx, ynabShowing } from '../helpers/recognise.js';
import { tempJournal } from '../helpers/writes.js';

const EDIT = recordOf('flag', { changes: [{ transaction_id: 'tx-1', from: null, to: 'red' }] });
const flagged = fieldsHeld([{ id: 'tx-1', flag_color: 'red' }], EDIT);

describe('fields held', () => {
  it('none held: nothing yet; held: the record', async () => {
    expect(await landedNow(ynabShowing([tx('tx-1')]).ynab, 'p', flagged)).toBeNull();
    expect(await landedNow(ynabShowing([tx('tx-1', { flag_color: 'red' })]).ynab, 'p', flagged)).toEqual({
      record: { kind: 'flag', details: EDIT.details, moves: [] },
      complete: true,
    });
  });

  it('part held: the whole record (undo reverts only what is still as the write left it), not complete', async () => {
    const two = fieldsHeld(
      [
        { id: 'tx-1', flag_color: 'red' },
        { id: 'tx-2', flag_color: 'red' },
      ],
      EDIT,
    );
    const r = await landedNow(ynabShowing([tx('tx-1', { flag_color: 'red' }), tx('tx-2')]).ynab, 'p', two);
    expect(r?.record?.kind).toBe('flag');
    expect(r?.complete).toBe(false);
  });

  it('on payees: the payee list is read', async () => {
    const rename = fieldsHeld(
      [{ id: 'pay-1', name: 'Bakery' }],
      recordOf('payee', { payee_id: 'pay-1', from: 'BKRY 123', to: 'Bakery' }),
      'payees',
    );
    expect(
      await landedNow(ynabShowing([], {}, [{ id: 'pay-1', name: 'BKRY 123' }]).ynab, 'p', rename),
    ).toBeNull();
    const shown = ynabShowing([], {}, [{ id: 'pay-1', name: 'Bakery' }]);
    expect((await landedNow(shown.ynab, 'p', rename))?.record?.kind).toBe('payee');
  });

  it('on categories: a target read back, its rhythm from the cadence YNAB shows', async () => {
    const target = fieldsHeld(
      [{ id: 'cat-a', goal_target: 100_000, goal_frequency: 'weekly', goal_target_date: undefined }],
      recordOf('target', { category_id: 'cat-a', undo: { goal_target: null }, after: '100.00 each week' }),
      'categories',
    );
    const group = (fields: Record<string, unknown>) => [
      { id: 'grp-1', name: 'Bills', categories: [{ id: 'cat-a', name: 'Rent', ...fields }] },
    ];
    const weekly = { goal_target: 100_000, goal_cadence: 2, goal_cadence_frequency: 1 };
    const shows = (fields: Record<string, unknown>) => ynabShowing([], {}, [], [], group(fields)).ynab;
    expect((await landedNow(shows(weekly), 'p', target))?.record?.kind).toBe('target');
    expect(await landedNow(shows({ goal_target: 50_000 }), 'p', target)).toBeNull();
    expect(await landedNow(shows({ ...weekly, goal_cadence: 99 }), 'p', target)).toMatchObject({
      complete: false,
    });
    // a field not sent is not expected either
    expect(target).toMatchObject({
      patches: [{ id: 'cat-a', goal_target: 100_000, goal_frequency: 'weekly' }],
    });
    expect('goal_target_date' in ((target as { patches: object[] }).patches[0] as object)).toBe(false);
  });

  it('a record undo could not read: the change is seen, with nothing to journal', async () => {
    const shows = ynabShowing([tx('tx-1', { flag_color: 'red' })]).ynab;
    const unknownKind = fieldsHeld([{ id: 'tx-1', flag_color: 'red' }], {
      kind: 'nope',
      details: {},
      moves: [],
    });
    const badDetails = fieldsHeld([{ id: 'tx-1', flag_color: 'red' }], {
      kind: 'flag',
      details: { changes: 'x' },
      moves: [],
    });
    expect(await landedNow(shows, 'p', unknownKind)).toEqual({ record: null, complete: true });
    expect(await landedNow(shows, 'p', badDetails)).toEqual({ record: null, complete: true });
  });
});

describe('gone', () => {
  const deleted = (id: string) => ({
    transaction_id: id,
    account_id: 'acc-checking',
    date: '2026-09-20',
    amount: -5_000,
    payee_id: 'pay-1',
    payee_name: 'Bakery',
    category_id: null,
    memo: null,
    cleared: 'uncleared',
    approved: true,
    flag_color: null,
    transfer_account_id: null,
    subtransactions: [],
  });
  const both: Recognise = {
    expect: 'gone',
    on: 'transactions',
    ids: ['tx-1', 'tx-2'],
    record: recordOf('delete', { transactions: [deleted('tx-1'), deleted('tx-2')] } as never),
  };

  it('none gone: nothing yet; some gone: a delete of those only, not complete; all gone: complete', async () => {
    expect(await landedNow(ynabShowing([tx('tx-1'), tx('tx-2')]).ynab, 'p', both)).toBeNull();
    const r = await landedNow(ynabShowing([tx('tx-1'), tx('tx-2', { deleted: true })]).ynab, 'p', both);
    expect(r).toEqual({
      record: { kind: 'delete', details: { transactions: [deleted('tx-2')] }, moves: [] },
      complete: false,
    });
    expect((await landedNow(ynabShowing([]).ynab, 'p', both))?.complete).toBe(true);
  });

  it('on scheduled transactions: the schedule gone is the whole delete', async () => {
    const body = {
      account_id: 'acc-checking',
      date: '2026-10-01',
      amount: -5_000,
      frequency: 'monthly',
      payee_id: 'pay-1',
      category_id: null,
      memo: null,
      flag_color: null,
    };
    const schedule = goneFrom(
      ['sch-1'],
      recordOf('schedule_delete', { scheduled_transaction_id: 'sch-1', body } as never),
      'scheduled',
    );
    expect(await landedNow(ynabShowing([], {}, [], [{ id: 'sch-1' }]).ynab, 'p', schedule)).toBeNull();
    const gone = await landedNow(
      ynabShowing([], {}, [], [{ id: 'sch-1', deleted: true }]).ynab,
      'p',
      schedule,
    );
    expect(gone).toMatchObject({ complete: true, record: { kind: 'schedule_delete' } });
  });

  it('a record without its transactions journals an empty delete, never another one', async () => {
    const bare: Recognise = {
      expect: 'gone',
      on: 'transactions',
      ids: ['tx-1'],
      record: { kind: 'delete', details: {}, moves: [] },
    };
    expect(await landedNow(ynabShowing([]).ynab, 'p', bare)).toEqual({
      record: { kind: 'delete', details: { transactions: [] }, moves: [] },
      complete: true,
    });
  });
});

describe('budgeted', () => {
  const budget: Recognise = {
    expect: 'budgeted',
    month: '2026-09-01',
    amounts: [{ category_id: 'cat-a', to: 150_000 }],
    record: recordOf('budget', { month: '2026-09-01', category_id: 'cat-a', from: 120_000, to: 150_000 }),
  };

  it('held: the record; another amount or no such category: nothing yet', async () => {
    expect((await landedNow(ynabShowing([], { 'cat-a': 150_000 }).ynab, 'p', budget))?.record?.kind).toBe(
      'budget',
    );
    expect(await landedNow(ynabShowing([], { 'cat-a': 120_000 }).ynab, 'p', budget)).toBeNull();
    expect(await landedNow(ynabShowing([], { 'cat-b': 150_000 }).ynab, 'p', budget)).toBeNull();
  });

  it('a move with one category shown: seen, not complete (the other may still land)', async () => {
    const move: Recognise = {
      expect: 'budgeted',
      month: '2026-09-01',
      amounts: [
        { category_id: 'cat-a', to: 190_000 },
        { category_id: 'cat-b', to: 130_000 },
      ],
      record: recordOf('move', {
        month: '2026-09-01',
        changes: [
          { category_id: 'cat-a', from: 200_000, to: 190_000 },
          { category_id: 'cat-b', from: 120_000, to: 130_000 },
        ],
      }),
    };
    const half = await landedNow(ynabShowing([], { 'cat-a': 190_000, 'cat-b': 120_000 }).ynab, 'p', move);
    expect(half).toMatchObject({ complete: false, record: { kind: 'move' } });
    const whole = await landedNow(ynabShowing([], { 'cat-a': 190_000, 'cat-b': 130_000 }).ynab, 'p', move);
    expect(whole?.complete).toBe(true);
  });
});

describe('created', () => {
  const body: NewTransactionBody = {
    account_id: 'acc-checking',
    date: '2026-09-20',
    amount: -5_000,
    payee_name: 'Bakery',
    cleared: 'cleared',
    approved: true,
  };

  it('found: a create of the new ids with their states, read since the knowledge before sending', async () => {
    const made = tx('tx-9', { payee_name: 'Bakery' });
    const { ynab, since } = ynabShowing([made]);
    expect(await landedNow(ynab, 'p', createdFound([body], 41))).toEqual({
      record: {
        kind: 'create',
        details: { transaction_ids: ['tx-9'], states: [sideState(made)] },
        moves: [],
      },
      complete: true,
    });
    // one of two found: the other may still land
    const other = { ...body, date: '2026-09-21' };
    const half = await landedNow(ynab, 'p', createdFound([body, other], 41));
    expect(half?.complete).toBe(false);
    expect(half?.record?.details).toEqual({ transaction_ids: ['tx-9'], states: [sideState(made)] });
    expect(since).toEqual([41, 41]);
  });

  it('a transfer: its sent side, and both sides whole when the other one shows', async () => {
    const transfer: NewTransactionBody = {
      account_id: body.account_id,
      date: body.date,
      amount: body.amount,
      payee_id: 'pay-to-savings',
      cleared: 'cleared',
      approved: true,
    };
    const sent = tx('tx-9', { payee_id: 'pay-to-savings', transfer_account_id: 'acc-savings' });
    const other = tx('tx-10', {
      account_id: 'acc-savings',
      amount: 5_000,
      payee_id: 'pay-from-checking',
      transfer_account_id: 'acc-checking',
    });
    const both = await landedNow(
      ynabShowing([sent, other]).ynab,
      'p',
      createdFound([transfer], 41, 'transfer'),
    );
    expect(both).toEqual({
      record: {
        kind: 'transfer',
        details: {
          transaction_id: 'tx-9',
          account_id: 'acc-checking',
          date: '2026-09-20',
          amount: -5_000,
          sides: [sideState(sent), sideState(other)],
        },
        moves: [],
      },
      complete: true,
    });
    const alone = await landedNow(ynabShowing([sent]).ynab, 'p', createdFound([transfer], 41, 'transfer'));
    expect(alone?.record?.details).toEqual({
      transaction_id: 'tx-9',
      account_id: 'acc-checking',
      date: '2026-09-20',
      amount: -5_000,
    });
  });

  it('not found, or look-alikes it cannot tell apart: nothing yet', async () => {
    expect(await landedNow(ynabShowing([]).ynab, 'p', createdFound([body], 41))).toBeNull();
    const twins = ynabShowing([tx('tx-8'), tx('tx-9')]);
    expect(await landedNow(twins.ynab, 'p', createdFound([body], 41))).toBeNull();
    // without a knowledge number, a candidate cannot be told from an older transaction
    const none = ynabShowing([tx('tx-9')]);
    expect(await landedNow(none.ynab, 'p', createdFound([body], undefined))).toBeNull();
    expect(none.since).toEqual([undefined]);
  });

  it('the data survives the pending file: what createdFound makes parses back', () => {
    const data = createdFound([body], 41);
    expect(recogniseSchema.parse(JSON.parse(JSON.stringify(data)))).toEqual(data);
    expect(recogniseSchema.parse(JSON.parse(JSON.stringify(flagged)))).toEqual(flagged);
  });
});

describe('Journal.has', () => {
  it('finds an entry by its id, undone or not, and nothing that only quotes it', async () => {
    const path = tempJournal();
    const j = new Journal(() => path);
    const entry = (id: string, details: Record<string, unknown> = {}) => ({
      operation_id: id,
      plan_id: 'p',
      kind: 'categorize',
      applied_at: '2026-09-25T09:00:00+00:00',
      moves: [],
      details,
    });
    expect(await j.has('aaaaaaaaaaaa')).toBe(false);
    await j.record(entry('aaaaaaaaaaaa'));
    await j.record(entry('bbbbbbbbbbbb', { note: 'cccccccccccc' }));
    await j.markUndone('aaaaaaaaaaaa');
    expect(await j.has('aaaaaaaaaaaa')).toBe(true);
    expect(await j.has('bbbbbbbbbbbb')).toBe(true);
    expect(await j.has('cccccccccccc')).toBe(false);
  });
});

describe('scheduled transactions created and replaced', () => {
  const body: StoredSchedule = {
    account_id: 'acc-checking',
    date: '2026-10-01',
    amount: -5_000,
    payee_id: 'pay-1',
    category_id: null,
    memo: null,
    flag_color: null,
    frequency: 'monthly',
  };
  const stored = (fields: Partial<YnabScheduledTransaction> = {}) =>
    ({
      id: 'sch-9',
      account_id: 'acc-checking',
      date_next: '2026-10-01',
      amount: -5_000,
      payee_id: 'pay-1',
      payee_name: 'Bakery',
      category_id: null,
      memo: null,
      flag_color: null,
      frequency: 'monthly',
      deleted: false,
      ...fields,
    }) as YnabScheduledTransaction;
  const shows = (...rows: YnabScheduledTransaction[]) => ynabShowing([], {}, [], rows).ynab;

  it('created: found since the knowledge before, journaled whole; none or look-alikes: nothing yet', async () => {
    expect(await landedNow(shows(stored()), 'p', scheduleFound(body, 41))).toMatchObject({
      complete: true,
      record: { kind: 'schedule_create', details: { scheduled_transaction_id: 'sch-9' } },
    });
    expect(await landedNow(shows(), 'p', scheduleFound(body, 41))).toBeNull();
    // without a knowledge number, one found cannot be told from an older one
    expect(scheduleFound(body, undefined)).toMatchObject({ knowledge: null });
    expect(await landedNow(shows(stored()), 'p', scheduleFound(body, undefined))).toBeNull();
    expect(
      await landedNow(shows(stored(), stored({ id: 'sch-10' })), 'p', scheduleFound(body, 41)),
    ).toBeNull();
  });

  it('replaced: the whole body held, journaled with the body before; anything else: nothing yet', async () => {
    const before = { ...body, amount: -4_000 };
    const replaced = scheduleReplaced('sch-9', body, before);
    expect(await landedNow(shows(stored()), 'p', replaced)).toMatchObject({
      complete: true,
      record: { kind: 'schedule_update', details: { scheduled_transaction_id: 'sch-9', before } },
    });
    expect(await landedNow(shows(stored({ amount: -4_000 })), 'p', replaced)).toBeNull();
    expect(await landedNow(shows(), 'p', replaced)).toBeNull();
    expect(await landedNow(shows(stored({ deleted: true })), 'p', replaced)).toBeNull();
  });

  it('a payee named anew is compared by name (case aside); no payee, and an empty memo, as YNAB keeps them', async () => {
    const unnamed: ScheduledBody = {
      account_id: body.account_id,
      date: body.date,
      amount: body.amount,
      category_id: null,
      memo: null,
      flag_color: null,
      frequency: 'monthly',
    };
    const named = scheduleReplaced('sch-9', { ...unnamed, payee_name: 'bakery ' }, body);
    expect((await landedNow(shows(stored({ payee_id: 'pay-new' })), 'p', named))?.complete).toBe(true);
    expect(await landedNow(shows(stored({ payee_name: 'Other' })), 'p', named)).toBeNull();
    expect(await landedNow(shows(stored({ payee_name: null })), 'p', named)).toBeNull();
    const none = scheduleReplaced('sch-9', { ...body, payee_id: null, memo: '' }, body);
    expect((await landedNow(shows(stored({ payee_id: null, memo: '' })), 'p', none))?.complete).toBe(true);
    const noPayeeAtAll = scheduleReplaced('sch-9', unnamed, body);
    expect((await landedNow(shows(stored({ payee_id: null })), 'p', noPayeeAtAll))?.complete).toBe(true);
    expect(await landedNow(shows(stored()), 'p', noPayeeAtAll)).toBeNull();
  });
});

describe('writes that journal nothing: seen, and the entry closes', () => {
  it('fields held with no record (a category renamed or moved)', async () => {
    const renamed = fieldsHeld([{ id: 'cat-a', name: 'Mobile' }], null, 'categories');
    const group = (name: string) => [{ id: 'grp-1', name: 'Bills', categories: [{ id: 'cat-a', name }] }];
    const shows = (name: string) => ynabShowing([], {}, [], [], group(name)).ynab;
    expect(await landedNow(shows('Phone'), 'p', renamed)).toBeNull();
    expect(await landedNow(shows('Mobile'), 'p', renamed)).toEqual({ record: null, complete: true });
    expect(recogniseSchema.parse(renamed)).toEqual(renamed);
  });

  it('a split: the transaction holds every line, in order, in the fields sent', async () => {
    const lines = [
      { amount: -3_000, category_id: 'cat-a' },
      { amount: -2_000, category_id: 'cat-b', memo: 'tip' },
    ];
    const split = splitHeld('tx-1', lines);
    const sub = (amount: number, category_id: string, more: object = {}) => ({
      id: `s-${amount}`,
      transaction_id: 'tx-1',
      amount,
      category_id,
      memo: null,
      deleted: false,
      ...more,
    });
    const showing = (subs?: object[], id = 'tx-1') =>
      ynabShowing([tx(id, subs === undefined ? {} : ({ subtransactions: subs } as object))]).ynab;
    // no such transaction, no lines, fewer lines, a line otherwise
    expect(await landedNow(showing(undefined, 'tx-9'), 'p', split)).toBeNull();
    expect(await landedNow(showing(), 'p', split)).toBeNull();
    expect(await landedNow(showing([sub(-3_000, 'cat-a')]), 'p', split)).toBeNull();
    expect(await landedNow(showing([sub(-3_000, 'cat-a'), sub(-2_000, 'cat-b')]), 'p', split)).toBeNull();
    // a field YNAB leaves out of a line reads as none
    const unsaid = [sub(-3_000, 'cat-a'), sub(-2_000, 'cat-b', { memo: undefined })];
    expect(await landedNow(showing(unsaid), 'p', split)).toBeNull();
    // a line YNAB deleted is not one of the split's
    const held = [
      sub(-5_000, 'cat-z', { deleted: true }),
      sub(-3_000, 'cat-a'),
      sub(-2_000, 'cat-b', { memo: 'tip' }),
    ];
    expect(await landedNow(showing(held), 'p', split)).toEqual({ record: null, complete: true });
    expect(recogniseSchema.parse(split)).toEqual(split);
  });

  it('a new category: one of that name in that group', async () => {
    const made = categoryFound('grp-1', 'Climbing');
    // the group a category is in is the group it is listed under
    const group = (categories: object[], id = 'grp-1') => [{ id, name: 'Fun', categories }];
    const shows = (categories: object[], id?: string) =>
      ynabShowing([], {}, [], [], group(categories, id)).ynab;
    const cat = (more: object) => ({
      id: 'cat-c',
      name: 'Climbing',
      category_group_id: 'grp-1',
      deleted: false,
      ...more,
    });
    expect(await landedNow(shows([]), 'p', made)).toBeNull();
    expect(await landedNow(shows([cat({ deleted: true })]), 'p', made)).toBeNull();
    expect(await landedNow(shows([cat({ name: 'Climb' })]), 'p', made)).toBeNull();
    expect(await landedNow(shows([cat({})], 'grp-2'), 'p', made)).toBeNull();
    expect(await landedNow(shows([cat({})]), 'p', made)).toEqual({ record: null, complete: true });
  });
});
