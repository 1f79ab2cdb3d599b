/**
 * The one YNAB API of the server: every operation it sends is a named, typed method here, grouped
 * like YNAB's own resources (`ynab.transactions.update(plan, rows)`). Nothing outside `src/ynab/`
 * builds a YNAB path or sends a raw request. Every list YNAB versions goes through the delta cache
 * for a real plan id; `last-used` names whichever plan was opened last, so it is never cached.
 */
import { perSnapshot } from '../domain/memo.js';
import { planCurrency } from '../domain/plans/currency.js';
import type { RequestOptions, YnabHttp } from './client.js';
import { DeltaCache, type Fetched } from './cache.js';
import { ENDPOINTS, segments, type Endpoint } from './endpoints.js';
import { Freshness, readsAnew, type FreshnessOptions } from './freshness.js';
import { lentOr } from './lent-reads.js';
import { explainNotFound } from './unknown-plan.js';
import type {
  CategoryPatch,
  NewTransactionBody,
  ScheduledBody,
  TransactionPatch,
  YnabAccount,
  YnabCategory,
  YnabCategoryGroup,
  YnabMonthDetail,
  YnabMoneyMovement,
  YnabMoneyMovementGroup,
  YnabMonthSummary,
  YnabPayee,
  YnabPlan,
  YnabScheduledTransaction,
  YnabTransaction,
} from './types.js';

/** Checks ids before any request (a tool may refuse an unusable id before reading anything). */
export { checkSegments as checkIds } from './client.js';

export const LAST_USED = 'last-used';
/**
 * The transaction list is read since a fixed early date rather than the plan's first month: YNAB plans
 * (the demo's among them) can hold transactions dated before their first month, and history-wide tools
 * must see them. A fixed value also keeps the request cacheable.
 */
const EARLY = '1970-01-01';

interface Deletable {
  deleted?: boolean;
}
const live = <T extends Deletable>(rows: T[]): T[] => rows.filter((r) => r.deleted !== true);
const byId = (row: { id: string }): string => row.id;

/** What `POST /transactions` answers. */
export interface Created {
  transaction_ids: string[];
  duplicate_import_ids: string[];
  /** The created transactions as YNAB shows them, or null when the answer shows none. */
  transactions: YnabTransaction[] | null;
}

/** The object under `field` of an answer, or null when the answer shows none (for verifying). */
const shownOf = <T>(data: Record<string, unknown>, field: string): T | null => {
  const value = data[field];
  return typeof value === 'object' && value !== null ? (value as T) : null;
};

type Send = <T>(endpoint: Endpoint, values: readonly string[], options?: RequestOptions) => Promise<T>;
type Fetcher<T> = (knowledge: number | undefined) => Promise<Fetched<T>>;

/** The shared machinery of every resource: sending, and reading a versioned list. */
class Resource {
  constructor(
    protected readonly send: Send,
    protected readonly cache: DeltaCache,
  ) {}

  protected fetcher<T>(endpoint: Endpoint, plan: string, field: string, query: Record<string, string> = {}) {
    return async (knowledge: number | undefined): Promise<Fetched<T>> => {
      const data = await this.send<Record<string, unknown>>(endpoint, [plan], {
        query: { ...query, last_knowledge_of_server: knowledge },
      });
      return { rows: (data[field] ?? []) as T[], knowledge: Number(data.server_knowledge ?? 0) };
    };
  }

  /** A versioned list: cached for a real plan id, a plain full read for `last-used`. */
  protected async versioned<T extends Deletable>(
    plan: string,
    fetch: Fetcher<T>,
    cached: (fetch: Fetcher<T>) => Promise<readonly T[]>,
  ): Promise<readonly T[]> {
    if (plan === LAST_USED) return live((await fetch(undefined)).rows);
    return cached(fetch);
  }
}

class Plans extends Resource {
  /**
   * The plans of the last GET /plans answer, never a source for tools (plans are always read fresh,
   * D3) but enough to complete a plan id as the user types.
   */
  known: readonly YnabPlan[] | undefined;
  /** Each plan's number of decimals, from every GET /plans answer so far (a currency rarely changes). */
  readonly #digits = new Map<string, number>();
  /** Each plan as the last GET /plans answer naming it gave it: its currency and date formats. */
  readonly #seen = new Map<string, YnabPlan>();

