/**
 * Names where ids are asked: a tool declares which of its parameters take an account, category, group
 * or payee id, and each of them also takes the exact name, resolved here before the tool runs. The tool
 * then sees ids only, so that what a preview shows and what a confirmation is bound to are the ids the
 * names stood for when the user was asked: a code issued for "Groceries" applies to that category, not
 * to whichever one is called so by the time it comes back.
 *
 * An id costs nothing: a value shaped like an id is not looked up (unless the list as last synced has it
 * as a name only), and a list read to resolve a name is handed to the tool's own first read of it
 * (ynab/lent-reads.ts), so that a name costs a request only where the tool does not read that list.
 */
import {
  findCategory,
  findGroup,
  unknownCategory,
  unknownGroup,
} from '../../domain/categories/category-names.js';
import { READY_TO_ASSIGN, readyToAssign } from '../../domain/categories/internal.js';
import type { AppError } from '../../domain/errors.js';
import type { YnabAccount, YnabCategoryGroup, YnabPayee } from '../../domain/model.js';
import { findAccount, findPayee, unknownAccount, unknownPayee } from '../../domain/named-rows.js';
import type { Deps } from '../../deps.js';
import { nameKey } from '../../domain/text.js';
import { LAST_USED } from '../../ynab/api.js';
import { resolvePlan } from './resolve-plan.js';

export type NameKind = 'account' | 'category' | 'group' | 'payee';

/**
 * The parameters that take a name, by path: `account_id`, `account_ids[]` (each of a list),
 * `transactions[].category_id` (a field of each row).
 */
export type NameParams = Readonly<Record<string, NameKind>>;

/** One value given where an id is asked, and how to put its id in its place. */
interface Slot {
  kind: NameKind;
  /** The parameter, as the refusals name it (`transactions[1].category_id`). */
  what: string;
  value: string;
  set: (id: string) => void;
}

type Holder = Record<string, unknown> | unknown[];

/** The string values at `path` in `at`, each with the way to replace it. */
function slotsAt(at: Holder, path: string[], what: string, kind: NameKind, out: Slot[]): void {
  const [head, ...rest] = path as [string, ...string[]];
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  const value = (at as Record<string, unknown>)[key];
  const name = what === '' ? key : `${what}.${key}`;
  const visit = (holder: Holder, field: string | number, inner: unknown, label: string): void => {
    if (rest.length > 0) {
      // the rows of a list parameter, objects by their schema
      slotsAt(inner as Holder, rest, label, kind, out);
    } else if (typeof inner === 'string') {
      out.push({
        kind,
        what: label,
        value: inner,
        set: (id) => ((holder as Record<string, unknown>)[field] = id),
      });
    }
  };
  if (!list) return visit(at, key, value, name);
  if (Array.isArray(value)) value.forEach((item, i) => visit(value, i, item, `${name}[${i}]`));
}

const categoryIds = (groups: readonly YnabCategoryGroup[]): string[] =>
  groups.flatMap((g) => g.categories.map((c) => c.id));

/** The rows of a value's list as last synced, without asking YNAB (undefined when never read). */
function cachedRows(deps: Deps, plan: string, kind: NameKind): readonly Named[] | undefined {
  const cache = deps.ynab.cache;
  if (kind === 'account' || kind === 'payee')
    return cache.peek<Named>(plan, kind === 'account' ? 'accounts' : 'payees');
  const groups = cache.peekGroups(plan);
  return kind === 'group' ? groups : groups?.flatMap((g) => g.categories);
}

interface Named {
  id: string;
  name: string;
}

/** The ids and name keys of a list as last synced (empty when never read). */
interface Cached {
  ids: ReadonlySet<string>;
  /** Built only for a value that is not an id there: a call with ids never folds a name. */
  names: () => ReadonlySet<string>;
}

function cachedIndex(deps: Deps, plan: string, kind: NameKind): Cached {
  const rows = cachedRows(deps, plan, kind) ?? [];
  return {
    ids: new Set(rows.map((r) => r.id)),
    names: once(() => new Set(rows.map((r) => nameKey(r.name)))),
  };
}

