/**
 * Typed YNAB reads and writes over `YnabHttp` (spec core.md §1.13, read-tools.md §2.7). Every list YNAB
 * versions goes through the delta cache for a real plan id; `last-used` bypasses it (D26).
 */
import type { Method, RequestOptions, YnabHttp } from './client.js';
import { DeltaCache, type Fetched } from './cache.js';
import type {
  YnabAccount,
  YnabCategoryGroup,
  YnabMonthDetail,
  YnabMonthSummary,
  YnabPayee,
  YnabPlan,
  YnabScheduledTransaction,
  YnabTransaction,
} from './types.js';

export const LAST_USED = 'last-used';
const EARLY = '1970-01-01';

interface Deletable {
  deleted?: boolean;
}
const live = <T extends Deletable>(rows: T[]): T[] => rows.filter((r) => r.deleted !== true);
const byId = (row: { id: string }): string => row.id;

export class YnabClient {
  readonly http: YnabHttp;
  readonly cache = new DeltaCache();
  constructor(http: YnabHttp) {
    this.http = http;
  }

  request<T>(method: Method, segments: readonly string[], options?: RequestOptions): Promise<T> {
    return this.http.request<T>(method, segments, options);
  }

  async plans(): Promise<YnabPlan[]> {
    const data = await this.request<{ plans: YnabPlan[] }>('GET', ['plans']);
    return data.plans;
  }

  /** A versioned list: cached for a real plan id, a plain full read for `last-used`. */
  async #list<T extends Deletable>(
    planId: string,
    fetch: (knowledge: number | undefined) => Promise<Fetched<T>>,
    cached: (fetch: (knowledge: number | undefined) => Promise<Fetched<T>>) => Promise<T[]>,
  ): Promise<T[]> {
    if (planId === LAST_USED) return live((await fetch(undefined)).rows);
    return cached(fetch);
  }

  #fetcher<T>(planId: string, path: string, field: string, query: Record<string, string> = {}) {
    return async (knowledge: number | undefined): Promise<Fetched<T>> => {
      const data = await this.request<Record<string, unknown>>('GET', ['plans', planId, path], {
        query: { ...query, last_knowledge_of_server: knowledge },
      });
      return { rows: (data[field] ?? []) as T[], knowledge: Number(data.server_knowledge ?? 0) };
    };
  }

  accounts(planId: string): Promise<YnabAccount[]> {
    const f = this.#fetcher<YnabAccount>(planId, 'accounts', 'accounts');
    return this.#list(planId, f, (fetch) => this.cache.list(planId, 'accounts', byId, fetch));
  }

  async categoryGroups(planId: string): Promise<YnabCategoryGroup[]> {
    const f = this.#fetcher<YnabCategoryGroup>(planId, 'categories', 'category_groups');
    const groups = await this.#list(planId, f, (fetch) => this.cache.groups(planId, fetch));
    return groups.map((g) => ({ ...g, categories: live(g.categories) }));
  }

  payees(planId: string): Promise<YnabPayee[]> {
    const f = this.#fetcher<YnabPayee>(planId, 'payees', 'payees');
    return this.#list(planId, f, (fetch) => this.cache.list(planId, 'payees', byId, fetch));
  }

  months(planId: string): Promise<YnabMonthSummary[]> {
    const f = this.#fetcher<YnabMonthSummary>(planId, 'months', 'months');
    return this.#list(planId, f, (fetch) => this.cache.list(planId, 'months', (m) => m.month, fetch));
  }

  scheduled(planId: string): Promise<YnabScheduledTransaction[]> {
    const f = this.#fetcher<YnabScheduledTransaction>(
      planId,
      'scheduled_transactions',
      'scheduled_transactions',
    );
    return this.#list(planId, f, (fetch) => this.cache.list(planId, 'scheduled', byId, fetch));
  }

  /**
   * Every non-deleted transaction, since a fixed early date (D25; not a filter, so cached). Always
   * 1970-01-01 rather than the plan's first_month: YNAB plans (the demo's among them) can hold
   * transactions dated before their first month, and history-wide tools must see them.
   */
  transactions(planId: string): Promise<YnabTransaction[]> {
    const f = this.#fetcher<YnabTransaction>(planId, 'transactions', 'transactions', { since_date: EARLY });
    return this.#list(planId, f, (fetch) => this.cache.list(planId, 'transactions', byId, fetch));
  }

  /** One month with its categories (never cached). */
  async month(planId: string, month: string): Promise<YnabMonthDetail> {
    const data = await this.request<{ month: YnabMonthDetail }>('GET', ['plans', planId, 'months', month]);
    return data.month;
  }
}
