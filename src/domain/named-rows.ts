/**
 * Accounts and payees named the way a person names them: an id as it is, else the exact name
 * (case-insensitive, character references decoded) of one row. Names that repeat are told apart by
 * their ids, which the refusal lists, since neither an account nor a payee has a group to qualify it.
 */
import { AppError } from './errors.js';
import type { YnabAccount, YnabPayee } from './model.js';
import { clean, nameKey, quote } from './text.js';

interface Named {
  id: string;
  name: string;
}

/** What one kind of row is called in the refusals, and the tool that lists its names and ids. */
interface Kind<T extends Named> {
  one: string;
  many: string;
  /** Which rows a name may pick ("an open account"). */
  pickable: (row: T) => boolean;
  described: string;
  listedBy: string;
}

/** The id `given` is or names; null when neither, a refusal listing the ids when the name is ambiguous. */
function findNamed<T extends Named>(
  kind: Kind<T>,
  rows: readonly T[],
  given: string,
  what: string,
): string | null {
  if (rows.some((r) => r.id === given)) return given;
  const key = nameKey(given);
  const found = rows.filter((r) => kind.pickable(r) && nameKey(r.name) === key);
  if (found.length > 1) {
    throw new AppError(
      `${what} ${quote(clean(given))} names ${found.length} ${kind.many}: give one by its id, ${found.map((r) => quote(r.id)).join(' or ')}.`,
    );
  }
  return found[0]?.id ?? null;
}

const unknown = <T extends Named>(kind: Kind<T>, given: string, what: string): AppError =>
  new AppError(
    `${what} ${quote(clean(given))} is neither ${kind.one} id nor the name of ${kind.described}: use a name or id from ${kind.listedBy}.`,
  );

const ACCOUNT: Kind<YnabAccount> = {
  one: 'an account',
  many: 'accounts',
  pickable: (a) => !a.deleted && !a.closed,
  described: 'an open account',
  listedBy: 'list_accounts',
};

const PAYEE: Kind<YnabPayee> = {
  one: 'a payee',
  many: 'payees',
  pickable: (p) => !p.deleted,
  described: 'a payee',
  listedBy: 'list_payees',
};

/** The id of the account `given` is or names (any account's id, else the one open account of that name), or null. */
export const findAccount = (accounts: readonly YnabAccount[], given: string, what: string): string | null =>
  findNamed(ACCOUNT, accounts, given, what);

/** The refusal of a value that is neither an account's id nor an open account's name. */
export const unknownAccount = (given: string, what: string): AppError => unknown(ACCOUNT, given, what);

/** The id of the payee `given` is or names (any payee's id, else the one payee of that name), or null. */
export const findPayee = (payees: readonly YnabPayee[], given: string, what: string): string | null =>
  findNamed(PAYEE, payees, given, what);

/** The refusal of a value that is neither a payee's id nor a payee's name. */
export const unknownPayee = (given: string, what: string): AppError => unknown(PAYEE, given, what);
