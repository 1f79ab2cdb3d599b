/**
 * Hosted mode's account page lists a person's apps, end to end: the official MCP client's sign-ins,
 * then Chromium on `/account`, the stand-in's YNAB page and our apps page. Alice narrows her app to
 * reading (its next write call meets the scope step-up), widens it again through a new YNAB
 * authorisation (only YNAB's answer for her, allowing changes, widens it), and revokes it (its next
 * call is refused). Bob's page never lists Alice's app, and Alice's client id put in Bob's form
 * changes nothing.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { callAs, resultOf, signInAs, type Signed } from '../helpers/hosted-sign-in.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';

let server: HostedServer;
let browser: Browser;
let callback: Callback;
let origin: string;
let alice: Signed;
let bob: Signed;

beforeAll(async () => {
  server = await startHostedServer();
  origin = new URL(server.url).origin;
  callback = await startCallback();
  browser = await openBrowser();
  alice = await signInAs(server, browser, callback, { person: 'Alice', access: 'write' });
  bob = await signInAs(server, browser, callback, { person: 'Bob', access: 'write' });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await callback?.close();
});

const ALICE = 'a11ce5e0-7c1d-4b8e-9f2a-3d4c5b6a7e80';
const BOB = 'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60';
const READ_ONLY_AT_YNAB = 'Read only: it may read your plans and cannot change them.';
const FLAG = { plan_id: 'demo-budget', flags: [{ transaction_id: 'tx-053', color: 'green' }] };
const idOf = async (ynabUserId: string) => (await server.people.personOfYnabUser(ynabUserId))!.id;

/** The scopes of each grant the person holds, by client id. */
async function scopesOf(person: string): Promise<Record<string, string>> {
  const scopes: Record<string, string> = {};
  const rows = await server.store.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM oauth_records WHERE kind = 'Grant' AND person_id = $1`,
    [person],
  );
  for (const { payload } of rows)
    scopes[payload.clientId as string] = Object.values(payload.resources as Record<string, string>)[0]!;
  return scopes;
}

/** /account, "See my connected apps…", then the stand-in's YNAB page answered as `person`. */
async function appsPage(person: 'Alice' | 'Bob'): Promise<Page> {
  const page = await browser.page();
  await page.goto(`${origin}/account`);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=apps]'),
  ]);
  // proving who one is asks YNAB for reading only
  expect(await page.textContent('body')).toContain(READ_ONLY_AT_YNAB);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
    page.click(`button[value=${person}]`),
  ]);
  expect(await page.textContent('h1')).toBe('Your connected apps');
  return page;
}

/** Presses a row's button, keyboard only: Tab until it has the focus, then Enter. */
async function press(page: Page, label: string, to = '/account/apps'): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''");
    if (focused === label) {
      await Promise.all([page.waitForURL((u) => u.pathname === to), page.keyboard.press('Enter')]);
      await page.waitForLoadState('load');
      return;
    }
  }
  throw new Error(`Tab never reached "${label}"`);
}

/** A write tool called with the app's access token, as it goes on the wire: the HTTP answer. */
async function rawWrite(s: Signed): Promise<Response> {
  return fetch(server.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.provider.tokens()!.access_token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'flag_transactions',
        arguments: { plan_id: 'demo-budget', flags: [{ transaction_id: 'tx-053', color: 'green' }] },
      },
    }),
  });
}

/** The page's form token and its cookie, to post as another page would. */
async function formOf(page: Page): Promise<{ token: string; cookie: string }> {
  const token = await page.inputValue('input[name=token] >> nth=0');
  const cookie = (await browser.context.cookies(`${origin}/account`)).find(
    (c) => c.name === 'avenir_account',
  )!;
  return { token, cookie: `${cookie.name}=${cookie.value}` };
}

const post = (form: Record<string, string>, cookie?: string) =>
  fetch(`${origin}/account/apps`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });

describe("hosted mode's account page lists the person's apps", { timeout: 120_000 }, () => {
  it("lists each person's own apps, never another's", async () => {
    const page = await appsPage('Alice');
    const row = page.locator('tr', { hasText: "Alice's app" });
    expect(await row.locator('td').nth(1).textContent()).toBe('Also changes');
    expect(await page.locator('tr', { hasText: "Bob's app" }).count()).toBe(0);
    expect(await page.textContent('body')).toContain('your other apps keep what they may do');
    expect(await page.textContent('body')).toContain('for all your apps');
    // the page names neither person's YNAB user id
    expect(await page.content()).not.toContain(ALICE);
    closePage(page);
    const other = await appsPage('Bob');
    expect(await other.locator('tbody tr').count()).toBe(1);
    expect(await other.locator('tr', { hasText: "Alice's app" }).count()).toBe(0);
    closePage(other);
  });

  it("narrows Alice's app at once: its next write call meets the step-up, Bob's keeps changes", async () => {
    const aliceId = await idOf(ALICE);
    const bobId = await idOf(BOB);
    const page = await appsPage('Alice');
    await press(page, "Read only: Alice's app");
    expect(await page.textContent('[role=status]')).toContain("Alice's app may now only read your plan");
    expect(await page.locator('tr', { hasText: "Alice's app" }).locator('td').nth(1).textContent()).toBe(
      'Read only',
    );
    expect(Object.values(await scopesOf(aliceId))).toEqual(['ynab:read']);
    expect(Object.values(await scopesOf(bobId))).toEqual(['ynab:read ynab:write']);
    // the account still allows changes: only this app was narrowed
    expect((await server.people.person(aliceId))?.allowed).toBe('write');
    closePage(page);

    server.standIn.clearRequests();
    const refused = await rawWrite(alice);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(server.standIn.writes).toHaveLength(0);
    expect(resultOf(await callAs(bob, 'list_plans')).result).toHaveLength(1);
  });

  it("widens Alice's app through a new YNAB authorisation, for her alone", async () => {
    const aliceId = await idOf(ALICE);
    const before = (await server.people.grant(aliceId))!.accessToken;
    const denied = await appsPage('Alice');

    // YNAB denied: nothing changes
    await press(denied, "Also changes…: Alice's app", '/oauth/authorize');
    await Promise.all([
      denied.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
      denied.click('button[value=deny]'),
    ]);
    expect(await denied.textContent('h1')).toBe('Nothing was changed');
    expect(Object.values(await scopesOf(aliceId))).toEqual(['ynab:read']);
    closePage(denied);

    // Bob answers YNAB's page of Alice's trip: nothing of his is kept, nothing of hers changes
    const bobId = await idOf(BOB);
    const bobToken = (await server.people.grant(bobId))!.accessToken;
    const again = await appsPage('Alice');
    await press(again, "Also changes…: Alice's app", '/oauth/authorize');
    await Promise.all([
      again.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
      again.click('button[value=Bob]'),
    ]);
    expect(await again.textContent('h1')).toBe('That is another YNAB account');
    expect(Object.values(await scopesOf(aliceId))).toEqual(['ynab:read']);
    expect((await server.people.grant(bobId))!.accessToken).toBe(bobToken);
    expect((await server.people.grant(aliceId))!.accessToken).toBe(before);
    closePage(again);

    // Alice allows changes at YNAB: only then is the grant widened, and the token kept is the new one
    const page = await appsPage('Alice');
    await press(page, "Also changes…: Alice's app", '/oauth/authorize');
    expect(await page.textContent('body')).not.toContain(READ_ONLY_AT_YNAB);
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
      page.click('button[value=Alice]'),
    ]);
    expect(await page.textContent('[role=status]')).toContain(
      "Alice's app may now read your plan and propose changes, from its next call.",
    );
    expect(await page.locator('tr', { hasText: "Alice's app" }).locator('td').nth(1).textContent()).toBe(
      'Also changes',
    );
    expect(Object.values(await scopesOf(aliceId))).toEqual(['ynab:read ynab:write']);
    expect((await server.people.grant(aliceId))!.accessToken).not.toBe(before);
    expect((await server.people.grant(bobId))!.accessToken).toBe(bobToken);
    closePage(page);

    // her app's next write goes through, without signing in again
    const preview = resultOf(await callAs(alice, 'flag_transactions', FLAG));
    const applied = resultOf(
      await callAs(alice, 'flag_transactions', { ...FLAG, confirmation: preview.confirmation }),
    );
    expect(applied.status).toBe('applied');
    expect(server.standIn.stateOf('Alice').transactions.find((t) => t.id === 'tx-053')?.flag_color).toBe(
      'green',
    );
  });

  it("changes nothing of Alice's from Bob's page, even with her app's id in his form", async () => {
    const aliceId = await idOf(ALICE);
    const aliceClient = alice.provider.info!.client_id;
    const page = await appsPage('Bob');
    const { token, cookie } = await formOf(page);
    closePage(page);
    for (const action of ['revoke', 'read', 'write']) {
      const answer = await post({ token, client: aliceClient, action }, cookie);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('That app has no access any more: nothing was changed.');
    }
    // his own app, which may already make changes, needs no trip to YNAB
    const own = await post({ token, client: bob.provider.info!.client_id, action: 'write' }, cookie);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Bob&#39;s app may already propose changes: nothing was changed.');
    // Bob's form without its cookie, or with another browser's, is refused outright
    for (const other of [undefined, 'avenir_account=another-browsers-secret']) {
      const answer = await post({ token, client: bob.provider.info!.client_id, action: 'revoke' }, other);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('This page is not valid any more');
    }
    expect(Object.values(await scopesOf(aliceId))).toEqual(['ynab:read ynab:write']);
    expect(Object.values(await scopesOf(await idOf(BOB)))).toEqual(['ynab:read ynab:write']);
    expect(resultOf(await callAs(alice, 'list_plans')).result).toHaveLength(1);
  });

  it("revokes Alice's app at once: its next call is refused, Bob's goes on", async () => {
    const aliceId = await idOf(ALICE);
    const page = await appsPage('Alice');
    await press(page, "Revoke: Alice's app");
    expect(await page.textContent('[role=status]')).toContain("Alice's app can no longer use your plan");
    expect(await page.locator('tbody tr').count()).toBe(0);
    expect(await page.textContent('body')).toContain('No app can use your plan through this server now.');
    closePage(page);
    expect(await scopesOf(aliceId)).toEqual({});
    server.standIn.clearRequests();
    expect((await rawWrite(alice)).status).toBe(401);
    expect(server.standIn.writes).toHaveLength(0);
    // her account is kept (her YNAB token too): connecting an app again needs no new account
    expect(await server.people.person(aliceId)).not.toBeNull();
    expect(resultOf(await callAs(bob, 'list_plans')).result).toHaveLength(1);
  });
});