  list(): Promise<YnabPlan[]> {
    return lentOr('', 'plans', () => this.#list());
  }

  async #list(): Promise<YnabPlan[]> {
    const { plans } = await this.send<{ plans: YnabPlan[] }>(ENDPOINTS.listPlans, []);
    this.known = plans;
    for (const p of plans) {
      this.#seen.set(p.id, p);
      const currency = planCurrency(p.currency_format);
      if (currency !== null) this.#digits.set(p.id, currency.decimal_digits);
    }
    return plans;
  }

  /**
   * The number of decimals of a plan's currency when a plans list gave it (`last-used`: the only plan
   * of the list), else undefined. Never a request: texts are formatted synchronously.
   */
  digitsOf(plan: string): number | undefined {
    const only = this.known?.length === 1 ? this.known[0]?.id : undefined;
    return this.#digits.get(plan === LAST_USED && only !== undefined ? only : plan);
  }

  /**
   * The plan as a plans list gave it (`last-used`: the only plan of the last list), else undefined.
   * Never a request: a text is written with the formats already known, never worth one of the hour's.
   */
  seen(plan: string): YnabPlan | undefined {
    const only = this.known?.length === 1 ? this.known[0]?.id : undefined;
    return this.#seen.get(plan === LAST_USED && only !== undefined ? only : plan);
  }
}

class Accounts extends Resource {
  list(plan: string): Promise<readonly YnabAccount[]> {
    const f = this.fetcher<YnabAccount>(ENDPOINTS.listAccounts, plan, 'accounts');
    return lentOr(plan, 'accounts', () =>
      this.versioned(plan, f, (fetch) => this.cache.list(plan, 'accounts', byId, fetch)),
    );
  }
}

/** Each group with its live categories: once per snapshot of the cache, so that it stays the same array. */
const liveGroups = perSnapshot((groups: readonly YnabCategoryGroup[]): readonly YnabCategoryGroup[] =>
  Object.freeze(groups.map((g) => ({ ...g, categories: live(g.categories) }))),
);

class Categories extends Resource {
  /** The category groups with their live categories. */
  async groups(plan: string): Promise<readonly YnabCategoryGroup[]> {
    const f = this.fetcher<YnabCategoryGroup>(ENDPOINTS.listCategories, plan, 'category_groups');
    return lentOr(plan, 'categories', async () =>
      liveGroups(await this.versioned(plan, f, (fetch) => this.cache.groups(plan, fetch))),
    );
  }

  /**
   * The groups changed since `knowledge` (each with its changed categories, deleted ones included) and
   * the knowledge now, outside the cache.
   */
  delta(plan: string, knowledge: number): Promise<Fetched<YnabCategoryGroup>> {
    return this.fetcher<YnabCategoryGroup>(ENDPOINTS.listCategories, plan, 'category_groups')(knowledge);
  }

  /** Creates a category in a group; returns it as YNAB shows it (null when the answer shows none). */
  async create(plan: string, name: string, groupId: string): Promise<YnabCategory | null> {
    const data = await this.send<Record<string, unknown>>(ENDPOINTS.createCategory, [plan], {
      body: { category: { name, category_group_id: groupId } },
    });
    return shownOf<YnabCategory>(data, 'category');
  }

  /** Changes a category's name, group or target fields; returns it as YNAB's answer shows it. */
  async update(plan: string, categoryId: string, fields: CategoryPatch): Promise<YnabCategory | null> {
    const data = await this.send<Record<string, unknown>>(ENDPOINTS.updateCategory, [plan, categoryId], {
      body: { category: fields },
    });
    return shownOf<YnabCategory>(data, 'category');
  }
}

class Months extends Resource {
  list(plan: string): Promise<readonly YnabMonthSummary[]> {
    const f = this.fetcher<YnabMonthSummary>(ENDPOINTS.listMonths, plan, 'months');
    // every sync of the list, wherever it is asked for, tells the kept months what changed
    const observed: Fetcher<YnabMonthSummary> = async (knowledge) => {
      const start = this.cache.monthDetails.started();
      const got = await f(knowledge);
      await this.cache.monthDetails.synced(plan, start, knowledge, got, (since) =>
        this.#categoriesSince(plan, since),
      );
      return got;
    };
    return this.versioned(plan, f, () => this.cache.list(plan, 'months', (m) => m.month, observed));
  }

