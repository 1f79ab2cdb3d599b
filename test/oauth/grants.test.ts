/**
 * Grants: read-only ones list and call no write tool (even with AVENIR_MCP_WRITE=1), in both eras;
 * "also changes" lists them; a 2025-era session belongs to its grant; revocation (the endpoint and
 * `avenir-mcp revoke`'s functions) and a reused refresh token end the whole grant; a restart keeps it.
 */
import { statSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { listClients, oauthFiles, revokeAll, revokeClient } from '../../src/transports/oauth/grants.js';
import { allTools } from '../../src/tools/index.js';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { signIn, transportFor, newClient } from '../helpers/oauth-flow.js';
import { at, codeFor, mcpWith, redeem, refresh, register } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';

let remote: Remote;
let browser: Browser;
let callback: Callback;

it.beforeAll(async ({ h }) => {
  callback = await startCallback();
  remote = await startRemote(h);
  browser = await openBrowser();
}, 60_000);
it.afterAll(async () => {
  await browser?.close();
  await remote?.close();
  await callback?.close();
});

const READS = allTools.filter((t) => t.kind === 'read').map((t) => t.name);
const WRITES = allTools.filter((t) => t.kind === 'write').map((t) => t.name);

describe.each(['modern', 'legacy'] as const)('a %s client', (era) => {
  it('with a read-only grant lists no write tool and cannot call one, though writes are on', async ({
    h,
  }) => {
    const provider = new TestOAuthProvider(callback.url, undefined, `Read-only ${era}`);
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE }, era);
    expect(provider.saved?.scope?.split(' ')).not.toContain('ynab:write');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READS].sort());
    h.standIn.clearRequests();
    const call = await client
      .callTool({ name: 'rename_payee', arguments: { plan_id: 'demo-budget', payee_id: 'x', name: 'y' } })
      .then((r) => ({ refused: r.isError === true, text: JSON.stringify(r.content) }))
      .catch((e: Error) => ({ refused: true, text: e.message }));
    // refused by the scope step-up: the client is sent back to the sign-in page to allow changes
    expect(call.refused).toBe(true);
    expect(call.text).toBe('Unauthorized');
    expect(provider.authorizationUrl?.searchParams.get('scope')?.split(' ')).toContain('ynab:write');
    expect(h.standIn.writes).toHaveLength(0);
    await client.close();
  });

  it('with "also changes" ticked lists the write tools', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, `Writer ${era}`);
    const client = await signIn(
      remote.url,
      provider,
      browser,
      callback,
      { passphrase: PASSPHRASE, write: true },
      era,
    );
    expect(provider.saved?.scope?.split(' ')).toContain('ynab:write');
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const w of WRITES) expect(names).toContain(w);
    await client.close();
  });
});

describe('a 2025-era session', () => {
  it("refuses another grant's token on a session it did not open", async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Session owner');
    const client = await signIn(
      remote.url,
      provider,
      browser,
      callback,
      { passphrase: PASSPHRASE },
      'legacy',
    );
    const transport = (client as unknown as { transport: { sessionId?: string } }).transport;
    const sid = transport.sessionId;
    expect(sid).toBeTruthy();
    const other = await redeemFresh();
    const r = await fetch(remote.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${other.access}`,
        'mcp-session-id': sid!,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(r.status).toBe(404);
    await client.close();
  });
});

/** A client registered by hand with one grant: its tokens. */
async function redeemFresh(name = 'Raw client', write = false) {
  const clientId = await register(remote, callback.url, name);
  const { code, verifier } = await codeFor(remote, browser, callback, clientId, { write });
  const answer = await redeem(remote, clientId, code, verifier, callback.url);
  expect(answer.status).toBe(200);
  return { clientId, access: answer.body.access_token!, refresh: answer.body.refresh_token! };
}

describe('revocation', () => {
  it('revoking the refresh token at the endpoint ends the grant: the access token is refused', async () => {
    const t = await redeemFresh();
    expect((await mcpWith(remote, t.access)).status).toBe(200);
    const r = await fetch(at(remote, '/revoke'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.refresh, client_id: t.clientId }).toString(),
    });
    expect(r.status).toBe(200);
    expect((await mcpWith(remote, t.access)).status).toBe(401);
    expect((await refresh(remote, t.clientId, t.refresh)).body.error).toBe('invalid_grant');
  });

  it('a reused refresh token revokes the whole grant', async () => {
    const t = await redeemFresh();
    const first = await refresh(remote, t.clientId, t.refresh);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(t.refresh);
    expect((await mcpWith(remote, first.body.access_token!)).status).toBe(200);
    const reuse = await refresh(remote, t.clientId, t.refresh);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The newer tokens of the same grant die with it.
    expect((await mcpWith(remote, first.body.access_token!)).status).toBe(401);
    expect((await refresh(remote, t.clientId, first.body.refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('revoke of one client (the CLI) refuses its live access token at once and spares the others', async () => {
    const a = await redeemFresh('Phone app', true);
    const b = await redeemFresh('Laptop app');
    const listed = await listClients(remote.store);
    expect(listed.find((c) => c.clientId === a.clientId)).toMatchObject({
      name: 'Phone app',
      write: true,
      grants: 1,
    });
    expect(listed.find((c) => c.clientId === b.clientId)).toMatchObject({ name: 'Laptop app', write: false });
    expect(await revokeClient(remote.store, a.clientId)).toBe(1);
    expect((await mcpWith(remote, a.access)).status).toBe(401);
    const refused = await refresh(remote, a.clientId, a.refresh);
    expect(refused.body.access_token).toBeUndefined();
    // The registration went with it, so the client itself is now unknown.
    expect(refused.body.error).toBe('invalid_client');
    expect((await mcpWith(remote, b.access)).status).toBe(200);
    expect((await listClients(remote.store)).some((c) => c.clientId === a.clientId)).toBe(false);
  });

  it('revoke --all ends every grant', async () => {
    const a = await redeemFresh('One');
    expect(await revokeAll(remote.store)).toBeGreaterThan(0);
    expect(await listClients(remote.store)).toEqual([]);
    expect((await mcpWith(remote, a.access)).status).toBe(401);
  });
});

describe('state that lasts', () => {
  it('keeps clients and grants in a 0600 file, and a restart keeps the connection', async ({ h }) => {
    const own = await startRemote(h);
    const provider = new TestOAuthProvider(callback.url, undefined, 'Survivor');
    const client = await signIn(own.url, provider, browser, callback, { passphrase: PASSPHRASE });
    await client.close();
    const file = oauthFiles(own.stateDir).state;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const port = Number(new URL(own.url).port);
    await own.close();
    const again = await startRemote(h, { stateDir: own.stateDir, port });
    try {
      const asked = provider.authorizationUrl;
      provider.authorizationUrl = null;
      const revived = newClient();
      await revived.connect(transportFor(again.url, provider));
      const plans = await revived.callTool({ name: 'list_plans', arguments: {} });
      expect((plans.structuredContent as { result: { name: string }[] }).result[0]?.name).toBe(
        'Demo household',
      );
      expect(provider.authorizationUrl, 'no new sign-in').toBeNull();
      expect(asked).not.toBeNull();
      await revived.close();
    } finally {
      await again.close();
    }
  });
});
