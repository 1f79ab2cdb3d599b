/**
 * MCP Apps through a real client in both eras, without a browser: what a client that renders Apps is
 * offered (the card's tools, the views, a view on each confirmed write and charted read), that a
 * client without the extension is offered none of it, and the approval protocol itself — a card
 * preview carries no code, the ticket gives its secret once, the secret applies exactly once, binds
 * the previewed change and is refused when forged, reused or old.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf, type Session, writeLines } from '../helpers/harness.js';
import { fakeClock } from '../helpers/writes.js';
import {
  APPROVAL_VIEW,
  CHART_META_KEY,
  CHART_VIEW,
  DIGEST_VIEW,
  VIEW_META_KEY,
} from '../../src/mcp/app-views.js';
import { CHART_META_KEY as VIEW_CHART_META_KEY } from '../../views/chart-data.js';
import { E_PLAN_CHANGED } from '../../src/safety/confirm.js';
import { SECRET_META_KEY, TICKET_META_KEY } from '../../src/mcp/register-apps.js';
import { req } from '../requirements.js';

export const APPS = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 22.5,
};
const RECONCILE = { plan_id: 'demo-budget', account_id: 'acc-savings', bank_balance: 590, adjust: true };
const FAULT_500 = '{"error":{"id":"500","name":"internal_error","detail":"internal error"}}';
const ticketOf = (r: { _meta?: unknown }) =>
  ((r._meta as Record<string, { ticket: string }>)[TICKET_META_KEY] as { ticket: string }).ticket;
const secretOf = (r: { _meta?: unknown }) =>
  (r._meta as Record<string, { secret?: string } | undefined> | undefined)?.[SECRET_META_KEY]?.secret;

// each test starts afresh, as on a stand-in of its own: the demo plan as built, nothing recorded, and
// a journal (with the digest's mark beside it) of its own
it.beforeEach(({ h, journal }) => {
  h.standIn.reset();
  h.env.AVENIR_MCP_JOURNAL = journal;
});

describe.each(ERAS)('MCP Apps offered only to clients that declare them (%s)', (era) => {
  it('lists the card tools, the views and each tool view for a client with Apps', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { tools } = await s.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('open_approval')?._meta?.ui).toEqual({
      resourceUri: APPROVAL_VIEW,
      visibility: ['app'],
    });
    expect(byName.get('answer_approval')?._meta?.ui).toEqual({
      resourceUri: APPROVAL_VIEW,
      visibility: ['app'],
    });
    expect(byName.get('move_money')?._meta).toEqual({
      ui: { resourceUri: APPROVAL_VIEW },
      'ui/resourceUri': APPROVAL_VIEW,
    });
    expect(byName.get('forecast_balance')?._meta?.ui).toEqual({ resourceUri: CHART_VIEW });
    expect(byName.get('get_digest')?._meta?.ui).toEqual({ resourceUri: DIGEST_VIEW });
    // immediate writes and other reads have no view
    expect(byName.get('approve_transactions')?._meta).toBeUndefined();
    expect(byName.get('list_accounts')?._meta).toBeUndefined();
    // the forecast's day-by-day balance, for its chart only: the answer itself is unchanged
    const forecast = await call(s, 'forecast_balance', { plan_id: 'demo-budget', until: '2026-10' });
    const daily = (forecast._meta?.['avenir-mcp/view-data'] as { daily: { date: string }[] }).daily;
    expect([daily[0]?.date, daily.at(-1)?.date, daily.length]).toEqual(['2026-09-26', '2026-10-31', 36]);
    expect(Object.keys(forecast.structuredContent as object)).not.toContain('daily');
    // the chart the view draws, named by the tool's definition (the view's key is the server's)
    expect(forecast._meta?.[CHART_META_KEY]).toBe('forecast');
    expect(VIEW_CHART_META_KEY).toBe(CHART_META_KEY);
    const trends = await call(s, 'get_spending_trends', { plan_id: 'demo-budget', months_count: 3 });
    expect(trends._meta?.[CHART_META_KEY]).toBe('spending');
    expect(
      (await call(s, 'list_accounts', { plan_id: 'demo-budget' }))._meta?.[CHART_META_KEY],
    ).toBeUndefined();
    const { resources } = await s.client.listResources();
    expect(resources.filter((r) => r.uri.startsWith('ui://')).map((r) => [r.uri, r.mimeType])).toEqual([
      [APPROVAL_VIEW, 'text/html;profile=mcp-app'],
      [CHART_VIEW, 'text/html;profile=mcp-app'],
      [DIGEST_VIEW, 'text/html;profile=mcp-app'],
    ]);
  });

  it('names the digest view in get_digest’s results, declared by its definition, and no chart', async ({
    h,
  }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const digest = await call(s, 'get_digest', { plan_id: 'demo-budget' });
    expect(digest._meta?.[VIEW_META_KEY]).toBe('digest');
    expect(digest._meta?.[CHART_META_KEY]).toBeUndefined();
    const forecast = await call(s, 'forecast_balance', { plan_id: 'demo-budget', until: '2026-10' });
    expect(forecast._meta?.[VIEW_META_KEY]).toBeUndefined();
    const page = (await s.client.readResource({ uri: DIGEST_VIEW })).contents[0] as { text: string };
    expect(page.text).toContain('<title>Digest</title>');
  });

  it('offers a client without Apps nothing of them, and answers their names like unknown ones', async ({
    h,
  }) => {
    const s = await connect(h, era);
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('open_approval');
    expect(tools.filter((t) => t._meta !== undefined)).toEqual([]);
    const { resources } = await s.client.listResources();
    expect(resources.filter((r) => r.uri.startsWith('ui://'))).toEqual([]);
    const unknown = async (name: string) =>
      call(s, name, { ticket: 'x' }).then(
        (r) => JSON.stringify(r),
        (e: Error) => e.message,
      );
    expect((await unknown('open_approval')).replace('open_approval', 'NAME')).toBe(
      (await unknown('no_such_tool')).replace('no_such_tool', 'NAME'),
    );
    const read = async (uri: string) =>
      s.client.readResource({ uri }).then(
        () => 'read',
        (e: Error) => e.message,
      );
    expect((await read(APPROVAL_VIEW)).replace(APPROVAL_VIEW, 'URI')).toBe(
      (await read('ui://avenir-mcp/none.html')).replace('ui://avenir-mcp/none.html', 'URI'),
    );
    const forecast = await call(s, 'forecast_balance', { plan_id: 'demo-budget', until: '2026-10' });
    expect(forecast._meta?.['avenir-mcp/view-data']).toBeUndefined();
    expect(forecast._meta?.[CHART_META_KEY]).toBeUndefined();
    const digest = await call(s, 'get_digest', { plan_id: 'demo-budget' });
    expect(digest._meta?.[VIEW_META_KEY]).toBeUndefined();
    // the write itself answers with a code, as before
    const preview = await call(s, 'move_money', MOVE);
    expect(preview.structuredContent).toMatchObject({ status: 'confirmation_required' });
    expect(typeof (preview.structuredContent as { confirmation: unknown }).confirmation).toBe('string');
    expect(preview._meta?.[TICKET_META_KEY]).toBeUndefined();
  });
});

describe.each(ERAS)('the approval card protocol (%s)', (era) => {
  const preview = async (s: Session) => {
    const r = await call(s, 'move_money', MOVE);
    return { r, ticket: ticketOf(r) };
  };
  const open = async (s: Session, ticket: string) => {
    const r = await call(s, 'open_approval', { ticket });
    return { question: (r.structuredContent as { question: string }).question, secret: String(secretOf(r)) };
  };

  it('previews without a code, applies once with the secret, refuses a second answer', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { r, ticket } = await preview(s);
    const out = r.structuredContent as Record<string, unknown>;
    expect(out.status).toBe('confirmation_required');
    expect(out.confirmation).toBeNull();
    expect(out.message).toContain('approval card');
    expect(out.message).toContain('Move 22.50 from Holidays to Restaurants');
    const opened = await open(s, ticket);
    expect(opened.question).toContain('Holidays: budgeted 200.00 → 177.50');
    // what the model read holds neither a code nor the secret
    expect(JSON.stringify(r)).not.toContain(opened.secret);
    expect(writeLines(h)).toEqual([]);
    const applied = await call(s, 'answer_approval', { secret: opened.secret, approve: true });
    expect(applied.structuredContent).toMatchObject({ status: 'applied', amount: 22.5 });
    expect(writeLines(h)).toEqual([
      'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-holidays',
      'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-restaurants',
    ]);
    const again = await call(s, 'answer_approval', { secret: opened.secret, approve: true });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('already used');
    expect(writeLines(h)).toHaveLength(2);
  });

  it(`${req('card-secret-hidden')} gives the secret in the result's _meta alone, never in what a host may show the model`, async ({
    h,
  }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { ticket } = await preview(s);
    const opened = await call(s, 'open_approval', { ticket });
    const secret = secretOf(opened);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(opened.structuredContent).toEqual({
      tool: 'move_money',
      question: expect.stringContaining('Move 22.50 from Holidays to Restaurants'),
      expires_in_seconds: 600,
    });
    expect(JSON.stringify(opened.content)).not.toContain(secret);
    expect(JSON.stringify(opened.structuredContent)).not.toContain(secret);
    // the secret that came in _meta is the one that applies the change
    const applied = await call(s, 'answer_approval', { secret: String(secret), approve: true });
    expect(applied.structuredContent).toMatchObject({ status: 'applied' });
    expect(writeLines(h)).toHaveLength(2);
  });

  it('gives a ticket its secret once, and forged secrets apply nothing', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { ticket } = await preview(s);
    await open(s, ticket);
    const second = await call(s, 'open_approval', { ticket });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toContain('no longer open');
    const forged = await call(s, 'answer_approval', { secret: ticket, approve: true });
    expect(forged.isError).toBe(true);
    expect(writeLines(h)).toEqual([]);
  });

  it('declines without writing, and the secret is spent', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { ticket } = await preview(s);
    const { secret } = await open(s, ticket);
    const declined = await call(s, 'answer_approval', { secret, approve: false });
    expect(declined.structuredContent).toMatchObject({ status: 'declined' });
    expect((await call(s, 'answer_approval', { secret, approve: true })).isError).toBe(true);
    expect(writeLines(h)).toEqual([]);
  });

  it('refuses a secret older than 10 minutes', async ({ h }) => {
    const clock = fakeClock();
    const s = await connect(h, era, { capabilities: APPS, overrides: { clock } });
    const late = await open(s, (await preview(s)).ticket);
    clock.advance(600_001);
    const refused = await call(s, 'answer_approval', { secret: late.secret, approve: true });
    expect(textOf(refused)).toContain('unknown, expired');
    expect(writeLines(h)).toEqual([]);
  });

  it('reads YNAB again when the user approves: the change applies to what YNAB holds then', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { secret } = await open(s, (await preview(s)).ticket);
    // the same move made meanwhile through another client
    const other = await connect(h, era);
    const code = (await call(other, 'move_money', MOVE)).structuredContent as { confirmation: string };
    await call(other, 'move_money', { ...MOVE, confirmation: code.confirmation });
    const applied = await call(s, 'answer_approval', { secret, approve: true });
    expect(applied.structuredContent).toMatchObject({
      status: 'applied',
      from_category: { from_amount: 177.5, to_amount: 155 },
    });
    expect(writeLines(h)).toHaveLength(4);
  });

  it('refuses the approval when the re-run plans another change than the one the secret binds', async ({
    h,
  }) => {
    const s = await connect(h, era, { capabilities: APPS });
    // a gap of 10.00 on Savings, to be booked as an adjustment
    const shown = await call(s, 'reconcile_account', RECONCILE);
    expect(shown.structuredContent).toMatchObject({ status: 'confirmation_required', adjustment: -10 });
    const { secret } = await open(s, ticketOf(shown));
    // meanwhile another app records a cleared charge on Savings: the same arguments now plan another
    // adjustment and another set of transactions to mark reconciled
    const added = await fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer other-app', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        transaction: { account_id: 'acc-savings', date: '2026-09-24', amount: -4000, cleared: 'cleared' },
      }),
    });
    expect(added.status).toBe(201);
    h.standIn.clearRequests();
    const refused = await call(s, 'answer_approval', { secret, approve: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(E_PLAN_CHANGED);
    expect(writeLines(h)).toEqual([]);
  });

  it('says truly what YNAB holds when the approved change fails there', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS });
    const { secret } = await open(s, (await preview(s)).ticket);
    const path = '/plans/demo-budget/months/2026-09-01/categories/cat-holidays';
    h.standIn.fault({ method: 'PATCH', path, status: 500, body: FAULT_500, times: 1 });
    const failed = await call(s, 'answer_approval', { secret, approve: true });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/YNAB/);
    expect(writeLines(h)).toEqual([`PATCH ${path}`]);
  });

  it('lets the card approve when codes are forbidden (AVENIR_MCP_REQUIRE_ELICITATION=1)', async ({ h }) => {
    const s = await connect(h, era, { capabilities: APPS, env: { AVENIR_MCP_REQUIRE_ELICITATION: '1' } });
    const { secret } = await open(s, (await preview(s)).ticket);
    const applied = await call(s, 'answer_approval', { secret, approve: true });
    expect(applied.structuredContent).toMatchObject({ status: 'applied' });
    expect(writeLines(h)).toHaveLength(2);
  });
});