/**
 * Whether a value is taken as an id without looking it up: shaped like one (YNAB's ids are lowercase
 * letters and digits in dashed runs), unless the list as last synced has it as a name and not as an
 * id (a payee called `7-eleven`). Calls with ids so cost no request of their own.
 */
function takenAsId(cached: (kind: NameKind) => Cached, s: Slot): boolean {
  if (!ID_SHAPE.test(s.value)) return false;
  const { ids, names } = cached(s.kind);
  return ids.has(s.value) || !names().has(nameKey(s.value));
}

/** The lists names are looked up in, each read once, when first needed. */
interface Lists {
  accounts(): Promise<readonly YnabAccount[]>;
  categories(): Promise<readonly YnabCategoryGroup[]>;
  payees(): Promise<readonly YnabPayee[]>;
}

/** `make`'s value, made at the first call only (a list read, a set of names). */
const once = <T>(make: () => T): (() => T) => {
  let got: { value: T } | undefined;
  return () => (got ??= { value: make() }).value;
};

const listsOf = (deps: Deps, plan: string): Lists => ({
  accounts: once(() => deps.ynab.accounts.list(plan)),
  categories: once(() => deps.ynab.categories.groups(plan)),
  payees: once(() => deps.ynab.payees.list(plan)),
});

/** The id a value is or names in its list (null when neither); a refusal when the name is ambiguous. */
async function idOf(s: Slot, lists: Lists): Promise<string | null> {
  if (s.kind === 'account') return findAccount(await lists.accounts(), s.value, s.what);
  if (s.kind === 'payee') return findPayee(await lists.payees(), s.value, s.what);
  const groups = await lists.categories();
  if (s.kind === 'group') return findGroup(groups, s.value, s.what);
  if (categoryIds(groups).includes(s.value)) return s.value;
  return findCategory(groups, s.value, s.what) ?? incomeNamed(groups, s.value);
}

/**
 * Income's category by its name, `Inflow: Ready to Assign`: YNAB's own, so no visible category's name,
 * but the one a transaction of income is given.
 */
function incomeNamed(groups: readonly YnabCategoryGroup[], given: string): string | null {
  const income = readyToAssign(groups);
  return income !== null && nameKey(given) === nameKey(READY_TO_ASSIGN) ? income.id : null;
}

/**
 * Shaped like an id: a value so shaped that names nothing goes to the tool as it is, whose refusal of
 * an unknown id names the tool listing them.
 */
const ID_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

const REFUSALS: Record<NameKind, (given: string, what: string) => AppError> = {
  account: unknownAccount,
  category: unknownCategory,
  group: unknownGroup,
  payee: unknownPayee,
};

function unknownValue(s: Slot): string {
  if (ID_SHAPE.test(s.value)) return s.value;
  throw REFUSALS[s.kind](s.value, s.what);
}

/**
 * Puts ids in place of the names `input` gives where `names` declares it, or refuses a name that is
 * unknown or ambiguous (listing the candidates) before the tool asks or writes anything. A write
 * resolves on its real plan, as it will run (`last-used` becomes the plan's id).
 */
export async function resolveNames(
  deps: Deps,
  kind: 'read' | 'write',
  names: NameParams,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const copy = structuredClone(input);
  const slots: Slot[] = [];
  for (const [path, named] of Object.entries(names)) slotsAt(copy, path.split('.'), '', named, slots);
  if (slots.length === 0) return input;
  const given = input.plan_id as string;
  const known = deps.ynab.plans.known;
  const cachedPlan = given === LAST_USED && known?.length === 1 ? known[0]!.id : given;
  const indexes = new Map<NameKind, Cached>();
  const index = (named: NameKind): Cached => {
    if (!indexes.has(named)) indexes.set(named, cachedIndex(deps, cachedPlan, named));
    return indexes.get(named)!;
  };
  const open = slots.filter((s) => !takenAsId(index, s));
  if (open.length === 0) return input;
  const plan = kind === 'write' ? await resolvePlan(deps, given) : given;
  const lists = listsOf(deps, plan);
  for (const s of open) s.set((await idOf(s, lists)) ?? unknownValue(s));
  return copy;
}
