/**
 * The scheduled-transaction writes planned without a client: the schedule and account looked up among
 * several, the next date's bounds (after today, at most five years ahead), the payee by id (a transfer
 * payee makes a scheduled transfer, never to its own account) or by name, each field applied to the
 * complete body or kept, and the fields an update changes, which undo's check reads.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import type { ScheduledBody } from '../../src/domain/model.js';
import {
  bodyOf,
  changedFields,
  describeScheduled,
  planScheduledBody,
  sameAs,
  scheduledById,
  type ScheduledContext,
  type ScheduledFields,
} from '../../src/domain/transactions/scheduled-writes.js';
import { account, schedule, SCHEDULED_BODY } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

const CTX: ScheduledContext = {
  accounts: [
    account('chk', 'Old checking', { deleted: true }),
    account('sav', 'Savings'),
    account('chk', 'Checking'),
    account('shut', 'Shut account', { closed: true }),
    account('car', 'Car loan', { on_budget: false }),
  ],
  payees: [
    { id: 'p-other', name: 'Other', deleted: false },
    { id: 'p-gym', name: 'Gym', deleted: false },
    { id: 'p-to-sav', name: 'Transfer : Savings', transfer_account_id: 'sav', deleted: false },
    { id: 'p-to-chk', name: 'Transfer : Checking', transfer_account_id: 'chk', deleted: false },
  ],
  index: indexCategories([
    {
      id: 'g',
      name: 'Fun',
      hidden: false,
      deleted: false,
      categories: [{ id: 'sport', name: 'Sport', category_group_id: 'g', hidden: false, deleted: false }],
    },
  ]),
  today: '2026-09-25',
};
const plan = (f: ScheduledFields, base: ScheduledBody = SCHEDULED_BODY) => planScheduledBody(base, f, CTX);

describe('the schedule and its body', () => {
  it('keeps a memo, and a memo YNAB left out as null', () => {
    expect(bodyOf(schedule('s', { memo: 'gym' })).memo).toBe('gym');
    expect(bodyOf(schedule('s')).memo).toBeNull();
    expect(bodyOf(schedule('s', { memo: '' })).memo).toBeNull();
  });

  it('finds a schedule among several, never a deleted one, and refuses a split with one live line', () => {
    const all = [
      schedule('s1', { deleted: true, amount: -1 }),
      schedule('s0'),
      schedule('s1', { amount: -2 }),
      schedule('s-split', {
        subtransactions: [
          { id: 'l1', amount: -10_000, deleted: true },
          { id: 'l2', amount: -20_000, deleted: false },
        ],
      }),
    ];
    expect(scheduledById('s1', all).amount).toBe(-2);
    expect(() => scheduledById('s9', all)).toThrow(
      'Scheduled transaction s9 is not in this plan: use an id from list_scheduled_transactions.',
    );
    expect(() => scheduledById('s-split', all)).toThrow(
      "Scheduled transaction s-split is split: YNAB's API cannot write its lines. Change it in YNAB's app.",
    );
  });
});

describe('planScheduledBody refuses', () => {
  it.each<[ScheduledFields, string]>([
    [
      { date: '2026-09-25' },
      "2026-09-25 is not after today (2026-09-25): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.",
    ],
    [
      { date: '2031-09-26' },
      '2031-09-26 is more than five years ahead: YNAB takes a next date up to 2031-09-25.',
    ],
    [{ account_id: 'nope' }, 'Account nope is not in this plan: use an id from list_accounts.'],
    [{ account_id: 'shut' }, 'Account Shut account is closed: schedule on an open account.'],
    [{ payee_id: 'p-to-chk' }, 'A transfer needs two different accounts.'],
    [{ payee_id: 'p-gone' }, 'Payee p-gone is not in this plan: use a payee_id from list_payees.'],
    [{ payee_id: 'p-gym', payee_name: 'Gym' }, 'Give payee_id or payee_name, not both.'],
    [{ payee_name: '  ' }, 'The payee name is empty.'],
    [{ payee_name: 'Gym\u200b' }, 'contains a line break, control or format character'],
    [{ account_id: 'car' }, 'Car loan is a tracking account: its scheduled transactions take no category.'],
    [{ category_id: 'nope' }, 'Category nope is not in this plan'],
  ])('%j', (f, message) => {
    expect(() => plan(f)).toThrow(message);
  });

  it('a next date already past, even when the update does not name it', () => {
    expect(() => plan({ amount: -1 }, { ...SCHEDULED_BODY, date: '2026-09-20' })).toThrow(
      '2026-09-20 is not after today (2026-09-25)',
    );
  });
});

describe('planScheduledBody applies', () => {
  it('each field given, and keeps the others as they are', () => {
    expect(
      plan({
        account_id: 'sav',
        date: '2031-09-25',
        frequency: 'yearly',
        amount: -45_000,
        payee_id: 'p-other',
        memo: 'annual',
        flag_color: 'blue',
        category_id: '',
      }),
    ).toEqual({
      account_id: 'sav',
      date: '2031-09-25',
      amount: -45_000,
      payee_id: 'p-other',
      category_id: null,
      memo: 'annual',
      flag_color: 'blue',
      frequency: 'yearly',
    });
    expect(plan({})).toEqual(SCHEDULED_BODY);
    expect(plan({ date: '2026-09-26' }).date).toBe('2026-09-26');
  });

  it('a transfer payee to another account, a known name by its id, and a new name as a name', () => {
    expect(plan({ payee_id: 'p-to-sav' })).toMatchObject({ payee_id: 'p-to-sav' });
    const byName = plan({ payee_name: 'Other' }, { ...SCHEDULED_BODY, payee_id: null, payee_name: 'Old' });
    expect(byName.payee_id).toBe('p-other');
    expect(byName).not.toHaveProperty('payee_name');
    expect(plan({ payee_name: ' New gym ' })).toMatchObject({ payee_id: null, payee_name: 'New gym' });
    // no payee given: a schedule known only by its payee's name keeps it
    expect(plan({ amount: -1 }, { ...SCHEDULED_BODY, payee_id: null, payee_name: 'Old' })).toMatchObject({
      payee_id: null,
      payee_name: 'Old',
    });
  });

  it('takes no category on a tracking account, and checks none when there is none', () => {
    expect(plan({ account_id: 'car', category_id: null })).toMatchObject({
      account_id: 'car',
      category_id: null,
    });
  });
});

describe('describing and comparing schedules', () => {
  it('names the account among several', () => {
    expect(
      describeScheduled({ ...SCHEDULED_BODY, account_id: 'sav' }, CTX, 'Gym', 'Sport', twoDecimals),
    ).toBe('Savings: Gym -30.00 (Sport), monthly, next 2026-10-05');
  });

  it('lists the fields that differ, null and missing alike', () => {
    expect(changedFields(SCHEDULED_BODY, SCHEDULED_BODY)).toEqual([]);
    const after: ScheduledBody = {
      account_id: 'sav',
      date: '2026-11-05',
      amount: -1,
      payee_id: null,
      payee_name: 'New',
      category_id: null,
      memo: null,
      flag_color: null,
      frequency: 'weekly',
    };
    expect(changedFields(SCHEDULED_BODY, after)).toEqual([
      'account_id',
      'date',
      'frequency',
      'amount',
      'payee_id',
      'payee_name',
      'category_id',
      'memo',
      'flag_color',
    ]);
    const missing: ScheduledBody = { ...after };
    delete missing.payee_id;
    expect(changedFields(after, missing)).toEqual([]);
  });

  it('an undo goes ahead only when the schedule is still exactly as written', () => {
    const held = schedule('s1', {
      payee_id: 'p-gym',
      category_id: 'sport',
      memo: 'membership',
      flag_color: 'red',
    });
    expect(sameAs(held, SCHEDULED_BODY)).toBe(true);
    expect(sameAs({ ...held, amount: -1 }, SCHEDULED_BODY)).toBe(false);
    expect(sameAs(undefined, SCHEDULED_BODY)).toBe(false);
  });
});

/*
 * The edges of planning the scheduled-transaction writes that the demo plan does not reach: a schedule
 * YNAB sends without payee, category or memo, a split schedule (whose lines YNAB's API cannot write),
 * the payee checks, memo and category cleared with "", and an account missing from the list.
 */
