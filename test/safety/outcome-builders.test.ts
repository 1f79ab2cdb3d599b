/**
 * The builders of the writes judged field by field, alone, on a YNAB that answers what each case
 * needs: a success that names what it made without showing it is read back by id (a transaction, a
 * scheduled transaction), a category update YNAB answers without the category is read back, and
 * the journaling of an operation under an id chosen before is done once, whichever process is first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps } from '../../src/deps.js';
import type { ScheduledBody, YnabTransaction } from '../../src/domain/model.js';
import { silentLog } from '../../src/log.js';
import { checkedWrite } from '../../src/safety/outcome/checked-step.js';
import { recordOperation } from '../../src/safety/outcome/record-operation.js';
import { categoryWrite } from '../../src/safety/outcome/verify-plan-writes.js';
import { asStored, newScheduledWrite } from '../../src/safety/outcome/verify-scheduled.js';
import { createWrite } from '../../src/safety/outcome/verify-transactions.js';
import { tempJournal } from '../helpers/writes.js';
import { twoDecimals } from '../helpers/money.js';

/** Deps on a fresh journal whose YNAB is `ynab` (only what the case calls). */
function depsWith(ynab: object): Deps {
  const base = createDeps(loadConfig({ AVENIR_MCP_JOURNAL: tempJournal(), YNAB_API_KEY: 't' }), silentLog);
  return { ...base, ynab: { knowledge: () => 7, ...ynab } as unknown as Deps['ynab'] };
}

const BODY = {
  account_id: 'acc-1',
  date: '2026-09-24',
  amount: -12_500,
  memo: 'bread',
  cleared: 'uncleared' as const,
  approved: false,
};

describe('createWrite, YNAB naming the new ids without the transactions', () => {
  it('reads them back by id and judges what it finds', async () => {
    const made = { ...BODY, id: 'tx-new', deleted: false };
    const deps = depsWith({
      transactions: {
        create: async () => ({ transactions: null, transaction_ids: ['tx-new'] }),
        list: async () => [made as unknown as YnabTransaction],
      },
    });
    const write = createWrite(deps, 'p', [BODY], twoDecimals);
    const verdict = await checkedWrite(write);
    expect(verdict.status).toBe('applied');
    expect(write.created.get('#1')?.id).toBe('tx-new');
    expect(write.shown.has('#1')).toBe(true);
  });

  it('a read-back that does not find an id it named: not shown', async () => {
    const deps = depsWith({
      transactions: {
        create: async () => ({ transactions: null, transaction_ids: ['tx-new'] }),
        list: async () => [],
      },
    });
    const write = createWrite(deps, 'p', [BODY], twoDecimals);
    expect((await checkedWrite(write)).status).not.toBe('applied');
    expect(write.created.size).toBe(0);
  });
});

describe('newScheduledWrite, YNAB naming the new id without its fields', () => {
  const body: ScheduledBody = {
    account_id: 'acc-1',
    date: '2026-10-01',
    frequency: 'monthly',
    amount: -50_000,
    payee_id: 'pay-1',
    category_id: 'cat-1',
    memo: null,
    flag_color: null,
  };

  it('reads the schedule back by id', async () => {
    const stored = {
      id: 'sch-new',
      date_first: '2026-10-01',
      date_next: '2026-10-01',
      frequency: 'monthly',
      amount: -50_000,
      account_id: 'acc-1',
      payee_id: 'pay-1',
      category_id: 'cat-1',
      memo: null,
      flag_color: null,
      deleted: false,
    };
    const deps = depsWith({
      scheduled: { create: async () => ({ id: 'sch-new' }), list: async () => [stored] },
    });
    const write = newScheduledWrite(deps, 'p', body, twoDecimals);
    const verdict = await checkedWrite(write);
    expect(verdict.status).toBe('applied');
    expect(write.created.value?.id).toBe('sch-new');
  });
});

describe('categoryWrite, YNAB answering without the category', () => {
  it('reads the category back', async () => {
    const group = {
      id: 'g-1',
      name: 'Everyday',
      hidden: false,
      deleted: false,
      categories: [{ id: 'cat-1', name: 'Old', category_group_id: 'g-1', hidden: false, deleted: false }],
    };
    const renamed = { ...group, categories: [{ ...group.categories[0]!, name: 'New' }] };
    let reads = 0;
    const deps = depsWith({
      categories: {
        update: async () => null,
        groups: async () => {
          reads += 1;
          return [renamed];
        },
      },
    });
    const verdict = await checkedWrite(categoryWrite(deps, 'p', [group] as never, 'cat-1', { name: 'New' }));
    expect(verdict.status).toBe('applied');
    expect(reads).toBe(1);
  });
});