  /** The category groups changed since `knowledge`, outside the cache (what dates a change, or not). */
  async #categoriesSince(plan: string, knowledge: number): Promise<YnabCategoryGroup[]> {
    const data = await this.send<{ category_groups?: YnabCategoryGroup[] }>(
      ENDPOINTS.listCategories,
      [plan],
      {
        query: { last_knowledge_of_server: knowledge },
      },
    );
    return data.category_groups ?? [];
  }

  /** One month with its categories: kept while the plan's knowledge shows no change to it. */
  async get(plan: string, month: string): Promise<YnabMonthDetail> {
    // a write's reads see YNAB itself, one request as ever: it plans, verifies and settles on them
    if (plan === LAST_USED || readsAnew()) return this.#read(plan, month);
    segments(ENDPOINTS.getMonth, [plan, month]); // a month that is not a first day: refused before any request
    const { details } = await this.series(plan, () => [month]);
    return details[0] as YnabMonthDetail;
  }

  async #read(plan: string, month: string): Promise<YnabMonthDetail> {
    return (await this.send<{ month: YnabMonthDetail }>(ENDPOINTS.getMonth, [plan, month])).month;
  }

  /**
   * Several months, chosen from the month list: the list is synced once (one delta request, none
   * within the freshness window), then each month not kept is read, one after the other.
   */
  async series(
    plan: string,
    pick: (list: readonly YnabMonthSummary[]) => readonly string[],
  ): Promise<{ list: readonly YnabMonthSummary[]; details: YnabMonthDetail[] }> {
    const list = await this.list(plan);
    // last-used names no plan the cache keeps: its months are read every time
    const knowledge = plan === LAST_USED ? 0 : (this.cache.listKnowledge(plan, 'months') ?? 0);
    const details: YnabMonthDetail[] = [];
    for (const month of pick(list)) {
      const kept = knowledge > 0 ? this.cache.monthDetails.get(plan, month, knowledge) : undefined;
      const detail = kept ?? (await this.#read(plan, month));
      if (kept === undefined && knowledge > 0) this.cache.monthDetails.put(plan, month, knowledge, detail);
      details.push(detail);
    }
    return { list, details };
  }

  /**
   * Sets a category's budgeted amount for a month (absolute, milliunits); returns the amount YNAB's
   * answer shows (null when the answer shows none), so that the caller can verify it.
   */
  async setBudgeted(
    plan: string,
    month: string,
    categoryId: string,
    budgeted: number,
  ): Promise<number | null> {
    const data = await this.send<{ category?: { budgeted?: unknown } }>(
      ENDPOINTS.updateMonthCategory,
      [plan, month, categoryId],
      { body: { category: { budgeted } } },
    );
    const shown = data.category?.budgeted;
    return typeof shown === 'number' ? shown : null;
  }
}

/**
 * Money movements and their groups. YNAB's answers carry a server knowledge but its specification
 * (1.86.0) takes no `last_knowledge_of_server` for them, so they are read whole, never cached: one
 * month through the month routes, several months through the plan-wide ones (one request each way,
 * however many months).
 */
class MoneyMovements extends Resource {
  async list(plan: string, month?: string): Promise<YnabMoneyMovement[]> {
    const data = await this.send<{ money_movements?: YnabMoneyMovement[] }>(
      month === undefined ? ENDPOINTS.listMoneyMovements : ENDPOINTS.listMonthMoneyMovements,
      month === undefined ? [plan] : [plan, month],
    );
    return data.money_movements ?? [];
  }

  async groups(plan: string, month?: string): Promise<YnabMoneyMovementGroup[]> {
    const data = await this.send<{ money_movement_groups?: YnabMoneyMovementGroup[] }>(
      month === undefined ? ENDPOINTS.listMoneyMovementGroups : ENDPOINTS.listMonthMoneyMovementGroups,
      month === undefined ? [plan] : [plan, month],
    );
    return data.money_movement_groups ?? [];
  }
}

class Payees extends Resource {
  list(plan: string): Promise<readonly YnabPayee[]> {
    const f = this.fetcher<YnabPayee>(ENDPOINTS.listPayees, plan, 'payees');
    return lentOr(plan, 'payees', () =>
      this.versioned(plan, f, (fetch) => this.cache.list(plan, 'payees', byId, fetch)),
    );
  }

  /** Renames a payee; returns it as YNAB's answer shows it (null when the answer shows none). */
  async rename(plan: string, payeeId: string, name: string): Promise<YnabPayee | null> {
    const data = await this.send<Record<string, unknown>>(ENDPOINTS.updatePayee, [plan, payeeId], {
      body: { payee: { name } },
    });
    return shownOf<YnabPayee>(data, 'payee');
  }
}

