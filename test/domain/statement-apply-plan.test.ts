/**
 * Planning apply_statement from a comparison's fixes, table by table: which fixes are kept, what each
 * makes (a new line, a delete, a correction marking the line cleared), which transactions the bank
 * shows cleared, and when the balances agree so that everything cleared up to the statement's last
 * day is marked reconciled; the refusals name the fix. And the undo's words.
 */
import { describe, expect, it } from 'vitest';
import { moneyText } from '../../src/domain/money.js';
import type { Fix } from '../../src/domain/statements/compare.js';
import { applyQuestion, keptFixes, planStatementApply } from '../../src/domain/statements/apply-plan.js';
import {
  foundAll,
  statementUndoHalfway,
  statementUndoQuestion,
} from '../../src/domain/statements/undo-texts.js';
import { tx } from '../helpers/statement-rows.js';

const money = moneyText(2);
const ACCOUNT = [
  tx('t1', '2026-11-02', -10_000, 'SHOP'),
  tx('t2', '2026-11-03', -20_000, 'CAFE', { cleared: 'uncleared' }),
  tx('t3', '2026-11-04', -5_000, 'SHOP'),
  tx('t4', '2026-12-04', -1_000, 'LATER'),
];
const create: Fix = {
  id: 'F1',
  kind: 'create',
  date: '2026-11-05',
  amount: -2_000,
  payee_name: 'FEE',
  category_id: 'cat-fees',
  memo: '  ',
};
const plan = (fixes: Fix[], extra: Partial<Parameters<typeof planStatementApply>[0]> = {}) =>
  planStatementApply({
    accountId: 'acc',
    fixes,
    keep: null,
    toClear: [],
    closing: null,
    account: ACCOUNT,
    categoryName: (id) => (id === 'cat-fees' ? 'Bank fees' : null),
    money,
    ...extra,
  });

describe('the fixes kept', () => {
  it('keeps every one by default, the named ones otherwise, and refuses an id the comparison lacks', () => {
    expect(keptFixes([create], null)).toEqual([create]);
    expect(keptFixes([create], [])).toEqual([]);
    expect(() => keptFixes([create], ['F2'])).toThrow(
      'F2 is not a fix of this comparison (it proposes F1): nothing was changed.',
    );
    expect(() => keptFixes([], ['F1'])).toThrow('(it proposes none)');
  });
});

