/**
 * The texts of approve_transactions and import_transactions, from the verdict on what YNAB shows: every
 * approved, some, none, the answer lost and read back, lost and not shown yet, nothing checkable; an
 * import answered, lost and found, lost and nothing shown yet, lost without the earlier list. And the per-schedule summary of a long scheduled listing.
 */
import { describe, expect, it } from 'vitest';
import type { YnabScheduledTransaction, YnabTransaction } from '../../src/domain/model.js';
import { approvalStatus, approvalsOf, approvalText } from '../../src/domain/transactions/approvals.js';
import {
  findImported,
  IMPORT_AGAIN,
  importedText,
  lostImportText,
  unseenImportText,
} from '../../src/domain/transactions/imports.js';
import type { Occurrence, OccurrenceView } from '../../src/domain/transactions/schedule.js';
import { payeeMatcher, scheduleLines } from '../../src/domain/transactions/schedule-lines.js';
import { judge, unchecked, unseen, type Asked, type Row } from '../../src/domain/write-verify.js';

describe('approvals', () => {
  const asked = (ids: string[]): Asked[] =>
    ids.map((id) => ({ key: id, label: `transaction ${id}`, fields: { approved: true } }));
  /** The verdict on approving `ids` when YNAB shows `shown` (id → approved), its answer lost or not. */
  const verdict = (ids: string[], shown: Record<string, boolean>, lost = false) =>
    judge(
      asked(ids),
      new Map(Object.entries(shown).map(([id, approved]): [string, Row] => [id, { id, approved }])),
      new Map(),
      (row, field) => row[field],
      lost,
    );
  /** With `unseenSeconds`, the lost answer that no read over that window showed (as the tool settles it). */
  const outcome = (ids: string[], shown: Record<string, boolean>, lost = false, unseenSeconds?: number) => {
    const judged = verdict(ids, shown, lost);
    const v = unseenSeconds === undefined ? judged : unseen(judged, unseenSeconds);
    const a = approvalsOf(asked(ids), v);
    return { ...a, text: approvalText(a, v) };
  };

  it('every one approved, with YNAB answering or through a read-back', () => {
    expect(outcome(['t1'], { t1: true })).toEqual({
      approved: ['t1'],
      notApproved: [],
      unknown: [],
      text: 'Approved 1 transaction.',
    });
    expect(outcome(['t1', 't2'], { t1: true, t2: true }, true).text).toBe(
      "Approved 2 transactions. YNAB's answer was lost, but a read-back shows them approved.",
    );
  });

  it('some approved: the others named, with why', () => {
    const some = outcome(['t1', 't2', 't3'], { t1: true, t2: false });
    expect(some).toMatchObject({ approved: ['t1'], notApproved: ['t2', 't3'], unknown: [] });
    expect(some.text).toBe(
      "1 of 3 transactions approved. Not approved: YNAB did not take approved of t2 (still unapproved); t3 not in YNAB's answer (no such transaction, or deleted).",
    );
    expect(outcome(['t1', 't3'], { t1: true }, true).text).toBe(
      "YNAB's answer was lost; a read-back shows 1 of 2 transactions approved. Not approved: t3 not in the read-back (no such transaction, or deleted).",
    );
  });

  it('a lost answer: one shown unapproved may still be approved late (unknown); one not shown at all is not approved', () => {
    const late = outcome(['t1', 't2', 't3'], { t1: true, t2: false }, true);
    expect(late).toMatchObject({ approved: ['t1'], notApproved: ['t3'], unknown: ['t2'] });
    expect(late.text).toBe(
      "Do not repeat this change yet: YNAB's answer was lost; a read-back shows 1 of 3 transactions approved, and t2 not approved yet: YNAB may still apply it late. Not approved: t3 not in the read-back (no such transaction, or deleted). Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).",
    );
    const v = verdict(['t1', 't2'], { t1: true, t2: false }, true);
    expect(approvalStatus(approvalsOf(asked(['t1', 't2']), v), v)).toBe('unknown');
    const answered = verdict(['t1', 't2'], { t1: true, t2: false }, false);
    expect(approvalStatus(approvalsOf(asked(['t1', 't2']), answered), answered)).toBe('partial');
  });

  it('none approved: one or several, answered; six and more are counted, not all named', () => {
    expect(outcome(['t1'], { t1: false }).text).toBe(
      'YNAB answered, but holds the transaction not approved: YNAB did not take approved of t1 (still unapproved).',
    );
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(outcome(ids, {}).text).toBe(
      "YNAB answered, but holds none of the 7 transactions approved: a, b, c, d, e and 2 more not in YNAB's answer (no such transaction, or deleted).",
    );
    expect(outcome(ids.slice(0, 5), {}).text).toBe(
      "YNAB answered, but holds none of the 5 transactions approved: a, b, c, d, e not in YNAB's answer (no such transaction, or deleted).",
    );
  });

  it('none shown after a lost answer: every one unknown, never "not approved", not to be repeated yet', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const late = outcome(ids, { a: false }, true, 8);
    expect(late).toMatchObject({ approved: [], notApproved: [], unknown: ids });
    expect(late.text).toBe(
      "Do not repeat this change yet: YNAB's answer was lost, and reads over 8 s show none of the 7 transactions approved yet; YNAB may still apply it late. Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).",
    );
    expect(late.text).not.toContain('safe to ask again');
  });

  it('nothing checkable: every one unknown, approving again harmless', () => {
    const v = unchecked('the read-back failed');
    const a = approvalsOf(asked(['t1', 't2']), v);
    expect(a).toEqual({ approved: [], notApproved: [], unknown: ['t1', 't2'] });
    expect(approvalText(a, v)).toBe(
      'Do not repeat this change yet: the approval of 2 transactions may or may not be in YNAB (the read-back failed). Check with find_transactions; approving them again then is harmless (it only sets the flag again).',
    );
  });
});

