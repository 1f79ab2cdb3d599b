/**
 * Plans and clients a little off the common path, through real clients: plans YNAB lists without their
 * month range or modification date, a client that offers only URL elicitation (so it gets a code), and
 * a transaction whose category YNAB no longer lists.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { call, connect } from '../helpers/harness.js';
import { tempJournal } from '../helpers/writes.js';

const BARE_PLANS = JSON.stringify({ data: { plans: [{ id: 'demo-budget', name: 'Demo household' }] } });

describe('unusual plans and clients', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('a plan listed without months or modification date gets nulls, in the tool and the resource', async ({
    h,
  }) => {
    const s = await connect(h, 'modern');
    h.standIn.fault({ path: '/plans', status: 200, body: BARE_PLANS });
    const listed = await call(s, 'list_plans');
    expect(listed.structuredContent).toEqual({
      result: [
        { id: 'demo-budget', name: 'Demo household', first_month: null, last_month: null, currency: null },
      ],
    });
    h.standIn.fault({ path: '/plans', status: 200, body: BARE_PLANS });
    const read = await s.client.readResource({ uri: 'ynab://plans' });
    expect((read.contents[0] as { text: string }).text).toBe(
      '[{"plan_id":"demo-budget","name":"Demo household","last_modified_on":null}]',
    );
  });

  it('a client offering only URL elicitation cannot show the yes/no form: it gets a code', async ({ h }) => {
    const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: tempJournal() }), silentLog);
    const handler = createMcpHandler(serverFactory(deps));
    const client = new Client(
      { name: 'url-only', version: '1.0.0' },
      { capabilities: { elicitation: { url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    const r = await client.callTool({
      name: 'set_category_budget',
      arguments: { plan_id: 'demo-budget', month: '2026-09-01', category_id: 'cat-restaurants', amount: 130 },
    });
    expect(r.structuredContent).toMatchObject({ status: 'confirmation_required' });
    expect((r.structuredContent as { confirmation: string }).confirmation).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(h.standIn.writes).toEqual([]);
    await client.close();
    await handler.close();
  });

  it("a transaction whose category YNAB no longer lists is previewed with YNAB's name for it", async ({
    h,
  }) => {
    const row = h.standIn.state.transactions.find((t) => t.id === 'tx-046')!;
    Object.assign(row, { category_id: 'cat-gone', category_name: 'Old Hobby' });
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: tempJournal() } });
    const r = await call(s, 'apply_categories', {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
    });
    const changes = (r.structuredContent as { changes: { from_category: string | null }[] }).changes;
    expect(changes[0]?.from_category).toBe('Old Hobby');
  });
});