class Scheduled extends Resource {
  list(plan: string): Promise<readonly YnabScheduledTransaction[]> {
    const f = this.fetcher<YnabScheduledTransaction>(ENDPOINTS.listScheduled, plan, 'scheduled_transactions');
    return this.versioned(plan, f, (fetch) => this.cache.list(plan, 'scheduled', byId, fetch));
  }

  /** Every scheduled transaction changed since `knowledge` (deleted ones included), outside the cache. */
  async changedSince(plan: string, knowledge: number | undefined): Promise<YnabScheduledTransaction[]> {
    const data = await this.send<{ scheduled_transactions?: YnabScheduledTransaction[] }>(
      ENDPOINTS.listScheduled,
      [plan],
      { query: { last_knowledge_of_server: knowledge } },
    );
    return data.scheduled_transactions ?? [];
  }

  /** What changed since `knowledge` (deleted ones included) and the knowledge now, outside the cache. */
  delta(plan: string, knowledge: number): Promise<Fetched<YnabScheduledTransaction>> {
    return this.fetcher<YnabScheduledTransaction>(
      ENDPOINTS.listScheduled,
      plan,
      'scheduled_transactions',
    )(knowledge);
  }

  /** Creates a scheduled transaction; returns it as YNAB stored it (its id, its payee's id). */
  async create(plan: string, body: ScheduledBody): Promise<YnabScheduledTransaction> {
    return this.saved(ENDPOINTS.createScheduled, [plan], body);
  }

  /** Replaces a scheduled transaction whole (YNAB's update takes the complete object). */
  async replace(plan: string, id: string, body: ScheduledBody): Promise<YnabScheduledTransaction> {
    return this.saved(ENDPOINTS.updateScheduled, [plan, id], body);
  }

  /** Deletes a scheduled transaction; returns it as YNAB's answer shows it. */
  async delete(plan: string, id: string): Promise<YnabScheduledTransaction | null> {
    const data = await this.send<Record<string, unknown>>(ENDPOINTS.deleteScheduled, [plan, id]);
    return shownOf<YnabScheduledTransaction>(data, 'scheduled_transaction');
  }

  private async saved(endpoint: Endpoint, values: string[], body: ScheduledBody) {
    const data = await this.send<{ scheduled_transaction: YnabScheduledTransaction }>(endpoint, values, {
      body: { scheduled_transaction: body },
    });
    return data.scheduled_transaction;
  }
}

class Transactions extends Resource {
  /**
   * The ids each plan's reads have shown deleted: a delta carries a deletion once, and the list drops
   * the row, so this is what lets get_transaction say that an id it no longer finds was deleted.
   */
  readonly #deleted = new Map<string, Set<string>>();

  /** Every non-deleted transaction of the plan. */
  list(plan: string): Promise<readonly YnabTransaction[]> {
    const f = this.fetcher<YnabTransaction>(ENDPOINTS.listTransactions, plan, 'transactions', {
      since_date: EARLY,
    });
    const observed: Fetcher<YnabTransaction> = async (knowledge) => {
      const got = await f(knowledge);
      for (const t of got.rows) if (t.deleted) this.#deletedOf(plan).add(t.id);
      return got;
    };
    return this.versioned(plan, observed, (fetch) => this.cache.list(plan, 'transactions', byId, fetch));
  }

  /** Whether a read of the plan's transactions showed this one deleted. */
  wasDeleted(plan: string, id: string): boolean {
    return this.#deleted.get(plan)?.has(id) === true;
  }