describe('schedules beyond the demo plan', () => {
  const CTX: ScheduledContext = {
    accounts: [account('chk', 'Checking')],
    payees: [
      { id: 'p-gym', name: 'Gym', deleted: false },
      { id: 'p-old', name: 'Old gym', deleted: true },
    ],
    index: indexCategories([
      {
        id: 'g',
        name: 'Fun',
        hidden: false,
        deleted: false,
        categories: [{ id: 'sport', name: 'Sport', category_group_id: 'g', hidden: false, deleted: false }],
      },
    ]),
    today: '2026-09-25',
  };

  describe('a schedule as YNAB holds it', () => {
    it('keeps fields YNAB left out (and an empty memo) as null', () => {
      expect(bodyOf(schedule('s1', { memo: '' }))).toEqual({
        account_id: 'chk',
        date: '2026-10-05',
        amount: -30_000,
        payee_id: null,
        category_id: null,
        memo: null,
        flag_color: null,
        frequency: 'monthly',
      });
    });

    it('refuses to write a split schedule, but not one whose lines were all deleted', () => {
      const line = { id: 'l1', amount: -30_000, deleted: false };
      expect(() => scheduledById('s1', [schedule('s1', { subtransactions: [line] })])).toThrow(
        "Scheduled transaction s1 is split: YNAB's API cannot write its lines. Change it in YNAB's app.",
      );
      const unsplit = schedule('s1', { subtransactions: [{ ...line, deleted: true }] });
      expect(scheduledById('s1', [unsplit])).toBe(unsplit);
    });

    it('names an account missing from the list by its id', () => {
      expect(
        describeScheduled({ ...SCHEDULED_BODY, account_id: 'gone' }, CTX, 'Gym', null, twoDecimals),
      ).toBe('gone: Gym -30.00 (no category), monthly, next 2026-10-05');
    });
  });

  describe('planning a schedule body', () => {
    it.each([
      [{ payee_id: 'p-gym', payee_name: 'Gym' }, 'Give payee_id or payee_name, not both.'],
      [{ payee_id: 'p-old' }, 'Payee p-old is not in this plan: use a payee_id from list_payees.'],
      [{ payee_name: '  ' }, 'The payee name is empty.'],
      [{ payee_name: 'Gym\nclub' }, /one line/],
    ])('refuses the payee %j', (fields, message) => {
      expect(() => planScheduledBody(SCHEDULED_BODY, fields, CTX)).toThrow(message);
    });

    it('takes an existing payee by its exact name, and a new name as a name', () => {
      expect(planScheduledBody(SCHEDULED_BODY, { payee_name: ' Gym ' }, CTX)).toMatchObject({
        payee_id: 'p-gym',
      });
      const renamed = planScheduledBody(SCHEDULED_BODY, { payee_name: 'Old gym' }, CTX);
      expect(renamed).toMatchObject({ payee_id: null, payee_name: 'Old gym' });
    });

    it('clears memo, flag and category with "" or null', () => {
      expect(planScheduledBody(SCHEDULED_BODY, { memo: '', flag_color: null, category_id: '' }, CTX)).toEqual(
        {
          ...SCHEDULED_BODY,
          memo: null,
          flag_color: null,
          category_id: null,
        },
      );
      expect(planScheduledBody(SCHEDULED_BODY, { memo: 'yearly fee', category_id: null }, CTX)).toMatchObject(
        {
          memo: 'yearly fee',
          category_id: null,
        },
      );
    });
  });
});
