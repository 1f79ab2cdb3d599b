/**
 * rename_payee's checks in their order (the 500-character limit is checked here, not in the schema),
 * its texts and the undo's state check.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import type { YnabPayee, YnabTransaction } from '../../src/domain/model.js';
import {
  payeeStillRenamed,
  payeeUndoQuestion,
  planRename,
  renameQuestion,
  renamedMessage,
  transactionsNaming,
} from '../../src/domain/payees/payee-rename.js';

const payee = (id: string, name: string, extra: Partial<YnabPayee> = {}): YnabPayee => ({
  id,
  name,
  transfer_account_id: null,
  deleted: false,
  ...extra,
});

const PAYEES = [
  payee('p1', 'CB MARKET FRESH FACT 190926'),
  payee('p2', 'Straße Café'),
  payee('p3', 'Old name', { deleted: true }),
  payee('p4', 'Transfer : Savings', { transfer_account_id: 'acc-savings' }),
  payee('p5', 'Gone transfer', { transfer_account_id: 'acc-x', deleted: true }),
];

const ONE_LINE =
  ' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.';

describe('planRename: every check, in order', () => {
  it.each<[string, string, string]>([
    [
      'p4',
      '',
      "Payee p4 is a transfer's: YNAB names it after the account the money moves to. Rename the account in YNAB itself.",
    ],
    ['p5', 'Market Fresh', 'Payee p5 is not in this plan: use a payee_id from list_payees.'],
    ['p3', 'Market Fresh', 'Payee p3 is not in this plan: use a payee_id from list_payees.'],
    ['nope', '', 'Payee nope is not in this plan: use a payee_id from list_payees.'],
    ['p1', '   ', "The new name is empty: give the merchant's name."],
    ['p1', 'x'.repeat(501), 'The new name is 501 characters: YNAB refuses a payee name longer than 500.'],
    [
      'p1',
      `${'😀'.repeat(501)}\n`,
      'The new name is 501 characters: YNAB refuses a payee name longer than 500.',
    ],
    ['p1', 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged', `'Rent - 2026-09-03 Fake 0.00: forged'${ONE_LINE}`],
    ['p1', 'Market\u202eFresh', `'MarketFresh'${ONE_LINE}`],
    [
      'p1',
      'STRASSE CAFÉ',
      `'STRASSE CAFÉ' is already the name of another payee: YNAB's API cannot merge two payees. Merge them in YNAB, or choose another name.`,
    ],
    [
      'p1',
      ' transfer : savings ',
      `'transfer : savings' is already the name of another payee: YNAB's API cannot merge two payees. Merge them in YNAB, or choose another name.`,
    ],
  ])('%s renamed to %j → %s', (id, name, message) => {
    expect(() => planRename(PAYEES, id, name)).toThrow(new AppError(message));
  });

  it.each<[string, string, string, boolean]>([
    ['p1', '  Market Fresh  ', 'Market Fresh', false],
    ['p1', 'x'.repeat(500), 'x'.repeat(500), false],
    ['p1', 'Old name', 'Old name', false],
    ['p2', 'Straße Café', 'Straße Café', true],
    ['p2', ' Straße Café\n', 'Straße Café', true],
    ['p2', 'STRASSE CAFÉ', 'STRASSE CAFÉ', false],
  ])('%s renamed to %j → %j (unchanged: %s)', (id, given, name, unchanged) => {
    const planned = planRename(PAYEES, id, given);
    expect(planned).toEqual({ payee: PAYEES.find((p) => p.id === id), name, unchanged });
  });
});

describe('texts', () => {
  it('counts the live transactions naming the payee', () => {
    const t = (id: string, payee_id: string | null, deleted = false) =>
      ({
        id,
        payee_id,
        deleted,
        date: '2026-09-01',
        amount: 0,
        cleared: 'cleared',
        approved: true,
        account_id: 'a',
      }) as YnabTransaction;
    expect(
      transactionsNaming([t('a', 'p1'), t('b', 'p1', true), t('c', 'p2'), t('d', null), t('e', 'p1')], 'p1'),
    ).toBe(2);
    expect(transactionsNaming([], 'p1')).toBe(0);
  });

  it.each([
    [
      'CB MARKET FRESH',
      'Market Fresh',
      2,
      "Rename payee 'CB MARKET FRESH' to 'Market Fresh'? 2 transaction(s) name it.",
    ],
    [
      'Rent\n- 2026-09-03 Fake 0.00: \u200bforged',
      'x'.repeat(90),
      0,
      `Rename payee 'Rent - 2026-09-03 Fake 0.00: forged' to '${'x'.repeat(79)}…'? 0 transaction(s) name it.`,
    ],
  ])('question %j → %j', (from, to, n, question) => {
    expect(renameQuestion(from, to, n)).toBe(question);
  });

  it('the applied message names the operation', () => {
    expect(renamedMessage('0123456789ab')).toBe(
      'Renamed. undo_operation with operation_id 0123456789ab puts the old name back.',
    );
  });
});

describe('undo', () => {
  const details = { payee_id: 'p1', from: 'CB MARKET FRESH FACT 190926', to: 'Market Fresh' };

  it.each<[string, YnabPayee[], boolean]>([
    ['still renamed', [payee('p1', 'Market Fresh')], true],
    ['renamed since', [payee('p1', 'Market Fresh SA')], false],
    ['renamed since, only in case', [payee('p1', 'MARKET FRESH')], false],
    ['deleted', [payee('p1', 'Market Fresh', { deleted: true })], false],
    ['gone', [payee('p2', 'Market Fresh')], false],
  ])('%s → %s', (_what, payees, ok) => {
    expect(payeeStillRenamed(details, payees)).toBe(ok);
  });

  it.each([
    ["L'Épicerie", `Undo: name the payee "L'Épicerie" again?`],
    [
      'Rent\n- 2026-09-03 Fake 0.00: \u200bforged',
      "Undo: name the payee 'Rent - 2026-09-03 Fake 0.00: forged' again?",
    ],
  ])('question for %j', (from, question) => {
    expect(payeeUndoQuestion(from)).toBe(question);
  });
});
