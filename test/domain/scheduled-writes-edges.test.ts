/**
 * The edges of planning the scheduled-transaction writes that the demo plan does not reach: a schedule
 * YNAB sends without payee, category or memo, a split schedule (whose lines YNAB's API cannot write),
 * the payee checks, memo and category cleared with "", and an account missing from the list.
 */
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../src/domain/categories/category-lists.js';
import {
  bodyOf,
  describeScheduled,
  planScheduledBody,
  scheduledById,
  type ScheduledContext,
} from '../../src/domain/transactions/scheduled-writes.js';
import { account, schedule, SCHEDULED_BODY } from '../helpers/rows.js';
import { twoDecimals } from '../helpers/money.js';

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
    expect(describeScheduled({ ...SCHEDULED_BODY, account_id: 'gone' }, CTX, 'Gym', null, twoDecimals)).toBe(
      'gone: Gym -30.00 (no category), monthly, next 2026-10-05',
    );
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
    expect(planScheduledBody(SCHEDULED_BODY, { memo: '', flag_color: null, category_id: '' }, CTX)).toEqual({
      ...SCHEDULED_BODY,
      memo: null,
      flag_color: null,
      category_id: null,
    });
    expect(planScheduledBody(SCHEDULED_BODY, { memo: 'yearly fee', category_id: null }, CTX)).toMatchObject({
      memo: 'yearly fee',
      category_id: null,
    });
  });
});
