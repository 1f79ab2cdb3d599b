/**
 * The protocol's courtesies, seen by a real MCP client in both eras: who the server says it is, the
 * capabilities it declares, titles, completion of prompt arguments and template variables from the
 * local copies, log messages with ids and counts only, and cache hints on the lists that cannot change.
 */
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { SERVER_INFO } from '../../src/server-info.js';
import { ERAS, call, connect, requestLines, type Session } from '../helpers/harness.js';

describe.each(ERAS)('courtesies, %s era', (era) => {
  let s: Session;
  it.beforeEach(async ({ h }) => {
    h.standIn.reset();
    s = await connect(h, era);
    h.standIn.clearRequests();
  });
  afterEach(async () => s.close());

  it('names itself with a title, a description, a website and an inline icon', () => {
    const info = s.client.getServerVersion();
    expect(info).toMatchObject({
      name: 'avenir-mcp',
      title: 'avenir-mcp for YNAB',
      websiteUrl: 'https://www.npmjs.com/package/avenir-mcp',
    });
    expect(info?.description).toMatch(/YNAB/);
    const icon = info?.icons?.[0];
    expect(icon?.mimeType).toBe('image/svg+xml');
    expect(icon?.src).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    expect(icon?.src).not.toMatch(/[<>#" ]/);
    expect(decodeURIComponent(icon!.src.replace(/^data:image\/svg\+xml,/, ''))).toMatch(
      /^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'/,
    );
  });

  it('declares logging and completions, and no list that can change', () => {
    const caps = s.client.getServerCapabilities();
    expect(caps).toMatchObject({
      logging: {},
      completions: {},
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
    });
    expect(caps?.resources).not.toHaveProperty('subscribe', true);
  });

  it('gives every resource, template and prompt a title', async () => {
    const { resources } = await s.client.listResources();
    expect(resources.map((r) => [r.name, r.title])).toEqual([
      ['guide', 'How to use avenir-mcp'],
      ['plans', 'Your YNAB plans'],
    ]);
    const { resourceTemplates } = await s.client.listResourceTemplates();
    expect(resourceTemplates.map((r) => [r.name, r.title])).toEqual([
      ['categories', 'Categories of a plan'],
      ['accounts', 'Open accounts of a plan'],
      ['digest', 'What needs you in a plan'],
      ['rules', "The household's rules"],
    ]);
    const { prompts } = await s.client.listPrompts();
    expect(prompts.map((p) => [p.name, p.title])).toEqual([
      ['classify_pending', 'Classify pending transactions'],
      ['monthly_review', 'Review a month'],
      ['reconcile', 'Reconcile an account'],
      ['plan_next_month', 'Plan next month'],
    ]);
    const reconcile = prompts.find((p) => p.name === 'reconcile');
    expect(reconcile?.arguments?.map((a) => [a.name, a.required, a.description])).toEqual([
      ['plan_id', true, 'The plan id from list_plans.'],
      ['account_id', true, 'The account id from list_accounts.'],
      ['bank_balance', true, 'The balance the bank shows, in currency units.'],
    ]);
  });

  const completePrompt = async (name: string, argument: string, value: string, args = {}) =>
    (
      await s.client.complete({
        ref: { type: 'ref/prompt', name },
        argument: { name: argument, value },
        context: { arguments: args },
      })
    ).completion.values;

  it('completes plan ids by id or name, one GET /plans when cold and none once warm', async ({ h }) => {
    expect(await completePrompt('monthly_review', 'plan_id', 'dem')).toEqual(['demo-budget']);
    expect(requestLines(h.standIn)).toEqual(['GET /plans']);
    h.standIn.clearRequests();
    expect(await completePrompt('classify_pending', 'plan_id', 'Household')).toEqual(['demo-budget']);
    expect(await completePrompt('reconcile', 'plan_id', '')).toEqual(['demo-budget', 'last-used']);
    expect(await completePrompt('reconcile', 'plan_id', 'zzz')).toEqual([]);
    const template = await s.client.complete({
      ref: { type: 'ref/resource', uri: 'ynab://plans/{plan_id}/accounts' },
      argument: { name: 'plan_id', value: 'la' },
    });
    expect(template.completion.values).toEqual(['last-used']);
    expect(requestLines(h.standIn)).toEqual([]);
  });

  it('completes account ids from the local copy of the accounts: no YNAB request when warm', async ({
    h,
  }) => {
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    h.standIn.clearRequests();
    const plan = { plan_id: 'demo-budget' };
    expect(await completePrompt('reconcile', 'account_id', 'chec', plan)).toEqual(['acc-checking']);
    expect(await completePrompt('reconcile', 'account_id', 'acc-sav', plan)).toEqual(['acc-savings']);
    const all = await completePrompt('reconcile', 'account_id', '', plan);
    expect(all.length).toBeGreaterThan(3);
    expect(all).not.toContain('acc-former-bank'); // closed
    expect(all).not.toContain('acc-student-loan'); // closed
    expect(requestLines(h.standIn)).toEqual([]);
  });

  it('completes account ids and months for the only plan when none is chosen yet', async ({ h }) => {
    expect(await completePrompt('reconcile', 'account_id', 'Checking')).toEqual(['acc-checking']);
    expect(requestLines(h.standIn)).toEqual(['GET /plans', 'GET /plans/demo-budget/accounts']);
    const months = await completePrompt('monthly_review', 'month', '2026-0');
    expect(months[0]).toBe('2026-09-01');
    expect(months.every((m) => m.startsWith('2026-0'))).toBe(true);
    expect(await completePrompt('monthly_review', 'month', 'cur')).toEqual(['current']);
    expect(await completePrompt('reconcile', 'bank_balance', '1')).toEqual([]);
  });

  it('offers no account or month while several plans leave the choice open', async ({ h }) => {
    const plans = [
      { id: 'demo-budget', name: 'Demo household' },
      { id: 'plan-2', name: 'Second home' },
    ];
    h.standIn.fault({ path: '/plans', status: 200, body: JSON.stringify({ data: { plans } }) });
    expect(await completePrompt('reconcile', 'plan_id', 'sec')).toEqual(['plan-2']);
    expect(await completePrompt('reconcile', 'account_id', '')).toEqual([]);
    expect(await completePrompt('monthly_review', 'month', '')).toEqual(['current']);
    expect(requestLines(h.standIn)).toEqual(['GET /plans']);
  });

  it("takes 'last-used' as the only plan the token reads", async () => {
    expect(await completePrompt('reconcile', 'account_id', '', { plan_id: 'last-used' })).toEqual(
      expect.arrayContaining(['acc-checking', 'acc-savings']),
    );
  });
});

describe('log messages to the client', () => {
  it('2025 era: after logging/setLevel, each call and YNAB request as ids and counts', async ({ h }) => {
    h.standIn.reset();
    const s = await connect(h, 'legacy');
    const messages: { level: string; logger?: string | undefined; data: unknown }[] = [];
    s.client.setNotificationHandler('notifications/message', (n) => void messages.push(n.params));
    await s.client.setLoggingLevel('info');
    await call(s, 'list_payees', { plan_id: 'demo-budget', search: 'Secret Shop Name', limit: 5 });
    await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    await s.close();
    expect(messages).toContainEqual({
      level: 'info',
      logger: 'tools',
      data: 'Tool called: list_payees(plan_id=demo-budget, limit=5)',
    });
    expect(messages).toContainEqual({
      level: 'info',
      logger: 'ynab',
      data: 'YNAB request: GET /plans/demo-budget/payees',
    });
    expect(messages).toContainEqual({
      level: 'warning',
      logger: 'tools',
      data: 'Tool list_accounts failed (YNAB 404)',
    });
    const all = JSON.stringify(messages);
    expect(all).not.toContain('Secret Shop Name');
    expect(all).not.toContain('Resource not found');
  });

  it('2025 era: the level the client set filters the messages', async ({ h }) => {
    const s = await connect(h, 'legacy');
    const messages: { level: string }[] = [];
    s.client.setNotificationHandler('notifications/message', (n) => void messages.push(n.params));
    await s.client.setLoggingLevel('warning');
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    await s.close();
    expect(messages.map((m) => m.level)).toEqual(['warning']);
  });

  it('2026-07-28: only for a request that carries a logLevel', async ({ h }) => {
    // the window off: the second call must send its request, whose log line is what is forwarded
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_FRESH_SECONDS: '0' } });
    const messages: { level: string; data: unknown }[] = [];
    s.client.setNotificationHandler('notifications/message', (n) => void messages.push(n.params));
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(messages).toEqual([]);
    await s.client.callTool({
      name: 'list_accounts',
      arguments: { plan_id: 'demo-budget' },
      _meta: { 'io.modelcontextprotocol/logLevel': 'info' },
    });
    await s.client.readResource({
      uri: 'ynab://plans/demo-budget/categories',
      _meta: { 'io.modelcontextprotocol/logLevel': 'info' },
    });
    await s.close();
    expect(messages.map((m) => m.data)).toEqual([
      'Tool called: list_accounts(plan_id=demo-budget)',
      expect.stringMatching(/^YNAB request: GET \/plans\/demo-budget\/accounts/),
      expect.stringMatching(/^YNAB request: GET \/plans\/demo-budget\/categories/),
    ]);
  });
});