  #deletedOf(plan: string): Set<string> {
    let ids = this.#deleted.get(plan);
    if (ids === undefined) this.#deleted.set(plan, (ids = new Set()));
    return ids;
  }

  /**
   * Every transaction changed since `knowledge` (deleted ones included), outside the cache: what a
   * write whose answer was lost may have created. Without a knowledge, every transaction.
   */
  async changedSince(plan: string, knowledge: number | undefined): Promise<YnabTransaction[]> {
    const data = await this.send<{ transactions?: YnabTransaction[] }>(ENDPOINTS.listTransactions, [plan], {
      query: { since_date: EARLY, last_knowledge_of_server: knowledge },
    });
    return data.transactions ?? [];
  }

  /** What changed since `knowledge` (deleted ones included) and the knowledge now, outside the cache. */
  delta(plan: string, knowledge: number): Promise<Fetched<YnabTransaction>> {
    return this.fetcher<YnabTransaction>(ENDPOINTS.listTransactions, plan, 'transactions', {
      since_date: EARLY,
    })(knowledge);
  }

  /** One bulk update; returns the transactions as YNAB's answer shows them (null: it shows none). */
  async updateShowing(plan: string, rows: readonly TransactionPatch[]): Promise<YnabTransaction[] | null> {
    const data = await this.send<{ transactions?: unknown }>(ENDPOINTS.updateTransactions, [plan], {
      body: { transactions: rows },
    });
    return Array.isArray(data.transactions) ? (data.transactions as YnabTransaction[]) : null;
  }

  /** One bulk update; returns the ids YNAB reports as updated. */
  async update(plan: string, rows: readonly TransactionPatch[]): Promise<string[]> {
    const data = await this.send<{ transaction_ids?: string[] }>(ENDPOINTS.updateTransactions, [plan], {
      body: { transactions: rows },
    });
    return data.transaction_ids ?? [];
  }

  /** Creates transactions: their new ids in the order sent, and the import ids YNAB already had. */
  async create(plan: string, rows: readonly NewTransactionBody[]): Promise<Created> {
    const data = await this.send<Partial<Created>>(ENDPOINTS.createTransactions, [plan], {
      body: { transactions: rows },
    });
    return {
      transaction_ids: data.transaction_ids ?? [],
      duplicate_import_ids: data.duplicate_import_ids ?? [],
      transactions: Array.isArray(data.transactions) ? data.transactions : null,
    };
  }

  /**
   * Asks YNAB to import what the linked accounts hold; returns the new ids, or null when the answer
   * shows no list of ids (it says nothing about what the import brought).
   */
  async import(plan: string): Promise<string[] | null> {
    const data = await this.send<{ transaction_ids?: unknown }>(ENDPOINTS.importTransactions, [plan]);
    const ids = data.transaction_ids;
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : null;
  }

  /** Deletes a transaction; returns it as YNAB's answer shows it (null when the answer shows none). */
  async delete(plan: string, transactionId: string): Promise<YnabTransaction | null> {
    const data = await this.send<Record<string, unknown>>(ENDPOINTS.deleteTransaction, [plan, transactionId]);
    return shownOf<YnabTransaction>(data, 'transaction');
  }
}

/** What the client is built with besides its HTTP client. */
export interface YnabClientOptions {
  /** The freshness window (freshness.ts); without it, every read asks YNAB. */
  freshness?: FreshnessOptions;
  /**
   * Called after each write request is sent to a plan (undefined: `last-used`, any plan), whatever its
   * outcome: hosted mode tells the other instances, whose windows end too (hosted/plan-writes.ts).
   */
  written?: (plan: string | undefined) => void;
}

export class YnabClient {
  readonly cache: DeltaCache;
  readonly plans: Plans;
  readonly accounts: Accounts;
  readonly categories: Categories;
  readonly months: Months;
  readonly moneyMovements: MoneyMovements;
  readonly payees: Payees;
  readonly scheduled: Scheduled;
  readonly transactions: Transactions;

  /**
   * The newest server knowledge any cached list of the plan came with (undefined when none was read):
   * every change YNAB makes after it shows in a read since it, which is how a create whose answer was
   * lost is told from an older, identical transaction.
   */
  knowledge(plan: string): number | undefined {
    return this.cache.knowledge(plan);
  }

  constructor(http: YnabHttp, options: YnabClientOptions = {}) {
    this.cache = new DeltaCache(new Freshness(options.freshness));
    const { written } = options;
    const send: Send = async (endpoint, values, options) => {
      const path = segments(endpoint, values);
      const plan = endpoint.path.startsWith('/plans/{plan_id}') ? values[0] : undefined;
      try {
        return await http.request(endpoint.method, path, options);
      } catch (error) {
        if (plan === undefined || plan === LAST_USED) throw error;
        throw await explainNotFound(error, plan, async () => this.plans.known ?? (await this.plans.list()));
      } finally {
        // every write of every tool, undo and settling passes here: whatever its outcome, the plan's
        // next read asks YNAB (for last-used, whose plan is not known here, every plan's)
        if (endpoint.method !== 'GET' && plan !== undefined) {
          this.cache.expire(plan === LAST_USED ? undefined : plan);
          written?.(plan === LAST_USED ? undefined : plan);
        }
      }
    };
    this.plans = new Plans(send, this.cache);
    this.accounts = new Accounts(send, this.cache);
    this.categories = new Categories(send, this.cache);
    this.months = new Months(send, this.cache);
    this.moneyMovements = new MoneyMovements(send, this.cache);
    this.payees = new Payees(send, this.cache);
    this.scheduled = new Scheduled(send, this.cache);
    this.transactions = new Transactions(send, this.cache);
  }
}
