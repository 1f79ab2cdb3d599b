import { describe, expect, it } from 'vitest';
import { findAccount, findPayee, unknownAccount, unknownPayee } from '../../src/domain/named-rows.js';
import type { YnabAccount, YnabPayee } from '../../src/domain/model.js';

const account = (id: string, name: string, closed = false, deleted = false) =>
  ({ id, name, closed, deleted }) as unknown as YnabAccount;
const payee = (id: string, name: string, deleted = false): YnabPayee => ({ id, name, deleted });

const ACCOUNTS = [
  account('acc-1', 'Checking'),
  account('acc-2', 'Joint'),
  account('acc-3', 'JOINT'),
  account('acc-4', 'Old bank', true),
  account('acc-5', 'Gone', false, true),
  account('acc-6', 'B&amp;H card'),
];
const PAYEES = [payee('pay-1', 'Rail Co'), payee('pay-2', 'Gone', true), payee('pay-3', '7-eleven')];

describe('findAccount (an account by id or exact name)', () => {
  it.each([
    ['acc-1', 'acc-1'],
    ['acc-4', 'acc-4'],
    [' checking ', 'acc-1'],
    ['b&h CARD', 'acc-6'],
    ['Old bank', null],
    ['Gone', null],
    ['Savings', null],
  ])('%j is %s', (given, id) => {
    expect(findAccount(ACCOUNTS, given, 'account_id')).toBe(id);
  });

  it('refuses a name two open accounts share, listing their ids', () => {
    expect(() => findAccount(ACCOUNTS, 'joint', 'account_id')).toThrow(
      "account_id 'joint' names 2 accounts: give one by its id, 'acc-2' or 'acc-3'.",
    );
  });

  it('says what an unknown value is not', () => {
    expect(unknownAccount('Savings', 'to_account_id').message).toBe(
      "to_account_id 'Savings' is neither an account id nor the name of an open account: use a name or id from list_accounts.",
    );
  });
});

describe('findPayee (a payee by id or exact name)', () => {
  it.each([
    ['pay-1', 'pay-1'],
    ['RAIL CO', 'pay-1'],
    ['7-Eleven', 'pay-3'],
    ['Gone', null],
  ])('%j is %s', (given, id) => {
    expect(findPayee(PAYEES, given, 'payee_id')).toBe(id);
  });

  it('says what an unknown value is not', () => {
    expect(unknownPayee('Bakery', 'payee_id').message).toBe(
      "payee_id 'Bakery' is neither a payee id nor the name of a payee: use a name or id from list_payees.",
    );
  });
});