describe('cache hints (2026-07-28)', () => {
  it('an hour on the lists; private where a list depends on the client; live reads stay uncached', async ({
    h,
  }) => {
    const s = await connect(h, 'modern');
    const raw = async (method: string, params: Record<string, unknown> = {}) =>
      (await s.client.request({ method, params } as never)) as Record<string, unknown>;
    // what these lists hold depends on the client's Apps capability and, in remote mode, on its grant
    for (const method of ['tools/list', 'prompts/list', 'resources/list'])
      expect(await raw(method), method).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'private' });
    expect(await raw('resources/templates/list')).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
    expect(await raw('resources/read', { uri: 'avenir-mcp://guide' })).toMatchObject({
      ttlMs: 3_600_000,
      cacheScope: 'private',
    });
    expect(await raw('resources/read', { uri: 'ynab://plans' })).toMatchObject({
      ttlMs: 0,
      cacheScope: 'private',
    });
    await s.close();
    expect(SERVER_INFO.name).toBe('avenir-mcp');
  });
});

describe('identity on each answer (2026-07-28)', () => {
  it('discovery carries the whole identity; every other answer only the name and version', async ({ h }) => {
    const s = await connect(h, 'modern');
    const identity = async (method: string, params: Record<string, unknown> = {}) => {
      const result = (await s.client.request({ method, params } as never)) as {
        _meta?: Record<string, unknown>;
      };
      return result._meta?.['io.modelcontextprotocol/serverInfo'];
    };
    expect(await identity('server/discover')).toEqual(SERVER_INFO);
    const lean = { name: 'avenir-mcp', version: SERVER_INFO.version };
    expect(await identity('tools/list')).toEqual(lean);
    expect(await identity('tools/call', { name: 'list_plans', arguments: {} })).toEqual(lean);
    expect(await identity('resources/read', { uri: 'avenir-mcp://guide' })).toEqual(lean);
    // the host still shows the server by its whole identity
    expect(s.client.getServerVersion()).toEqual(SERVER_INFO);
    await s.close();
  });
});