describe('imports', () => {
  const tx = (id: string, extra: Partial<YnabTransaction> = {}): YnabTransaction => ({
    id,
    date: '2026-09-10',
    amount: -1_000,
    cleared: 'cleared',
    approved: false,
    account_id: 'chk',
    deleted: false,
    ...extra,
  });
  const CHANGED = [
    tx('new', { import_id: 'YNAB:-1000:2026-09-10:1' }),
    tx('old', { import_id: 'YNAB:-2000:2026-09-01:1' }),
    tx('typed', { import_id: '' }),
    tx('by-hand'),
    tx('gone', { import_id: 'YNAB:-3000:2026-09-10:1', deleted: true }),
  ];

  it('an import is a bank transaction not read before', () => {
    expect(findImported(CHANGED, new Set(['old']))).toEqual({ imported: ['new'] });
    expect(findImported([tx('by-hand'), tx('typed', { import_id: '' })], undefined)).toEqual({
      imported: [],
    });
    expect(findImported(CHANGED, undefined)).toEqual({
      why: 'a read-back finds 2 bank transaction(s) changed since avenir-mcp last read the plan, and without the earlier list it cannot tell new ones from older ones edited meanwhile',
    });
  });

  it('says what was imported, answered or lost', () => {
    expect(importedText(0)).toBe('No new transaction to import.');
    expect(importedText(3)).toBe(
      'Imported 3 transaction(s). suggest_categories lists those that still need a category.',
    );
    expect(lostImportText('timeout', { why: 'no list' })).toBe(
      `Do not repeat this change yet: YNAB's answer to the import was lost (timeout), and it is not known what it brought: no list. ${IMPORT_AGAIN}`,
    );
    // nothing imported in the window: unknown, never "nothing changed" (YNAB may still bring them in)
    expect(unseenImportText(8)).toBe(
      "Do not repeat this change yet: YNAB's answer to the import was lost, and reads over 8 s show no transaction imported since avenir-mcp last read the plan. YNAB may still bring them in: look with suggest_categories in a few minutes (importing again then is harmless: YNAB never imports a transaction twice).",
    );
    expect(lostImportText('timeout', { imported: ['a', 'b'] })).toBe(
      "YNAB's answer to the import was lost; a read-back shows 2 transaction(s) imported since avenir-mcp last read the plan (by this import, or by YNAB's own automatic import). suggest_categories lists those that still need a category.",
    );
  });
});

describe('schedule lines', () => {
  const occurrence = (id: string, date: string, payee: string, amount: number): Occurrence => {
    const view: OccurrenceView = {
      scheduled_id: id,
      date,
      amount: amount / 1000,
      account: 'Checking',
      category: null,
      payee,
      payee_id: null,
      merchant: payee.toUpperCase(),
      memo: null,
      frequency: 'weekly',
      transfer: false,
    };
    const schedule = { id, amount } as YnabScheduledTransaction;
    return { schedule, date, view };
  };

  it('sums each schedule once, from its first date, ordered by date then payee', () => {
    const lines = scheduleLines([
      occurrence('rent', '2026-10-01', 'Rent', -800_000),
      occurrence('gym', '2026-10-01', 'Gym', -10_005),
      occurrence('gym', '2026-10-08', 'Gym', -10_005),
      occurrence('pay', '2026-09-28', 'Payroll', 2_000_000),
    ]);
    expect(lines.map((l) => [l.scheduled_id, l.next_date, l.count, l.total])).toEqual([
      ['pay', '2026-09-28', 1, 2000],
      ['gym', '2026-10-01', 2, -20.01],
      ['rent', '2026-10-01', 1, -800],
    ]);
    expect(lines[1]).not.toHaveProperty('date');
    expect(lines[1]).toMatchObject({ payee: 'Gym', frequency: 'weekly', account: 'Checking' });
    expect(scheduleLines([])).toEqual([]);
  });

  it('matches a payee by its merchant, and everything without one', () => {
    const gym = payeeMatcher('cb gym');
    expect([gym('CB GYM 12/09'), gym('Gym club'), gym('Pool'), gym(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const all = payeeMatcher(null);
    expect([all('Pool'), all(null)]).toEqual([true, true]);
    expect(payeeMatcher('12345')('Pool')).toBe(true);
  });
});