describe('recordOperation under an id chosen before', () => {
  it('journals once: a second process that sees the same change finds it journaled', async () => {
    const deps = depsWith({});
    const details = { transaction_ids: ['tx-1'] };
    expect(await recordOperation(deps, 'p', 'create', details, [], 'a1b2c3d4e5f6')).toBe('a1b2c3d4e5f6');
    expect(await recordOperation(deps, 'p', 'create', details, [], 'a1b2c3d4e5f6')).toBe('a1b2c3d4e5f6');
    expect(await deps.journal.has('a1b2c3d4e5f6')).toBe(true);
    const lines = readFileSync(deps.config.journalPath(), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
  });

  it('outside a write, a journal that fails is the error itself', async () => {
    const deps = depsWith({});
    const failing = {
      ...deps,
      journal: { ...deps.journal, record: () => Promise.reject(new Error('disk full')) },
    } as Deps;
    await expect(recordOperation(failing, 'p', 'create', { transaction_ids: ['tx-1'] })).rejects.toThrow(
      'disk full',
    );
  });
});

describe('how the builders read a field the way the write sent it', () => {
  const deps = depsWith({});

  it('a transaction: split lines compared line by line, in the keys asked, deleted lines left out', () => {
    const project = createWrite(deps, 'p', [BODY], twoDecimals).project!;
    const row = {
      subtransactions: [
        { amount: -5_000, category_id: 'cat-1', memo: null, deleted: false },
        { amount: -1, category_id: 'x', deleted: true },
        { amount: -7_500, category_id: 'cat-2', deleted: false },
      ],
    };
    const asked = [
      { amount: -5_000, category_id: 'cat-1' },
      { amount: -7_500, category_id: 'cat-2', memo: 'm' },
    ];
    expect(project(row, 'subtransactions', asked)).toEqual([
      { amount: -5_000, category_id: 'cat-1' },
      { amount: -7_500, category_id: 'cat-2', memo: null },
    ]);
    // no lines held, or lines not asked as a list: each line read by its amount alone
    expect(project({}, 'subtransactions', asked)).toEqual([]);
    expect(project(row, 'subtransactions', null)).toEqual([{ amount: -5_000 }, { amount: -7_500 }]);
    // a payee name held in another case is the one asked; another name is itself
    expect(project({ payee_name: ' bakery ' }, 'payee_name', 'Bakery')).toBe('Bakery');
    expect(project({ payee_name: 'Kiosk' }, 'payee_name', 'Bakery')).toBe('Kiosk');
    expect(project({ payee_name: null }, 'payee_name', 'Bakery')).toBeNull();
  });

  it('a scheduled transaction: its next date, an empty memo as none, a payee name in any case', () => {
    const project = newScheduledWrite(
      deps,
      'p',
      {
        account_id: 'acc-1',
        date: '2026-10-01',
        frequency: 'monthly',
        amount: -1,
        payee_name: 'Gym',
        category_id: null,
        memo: null,
        flag_color: null,
      },
      twoDecimals,
    ).project!;
    expect(project({ date_next: '2026-10-01' }, 'date', '2026-10-01')).toBe('2026-10-01');
    expect(project({ memo: '' }, 'memo', null)).toBeNull();
    expect(project({ memo: 'rent' }, 'memo', null)).toBe('rent');
    expect(project({ payee_name: 'GYM ' }, 'payee_name', 'Gym')).toBe('Gym');
    expect(project({ payee_name: 'Pool' }, 'payee_name', 'Gym')).toBe('Pool');
    expect(project({ payee_name: 7 }, 'payee_name', 'Gym')).toBe(7);
  });

  it('a schedule stored as said: what the body left out reads as none', () => {
    const stored = asStored('sch-1', {
      account_id: 'acc-1',
      date: '2026-10-01',
      frequency: 'monthly',
      amount: -1,
      payee_name: 'Gym',
    } as unknown as ScheduledBody);
    expect(stored).toMatchObject({ payee_id: null, category_id: null, memo: null, flag_color: null });
  });

  it('a category the plan does not hold: judged with nothing before it', () => {
    const write = categoryWrite(deps, 'p', [], 'cat-gone', { name: 'New' });
    expect(write.before.size).toBe(0);
  });
});

describe('recordOperation outside a write, a journal failing with something not an Error', () => {
  it('throws it as it is', async () => {
    const deps = depsWith({});
    const failing = {
      ...deps,
      // a store may fail with anything; what is not an Error is the branch under test
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      journal: { ...deps.journal, record: () => Promise.reject('no space') },
    } as Deps;
    await expect(recordOperation(failing, 'p', 'create', { transaction_ids: ['tx-1'] })).rejects.toBe(
      'no space',
    );
  });
});
