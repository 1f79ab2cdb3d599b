/**
 * Delta sync end to end: every list YNAB versions is cached per real plan id and refreshed with
 * `last_knowledge_of_server`, the changed and deleted rows merged in (never replacing the list; an empty
 * delta keeps it). Through `YnabClient` over real loopback HTTP against the stand-in, then through a real
 * MCP client. The bytes YNAB sent are the body bytes the stand-in counts. Then the client-layer
 * failures (rate limit, retries) as a tool call reads them.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps, type Deps } from '../../src/deps.js';
import { buildDemoPlan } from '../../src/demo/index.js';
import { silentLog } from '../../src/log.js';
import type { YnabClient } from '../../src/ynab/api.js';
import { ERAS, call, connect, textOf, type Harness, type Session } from '../helpers/harness.js';

const PLAN = 'demo-budget';
const P = `/plans/${PLAN}`;

it.beforeAll(({ h }) => {
  // each read here must reach YNAB: what is counted is the delta request itself, and the changes
  // another app makes between two reads a few milliseconds apart
  h.env.AVENIR_MCP_FRESH_SECONDS = '0';
});

/** A write sent to the stand-in directly, as another YNAB app would (not counted, not cached). */
async function write(h: Harness, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${h.standIn.url}${path}`, {
    method,
    headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
}

/** Runs `read` and returns its result with the YNAB requests and bytes it cost. */
async function measure<T>(
  h: Harness,
  read: () => Promise<T>,
): Promise<{ result: T; requests: number; bytes: number }> {
  const requests = h.standIn.requests.length;
  const before = h.standIn.bytesSent();
  const result = await read();
  return { result, requests: h.standIn.requests.length - requests, bytes: h.standIn.bytesSent() - before };
}

/** The `last_knowledge_of_server` of the last request, undefined when it was a full read. */
const lastKnowledge = (h: Harness): string | undefined =>
  h.standIn.requests.at(-1)?.query.last_knowledge_of_server;

type Read = (ynab: YnabClient, plan: string) => Promise<readonly unknown[]>;
const LISTS: [string, string, Read][] = [
  ['accounts', 'accounts', (y, p) => y.accounts.list(p)],
  ['categories', 'categories', (y, p) => y.categories.groups(p)],
  ['payees', 'payees', (y, p) => y.payees.list(p)],
  ['months', 'months', (y, p) => y.months.list(p)],
  ['scheduled transactions', 'scheduled_transactions', (y, p) => y.scheduled.list(p)],
  ['transactions', 'transactions', (y, p) => y.transactions.list(p)],
];

describe('YnabClient over HTTP: every versioned list', () => {
  let deps: Deps;
  it.beforeEach(({ h }) => {
    h.standIn.reset();
    deps = createDeps(loadConfig(h.env), silentLog);
  });

  it.for(LISTS)(
    '%s: the second read sends the knowledge the first answered, for the same result at a fraction of the bytes',
    async ([_name, route, read], { h }) => {
      await write(h, 'PATCH', `${P}/payees/pay-030`, { payee: { name: 'STREAMFLIX SA' } });
      expect(h.standIn.knowledge()).toBe(2);
      const cold = await measure(h, () => read(deps.ynab, PLAN));
      expect(h.standIn.requests.at(-1)?.path).toBe(`${P}/${route}`);
      expect(lastKnowledge(h)).toBeUndefined();
      const warm = await measure(h, () => read(deps.ynab, PLAN));
      expect(lastKnowledge(h)).toBe('2');
      expect(warm.result).toEqual(cold.result);
      expect(cold.result.length).toBeGreaterThan(0);
      expect([cold.requests, warm.requests]).toEqual([1, 1]);
      expect(warm.bytes).toBeLessThan(cold.bytes / 4);
      if (route === 'transactions') {
        expect(h.standIn.requests.slice(-2).map((r) => r.query.since_date)).toEqual([
          '1970-01-01',
          '1970-01-01',
        ]);
      }
    },
  );

  it('a deleted transaction disappears, and its account balance follows', async ({ h }) => {
    const before = await deps.ynab.transactions.list(PLAN);
    const accounts = await deps.ynab.accounts.list(PLAN);
    const gone = before.find((t) => t.id === 'tx-001')!;
    await write(h, 'DELETE', `${P}/transactions/tx-001`);
    const after = await deps.ynab.transactions.list(PLAN);
    expect(lastKnowledge(h)).toBe('1');
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id).filter((id) => id !== 'tx-001'));
    const balance = (list: typeof accounts) => list.find((a) => a.id === gone.account_id)!.balance;
    expect(balance(await deps.ynab.accounts.list(PLAN))).toBe(balance(accounts) - gone.amount);
  });

  it('a renamed payee is renamed in the payees, its transactions and its schedules', async ({ h }) => {
    await Promise.all([
      deps.ynab.payees.list(PLAN),
      deps.ynab.transactions.list(PLAN),
      deps.ynab.scheduled.list(PLAN),
    ]);
    await write(h, 'PATCH', `${P}/payees/pay-025`, { payee: { name: 'LANDLORD & CO' } });
    const payees = await deps.ynab.payees.list(PLAN);
    expect(payees.find((p) => p.id === 'pay-025')?.name).toBe('LANDLORD & CO');
    expect(payees).toHaveLength(43);
    const rent = (await deps.ynab.transactions.list(PLAN)).filter((t) => t.payee_id === 'pay-025');
    expect(rent.length).toBeGreaterThan(0);
    expect(rent.every((t) => t.payee_name === 'LANDLORD & CO')).toBe(true);
    const schedule = (await deps.ynab.scheduled.list(PLAN)).find((s) => s.id === 'sch-rent');
    expect(schedule?.payee_name).toBe('LANDLORD & CO');
    expect(h.standIn.requests.slice(-3).map((r) => r.query.last_knowledge_of_server)).toEqual([
      '1',
      '1',
      '1',
    ]);
  });

  it('a new transaction appears at the end, with a new payee', async ({ h }) => {
    const before = await deps.ynab.transactions.list(PLAN);
    const payees = await deps.ynab.payees.list(PLAN);
    await write(h, 'POST', `${P}/transactions`, {
      transactions: [
        {
          account_id: 'acc-checking',
          date: '2026-09-24',
          amount: -12_340,
          payee_name: 'CB NEW SHOP FACT 240926 525130******1',
          cleared: 'cleared',
          approved: true,
        },
      ],
    });
    const after = await deps.ynab.transactions.list(PLAN);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ id: 'tx-226', amount: -12_340, date: '2026-09-24' });
    expect((await deps.ynab.payees.list(PLAN)).map((p) => p.name)).toEqual([
      ...payees.map((p) => p.name),
      'CB NEW SHOP FACT 240926 525130******1',
    ]);
  });

  it('a category moved to another group leaves its old one', async ({ h }) => {
    const tree = async () =>
      (await deps.ynab.categories.groups(PLAN)).map((g) => [g.id, g.categories.map((c) => c.id)]);
    const before = await tree();
    expect(before).toContainEqual(['grp-fun', ['cat-tennis', 'cat-subscriptions']]);
    await write(h, 'PATCH', `${P}/categories/cat-tennis`, { category: { category_group_id: 'grp-bills' } });
    const after = await tree();
    expect(lastKnowledge(h)).toBe('1');
    expect(after).toEqual(
      before.map(([id, cats]) =>
        id === 'grp-fun'
          ? [id, ['cat-subscriptions']]
          : id === 'grp-bills'
            ? [id, [...(cats as string[]), 'cat-tennis']]
            : [id, cats],
      ),
    );
    const tennis = (await deps.ynab.categories.groups(PLAN))
      .flatMap((g) => g.categories)
      .find((c) => c.id === 'cat-tennis');
    expect(tennis).toMatchObject({ category_group_id: 'grp-bills', category_group_name: 'Bills' });
  });

  it('a budget change shows in the months list, which keeps its order', async ({ h }) => {
    const before = await deps.ynab.months.list(PLAN);
    await write(h, 'PATCH', `${P}/months/2026-08-01/categories/cat-rent`, {
      category: { budgeted: 1_000_000 },
    });
    const after = await deps.ynab.months.list(PLAN);
    expect(lastKnowledge(h)).toBe('1');
    expect(after.map((m) => m.month)).toEqual(before.map((m) => m.month));
    const august = (list: typeof before) => list.find((m) => m.month === '2026-08-01')!.budgeted;
    expect(august(after)).toBe(august(before) + 50_000);
  });

  it('keeps one copy per plan id', async ({ h }) => {
    await deps.ynab.accounts.list(PLAN);
    const second = buildDemoPlan();
    second.plan = { ...second.plan, id: 'second-plan' };
    second.accounts = second.accounts.map((a) => ({ ...a, name: `${a.name} (2)` }));
    h.standIn.reset(second);
    const other = await deps.ynab.accounts.list('second-plan');
    expect(lastKnowledge(h)).toBeUndefined();
    expect(other.every((a) => a.name.endsWith(' (2)'))).toBe(true);
    h.standIn.reset();
    const again = await deps.ynab.accounts.list(PLAN);
    expect(lastKnowledge(h)).toBe('1');
    expect(again.some((a) => a.name.endsWith(' (2)'))).toBe(false);
  });

  it.for(LISTS)("%s: 'last-used' never uses nor fills the cache", async ([_name, route, read], { h }) => {
    await read(deps.ynab, 'last-used');
    await read(deps.ynab, PLAN);
    await read(deps.ynab, 'last-used');
    await read(deps.ynab, PLAN);
    expect(h.standIn.requests.map((r) => [r.path, r.query.last_knowledge_of_server])).toEqual([
      [`/plans/last-used/${route}`, undefined],
      [`${P}/${route}`, undefined],
      [`/plans/last-used/${route}`, undefined],
      [`${P}/${route}`, '1'],
    ]);
  });

  it("'last-used' reads the whole transaction history and leaves deleted rows out", async ({ h }) => {
    await write(h, 'DELETE', `${P}/transactions/tx-002`);
    const rows = await deps.ynab.transactions.list('last-used');
    expect(h.standIn.requests.at(-1)?.query).toEqual({ since_date: '1970-01-01' });
    expect(rows).toHaveLength(225);
    expect(rows.some((t) => t.id === 'tx-002')).toBe(false);
  });

  it('cache.reset() starts cold again', async ({ h }) => {
    const cold = await measure(h, () => deps.ynab.transactions.list(PLAN));
    await deps.ynab.categories.groups(PLAN);
    deps.ynab.cache.reset();
    const again = await measure(h, () => deps.ynab.transactions.list(PLAN));
    expect(lastKnowledge(h)).toBeUndefined();
    await deps.ynab.categories.groups(PLAN);
    expect(lastKnowledge(h)).toBeUndefined();
    expect(again.bytes).toBe(cold.bytes);
    expect(again.result).toEqual(cold.result);
  });
});

describe.each(ERAS)('list tools over delta sync, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  const tool = (h: Harness, name: string, args: Record<string, unknown> = {}) =>
    measure(h, async () => {
      const r = await call(s, name, { plan_id: PLAN, ...args });
      expect(r.isError, textOf(r)).toBeFalsy();
      return r.structuredContent as Record<string, unknown>;
    });

  it('list_accounts: a warm call costs one request and far fewer bytes; a deleted transaction moves the balance', async ({
    h,
  }) => {
    const cold = await tool(h, 'list_accounts');
    const warm = await tool(h, 'list_accounts');
    expect(warm.result).toEqual(cold.result);
    expect([cold.requests, warm.requests]).toEqual([1, 1]);
    expect(warm.bytes).toBeLessThan(cold.bytes / 4);
    expect(lastKnowledge(h)).toBe('1');
    await write(h, 'DELETE', `${P}/transactions/tx-001`);
    const tx = h.standIn.state.transactions.find((t) => t.id === 'tx-001')!;
    const after = await tool(h, 'list_accounts');
    const balance = (r: Record<string, unknown>) =>
      (r.result as { id: string; balance: number }[]).find((a) => a.id === tx.account_id)!.balance;
    expect(balance(after.result)).toBeCloseTo(balance(cold.result) - tx.amount / 1000, 6);
  });

  it('list_payees: warm in two small requests; a renamed payee is renamed', async ({ h }) => {
    const cold = await tool(h, 'list_payees', { search: 'STREAMFLIX' });
    const warm = await tool(h, 'list_payees', { search: 'STREAMFLIX' });
    expect(warm.result).toEqual(cold.result);
    expect([cold.requests, warm.requests]).toEqual([2, 2]);
    expect(warm.bytes).toBeLessThan(cold.bytes / 4);
    expect(h.standIn.requests.slice(-2).map((r) => r.query.last_knowledge_of_server)).toEqual(['1', '1']);
    await write(h, 'PATCH', `${P}/payees/pay-030`, { payee: { name: 'STREAMFLIX EUROPE' } });
    const renamed = await tool(h, 'list_payees', { search: 'STREAMFLIX' });
    const payees = renamed.result.payees as { payee_id: string; name: string; transactions: number }[];
    expect(payees.map((p) => [p.payee_id, p.name])).toEqual([['pay-030', 'STREAMFLIX EUROPE']]);
    expect(payees[0]?.transactions).toBe((cold.result.payees as { transactions: number }[])[0]?.transactions);
  });

  it('list_category_groups: a delta listing one group with one category keeps every group', async ({ h }) => {
    const cold = await tool(h, 'list_category_groups');
    await write(h, 'PATCH', `${P}/categories/cat-tennis`, { category: { name: 'Padel' } });
    const warm = await tool(h, 'list_category_groups');
    expect(lastKnowledge(h)).toBe('1');
    expect(warm.result).toEqual(cold.result);
    expect(warm.bytes).toBeLessThan(cold.bytes);
    await write(h, 'PATCH', `${P}/categories/cat-tennis`, { category: { category_group_id: 'grp-bills' } });
    expect((await tool(h, 'list_category_groups')).result).toEqual(cold.result);
  });
});

describe('client-layer failures as a tool call reads them', () => {
  let s: Session;
  let waits: number[];
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    waits = [];
    s = await connect(h, 'modern', {
      overrides: {
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    });
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('a 429 with Retry-After: 120 pauses every request: the next call sends nothing', async ({ h }) => {
    h.standIn.fault({ path: `${P}/accounts`, status: 429, retryAfter: '120' });
    const first = await call(s, 'list_accounts', { plan_id: PLAN });
    expect(first.isError).toBe(true);
    expect(textOf(first)).toBe(
      "Error calling tool 'list_accounts': YNAB 429: the limit of 200 requests per hour for this token is reached (other apps using the same token count too). avenir-mcp retries nothing and sends no request for 2 minutes. Tell the user; do not retry before then.",
    );
    expect(h.standIn.requests).toHaveLength(1);
    const next = await call(s, 'list_payees', { plan_id: PLAN });
    expect(next.isError).toBe(true);
    expect(textOf(next)).toBe(
      "Error calling tool 'list_payees': YNAB's limit of 200 requests per hour was reached. Nothing was sent: avenir-mcp calls YNAB again in 2 minutes. Tell the user; do not retry before then.",
    );
    expect(h.standIn.requests).toHaveLength(1);
  });

  it('a 503 on a GET is retried and the call succeeds', async ({ h }) => {
    h.standIn.fault({ path: `${P}/accounts`, status: 503 });
    const r = await call(s, 'list_accounts', { plan_id: PLAN });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { result: unknown[] }).result).toHaveLength(6);
    expect(h.standIn.requests.map((x) => x.status)).toEqual([503, 200]);
    expect(waits).toHaveLength(1);
  });

  it('a connection dropped three times gives up after 3 attempts', async ({ h }) => {
    h.standIn.fault({ path: `${P}/accounts`, drop: true, times: 3 });
    const r = await call(s, 'list_accounts', { plan_id: PLAN });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /^Error calling tool 'list_accounts': YNAB could not be reached after 3 attempts \(ECONNRESET: .+\)\. Nothing was changed\. Try again in a few minutes\.$/,
    );
    expect(h.standIn.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });
});
