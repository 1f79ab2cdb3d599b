/**
 * Leaving hosted mode from a browser, end to end: the official MCP client's OAuth sign-in, then
 * Chromium on `/account`, the stand-in's YNAB page and our confirmation page. Alice deletes her
 * account: her MCP access token is refused at once, every row of hers in every table of the store is
 * gone, and Bob, who goes on, keeps everything. A confirmation opened in another browser, a YNAB user
 * without an account, a denial at YNAB and a post from another site delete nothing.
 */
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { callAs, resultOf, signInAs, type Signed } from '../helpers/hosted-sign-in.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { rowsOf } from '../store/helpers.js';

let server: HostedServer;
let browser: Browser;
let callback: Callback;
let origin: string;

beforeAll(async () => {
  server = await startHostedServer();
  origin = new URL(server.url).origin;
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await callback?.close();
});

const ALICE = 'a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80';
const BOB = 'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60';
const idOf = async (ynabUserId: string) => (await server.people.personOfYnabUser(ynabUserId))?.id ?? null;
const flag = (plan: string, tx: string) => ({
  plan_id: plan,
  flags: [{ transaction_id: tx, color: 'green' }],
});

/** Every table of the store that holds something of a person, and how many rows each holds of them. */
async function rowsOfPerson(person: string): Promise<Record<string, number>> {
  const tables = await server.store.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'person_id' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) counts[table_name] = await rowsOf(server.store, table_name, person);
  return counts;
}

/** A confirmed write, so that the person has a journal row. */
async function write(s: Signed, plan: string, tx: string): Promise<void> {
  const preview = resultOf(await callAs(s, 'flag_transactions', flag(plan, tx)));
  const applied = resultOf(
    await callAs(s, 'flag_transactions', { ...flag(plan, tx), confirmation: preview.confirmation }),
  );
  expect(applied.status).toBe('applied');
}

/** /account, "Delete my data…", then the stand-in's YNAB page answered as `person` (or denied). */
async function accountTrip(person: 'Alice' | 'Bob' | 'Carol' | 'deny', fresh?: Page): Promise<Page> {
  const page = fresh ?? (await browser.page());
  await page.goto(`${origin}/account`);
  expect(await page.textContent('h1')).toBe('Your data on this server');
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=delete]'),
  ]);
  // YNAB is asked for a read-only token: it only has to say who signs in
  expect(await page.textContent('body')).toContain(
    'Read only: it may read your plans and cannot change them.',
  );
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
    page.click(person === 'deny' ? 'button[value=deny]' : `button[value=${person}]`),
  ]);
  return page;
}

/** Opens a 2025-era session on /mcp with the given token as a bearer: the HTTP status. */
async function statusWith(token: string): Promise<number> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

let alice: Signed;
let bob: Signed;

describe('leaving hosted mode from a browser', { timeout: 120_000 }, () => {
  it("Alice deletes her account: her token is refused, her rows are gone, Bob's are kept", async () => {
    alice = await signInAs(server, browser, callback, { person: 'Alice', access: 'write' });
    bob = await signInAs(server, browser, callback, { person: 'Bob', access: 'write' });
    await write(alice, 'demo-budget', 'tx-053');
    await write(bob, 'bob-household', 'bob-tx-053');
    const aliceId = (await idOf(ALICE))!;
    const bobId = (await idOf(BOB))!;
    const bobBefore = await rowsOfPerson(bobId);
    expect(bobBefore.journal_entries).toBe(1);
    expect((await rowsOfPerson(aliceId)).journal_entries).toBe(1);
    expect((await rowsOfPerson(aliceId)).oauth_records).toBeGreaterThan(0);
    const aliceToken = alice.provider.tokens()!.access_token;
    expect(await statusWith(aliceToken)).toBe(200);

    const page = await accountTrip('Alice');
    expect(await page.textContent('h1')).toBe('Delete your data on this server?');
    expect(await page.textContent('body')).toContain(`account ${aliceId} on this server`);
    // the YNAB user id and the token YNAB gave for this check are nowhere in the page
    expect(await page.content()).not.toContain(ALICE);
    // nothing is deleted before the last yes
    expect(await idOf(ALICE)).toBe(aliceId);
    const held = server.hosted.servers.people.size;
    expect(held).toBe(2);
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/account/delete'),
      page.click('button[value=delete]'),
    ]);
    expect(await page.textContent('h1')).toBe('Your data is deleted');
    closePage(page);
    // this instance no longer holds what it built for her calls
    expect(server.hosted.servers.people.size).toBe(held - 1);

    // her app's access token is refused at once, and the client cannot refresh its way back
    expect(await statusWith(aliceToken)).toBe(401);
    await expect(callAs(alice, 'list_plans')).rejects.toThrow();
    expect(await idOf(ALICE)).toBeNull();
    expect(await server.people.person(aliceId)).toBeNull();
    const left = await rowsOfPerson(aliceId);
    expect(Object.keys(left).length).toBeGreaterThanOrEqual(11);
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    // the one YNAB token exchanged for the check was never stored: none is left of Alice
    expect(await server.people.grant(aliceId)).toBeNull();

    // Bob goes on, with everything of his
    expect(await rowsOfPerson(bobId)).toEqual(bobBefore);
    expect((resultOf(await callAs(bob, 'list_plans')).result as Array<{ name: string }>)[0]?.name).toBe(
      'Martin family',
    );
    await write(bob, 'bob-household', 'bob-tx-045');
    expect(server.standIn.stateOf('Bob').transactions.find((t) => t.id === 'bob-tx-053')?.flag_color).toBe(
      'green',
    );
  });

  it('a confirmation posted from another browser deletes nothing', async () => {
    const page = await accountTrip('Bob');
    const token = await page.inputValue('input[name=token]');
    closePage(page);
    // the form's token without the cookie set beside it, or with another browser's
    for (const cookie of [null, 'avenir_account=another-browsers-secret']) {
      const response = await fetch(`${origin}/account/delete`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ token, decision: 'delete' }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This confirmation is not valid any more');
    }
    // a token that is not this server's, with any cookie
    const forged = await fetch(`${origin}/account/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'avenir_account=x' },
      body: new URLSearchParams({ token: `${token.slice(0, -4)}AAAA`, decision: 'delete' }),
    });
    expect(forged.status).toBe(400);
    expect(await idOf(BOB)).not.toBeNull();
    expect(resultOf(await callAs(bob, 'list_plans')).result).toHaveLength(1);
  });

  it('a YNAB user without an account, and a denial at YNAB, delete nothing', async () => {
    const before = (await server.people.people()).map((p) => p.id);
    const carol = await accountTrip('Carol');
    expect(await carol.textContent('h1')).toBe('No account here for this YNAB account');
    closePage(carol);
    const denied = await accountTrip('deny');
    expect(await denied.textContent('h1')).toBe('Nothing was deleted');
    closePage(denied);
    expect((await server.people.people()).map((p) => p.id)).toEqual(before);
  });

  it('a post from another site is refused before anything is read', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${origin}/account/delete`,
        {
          method: 'POST',
          headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('token=x');
    });
    expect(status).toBe(403);
    expect(await idOf(BOB)).not.toBeNull();
  });
});