describe('planning the changes', () => {
  it('creates a line cleared and approved, its memo left out when blank, its category named', () => {
    const p = plan([create, { ...create, id: 'F2', payee_name: ' ', category_id: 'cat-gone', memo: 'a\nb' }]);
    expect(p.creates).toEqual([
      {
        account_id: 'acc',
        date: '2026-11-05',
        amount: -2_000,
        payee_name: 'FEE',
        memo: null,
        category_id: 'cat-fees',
        cleared: 'cleared',
        approved: true,
      },
      expect.objectContaining({ payee_name: 'Bank', memo: 'a b', category_id: 'cat-gone' }),
    ]);
    expect(p.lines).toEqual([
      '- F1 create: 2026-11-05 FEE -2.00 (Bank fees), cleared',
      '- F2 create: 2026-11-05  -2.00 (no category), cleared',
    ]);
    expect(applyQuestion('Checking', p.lines)).toMatch(
      /^Make these 2 change\(s\) to Checking from the statement\?\n- F1/,
    );
  });

  it('corrects an amount and a date, and marks a corrected uncleared line cleared', () => {
    const p = plan([
      { id: 'F1', kind: 'amount', transaction_id: 't2', from: -20_000, to: -21_000 },
      { id: 'F2', kind: 'date', transaction_id: 't1', from: '2026-11-02', to: '2026-11-01' },
    ]);
    expect(p.patches).toEqual([
      { id: 't2', amount: -21_000, cleared: 'cleared' },
      { id: 't1', date: '2026-11-01' },
    ]);
    expect(p.edits[0]?.fields).toEqual([
      { field: 'amount', from: -20_000, to: -21_000 },
      { field: 'cleared', from: 'uncleared', to: 'cleared' },
    ]);
    expect(p.counts).toEqual({ corrected: 2, cleared: 0, reconciled: 0 });
    // a correction to what YNAB already holds sends nothing
    const same = plan([{ id: 'F1', kind: 'amount', transaction_id: 't1', from: -10_000, to: -10_000 }]);
    expect([same.patches, same.edits]).toEqual([[], []]);
    expect(p.lines[1]).toBe('- F2 correct the date of t1 (SHOP -10.00): 2026-11-02 → 2026-11-01');
  });

  it('deletes a duplicate whole; refuses one gone, reconciled, a transfer or a split, and a correction of one gone', () => {
    const p = plan([{ id: 'F1', kind: 'delete', transaction_id: 't3' }], { toClear: ['t3', 't2', 't1'] });
    expect(p.deletes.map((d) => [d.transaction_id, d.cleared, d.subtransactions])).toEqual([
      ['t3', 'cleared', []],
    ]);
    // the duplicate is not cleared, an already cleared line is left as it is
    expect(p.patches).toEqual([{ id: 't2', cleared: 'cleared' }]);
    expect(p.lines.at(-1)).toBe('- mark cleared t2: 2026-11-03 CAFE -20.00');
    const rows = [
      ...ACCOUNT,
      tx('r', '2026-11-01', -1, 'X', { cleared: 'reconciled' }),
      tx('tr', '2026-11-01', -1, 'X', { transfer_account_id: 'acc-2' }),
      tx('sp', '2026-11-01', -1, 'X', { subtransactions: [{ amount: -1, deleted: false }] as never }),
    ];
    const del = (id: string) => () =>
      plan([{ id: 'F1', kind: 'delete', transaction_id: id }], { account: rows });
    expect(del('nope')).toThrow('F1 deletes nope, which is no longer in YNAB.');
    expect(del('r')).toThrow('F1 deletes r, which is reconciled');
    expect(del('tr')).toThrow('a transfer or a split');
    expect(del('sp')).toThrow('a transfer or a split');
    expect(() => plan([{ id: 'F1', kind: 'amount', transaction_id: 'nope', from: 1, to: 2 }])).toThrow(
      'F1 corrects nope, which is no longer in YNAB.',
    );
    const uncleared = plan([{ id: 'F1', kind: 'delete', transaction_id: 't2' }]);
    expect(uncleared.deletes[0]?.cleared).toBe('uncleared');
  });

  it('reconciles what is cleared up to the closing date when the balances then agree, and says so when not', () => {
    // cleared after the fixes up to 2026-11-30: t1, t2 (cleared now), t3, and the new line
    const agree = plan([create], { toClear: ['t2'], closing: { date: '2026-11-30', amount: -37_000 } });
    expect(agree.reconcile).toBe(true);
    expect(agree.creates[0]?.cleared).toBe('reconciled');
    expect(agree.patches).toEqual([
      { id: 't2', cleared: 'reconciled' },
      { id: 't1', cleared: 'reconciled' },
      { id: 't3', cleared: 'reconciled' },
    ]);
    expect(agree.counts.reconciled).toBe(4);
    expect(agree.lines.at(-1)).toBe(
      "- mark reconciled the 4 cleared transaction(s) dated up to 2026-11-30: YNAB's cleared balance then is -37.00, as the statement closes",
    );
    const differ = plan([], { closing: { date: '2026-11-30', amount: -100 } });
    expect(differ.reconcile).toBe(false);
    expect(differ.lines).toEqual([
      "- nothing is marked reconciled: YNAB's cleared balance on 2026-11-30 would be -15.00, and the statement closes at -0.10",
    ]);
    expect(applyQuestion('C', differ.lines)).toMatch(/^Make these 0 change/);
    // nothing cleared to mark: agreeing balances add no line
    const none = plan([], { account: [], closing: { date: '2026-11-30', amount: 0 } });
    expect([none.reconcile, none.lines]).toEqual([false, []]);
  });
});

describe('the undo’s words', () => {
  it('names what it puts back and what it leaves alone', () => {
    expect(statementUndoQuestion(2, 1, 0, [])).toBe(
      "Undo the statement's changes: put back the amount, date or cleared status of 2 transaction(s); delete the 1 transaction(s) it created?",
    );
    expect(statementUndoQuestion(0, 0, 1, ['t1'])).toBe(
      "Undo the statement's changes: recreate the 1 duplicate(s) it deleted (with new ids)?\nLeft alone, changed in YNAB since: t1.",
    );
  });

  it('says where it stopped, and why', () => {
    expect(statementUndoHalfway([], 't9 deleted', { refused: 'HTTP 400' })).toBe(
      'YNAB refused the next step, t9 deleted (HTTP 400). What is left is journaled: undo_operation again puts it back.',
    );
    expect(statementUndoHalfway(['a', 'b'], 'c', { unseen: true, seconds: 3 })).toMatch(
      /^a; b; YNAB's answer to the next step \(c\) was lost, and reads over 3 s do not show it yet/,
    );
    expect(statementUndoHalfway([], 'c', { unknown: 'it could not be checked' })).toMatch(
      /was lost, and it could not be checked\./,
    );
    expect([foundAll(2, 2), foundAll(0, 2), foundAll(1, 2)]).toEqual([
      true,
      false,
      '1 of the 2 duplicates recreated',
    ]);
  });
});
