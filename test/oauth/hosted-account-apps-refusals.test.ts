/**
 * The edges of hosted mode's apps page, through the server, the stand-in's YNAB and Chromium: an app
 * whose grant allows changes shown as read only while the person's latest sign-in chose reading, and
 * given changes back by a widening (the person's read-only app staying read only); a widening YNAB
 * ends in an error, a code it refuses, a read-only token, or an app revoked meanwhile, each changing
 * nothing; forms that ask nothing known or come after the account went; and a read-only server, which
 * offers no widening and refuses one posted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { signInAs } from '../helpers/hosted-sign-in.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';

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
const CAROL = 'ca201e00-1b2c-4d3e-8f4a-5b6c7d8e9f01';
const idOf = async (s: HostedServer, ynabUserId: string) => (await s.people.personOfYnabUser(ynabUserId))!.id;

async function scopesOf(s: HostedServer, person: string): Promise<Record<string, string>> {
  const rows = await s.store.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM oauth_records WHERE kind = 'Grant' AND person_id = $1`,
    [person],
  );
  const scopes: Record<string, string> = {};
  for (const { payload } of rows)
    scopes[payload.clientId as string] = Object.values(payload.resources as Record<string, string>)[0]!;
  return scopes;
}

/** /account, "See my connected apps…", then YNAB's page answered as `person`. */
async function appsPage(s: HostedServer, person: 'Alice' | 'Carol'): Promise<Page> {
  const page = await browser.page();
  await page.goto(`${new URL(s.url).origin}/account`);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=apps]'),
  ]);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
    page.click(`button[value=${person}]`),
  ]);
  return page;
}

/** Presses "Also changes…" of the app: the page is then YNAB's authorize, asking for changes. */
async function startWiden(page: Page, app: string): Promise<URL> {
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click(`button[aria-label="Also changes…: ${app}"]`),
  ]);
  const url = new URL(page.url());
  expect(url.searchParams.get('scope')).toBeNull();
  return url;
}

const post = (s: HostedServer, form: Record<string, string>, cookie?: string) =>
  fetch(`${new URL(s.url).origin}/account/apps`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form).toString(),
  });

async function formOf(s: HostedServer, page: Page): Promise<{ token: string; cookie: string }> {
  const token = await page.inputValue('input[name=token] >> nth=0');
  const found = (await browser.context.cookies(`${new URL(s.url).origin}/account`)).find(
    (c) => c.name === 'avenir_account',
  )!;
  return { token, cookie: `${found.name}=${found.value}` };
}

describe('the apps page, at its edges', { timeout: 120_000 }, () => {
  it('finds no account for a YNAB user who never connected an app', async () => {
    const page = await appsPage(server, 'Carol');
    expect(await page.textContent('h1')).toBe('No account here for this YNAB account');
    expect(await page.textContent('body')).toContain('connect an app to this server first');
    closePage(page);
    // a trip's link brought without the browser that started it: spent, and worded for this page
    const trip = await browser.page();
    await trip.goto(`${origin}/account`);
    await Promise.all([
      trip.waitForURL((u) => u.pathname === '/oauth/authorize'),
      trip.click('button[value=apps]'),
    ]);
    const state = new URL(trip.url()).searchParams.get('state')!;
    closePage(trip);
    expect(state.startsWith('account.apps.')).toBe(true);
    const spent = await fetch(`${origin}/oauth/ynab/callback?state=${state}&code=x`, { redirect: 'manual' });
    expect(spent.status).toBe(400);
    const text = await spent.text();
    expect(text).toContain('This link from your account page is not valid any more');
    expect(text).toContain('Nothing was changed. Start again from /account on this server.');
    // a GET of the form's address goes back to the account page
    const get = await fetch(`${origin}/account/apps`, { redirect: 'manual' });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe('/account');
  });

  it('shows an app allowed changes as read only after a read-only sign-in, and a widening gives them back', async () => {
    const writer = await signInAs(server, browser, callback, { person: 'Alice', access: 'write' }, 'Writer');
    await signInAs(server, browser, callback, { person: 'Alice', access: 'read' }, 'Reader');
    const alice = await idOf(server, ALICE);
    expect((await server.people.person(alice))?.allowed).toBe('read');
    const page = await appsPage(server, 'Alice');
    const may = (name: string) => page.locator('tr', { hasText: name }).locator('td').nth(1).textContent();
    expect(await may('Writer')).toBe('Read only for now: your latest YNAB sign-in allowed reading only');
    expect(await may('Reader')).toBe('Read only');

    await startWiden(page, 'Writer');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
      page.click('button[value=Alice]'),
    ]);
    expect(await page.textContent('[role=status]')).toContain('those you let only read still only read');
    expect(await may('Writer')).toBe('Also changes');
    expect(await may('Reader')).toBe('Read only');
    expect((await server.people.person(alice))?.allowed).toBe('write');
    const writerId = writer.provider.info!.client_id;
    expect((await scopesOf(server, alice))[writerId]).toBe('ynab:read ynab:write');

    // an action the page never offers changes nothing
    const { token, cookie } = await formOf(server, page);
    const odd = await post(server, { token, client: writerId, action: 'rename' }, cookie);
    expect(await odd.text()).toContain('Nothing was changed.');
    expect((await scopesOf(server, alice))[writerId]).toBe('ynab:read ynab:write');
    closePage(page);
  });

  it("changes nothing when YNAB's answer to a widening is an error, a refused code or read only", async () => {
    const alice = await idOf(server, ALICE);
    const reader = Object.entries(await scopesOf(server, alice)).find(([, s]) => s === 'ynab:read')![0];
    const token = (await server.people.grant(alice))!.accessToken;
    const cases: Array<[(page: Page, at: URL) => Promise<unknown>, number, string]> = [
      [
        (p, at) =>
          p.goto(`${origin}/oauth/ynab/callback?state=${at.searchParams.get('state')}&error=server_error`),
        400,
        'YNAB did not complete the sign-in',
      ],
      [
        (p, at) =>
          p.goto(`${origin}/oauth/ynab/callback?state=${at.searchParams.get('state')}&code=not-a-code`),
        502,
        'The sign-in with YNAB failed',
      ],
      [
        async (p, at) => {
          at.searchParams.set('scope', 'read-only');
          await p.goto(at.href);
          await Promise.all([
            p.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
            p.click('button[value=Alice]'),
          ]);
        },
        403,
        'YNAB allowed reading only',
      ],
    ];
    for (const [answer, status, title] of cases) {
      const page = await appsPage(server, 'Alice');
      const at = await startWiden(page, 'Reader');
      const seen = page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/ynab/callback');
      await answer(page, at);
      expect((await seen).status()).toBe(status);
      expect(await page.textContent('h1')).toBe(title);
      closePage(page);
      expect((await scopesOf(server, alice))[reader]).toBe('ynab:read');
    }
    // none of those answers replaced the token kept
    expect((await server.people.grant(alice))!.accessToken).toBe(token);
  });

  it('changes nothing when the app was revoked while the person was at YNAB', async () => {
    const alice = await idOf(server, ALICE);
    const page = await appsPage(server, 'Alice');
    await startWiden(page, 'Reader');
    const reader = Object.entries(await scopesOf(server, alice)).find(([, s]) => s === 'ynab:read')![0];
    const token = (await server.people.grant(alice))!.accessToken;
    // revoked meanwhile (from another browser, say)
    await server.store.query(
      `DELETE FROM oauth_records WHERE kind = 'Grant' AND person_id = $1 AND payload->>'clientId' = $2`,
      [alice, reader],
    );
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
      page.click('button[value=Alice]'),
    ]);
    expect(await page.textContent('h1')).toBe('That app has no access any more');
    closePage(page);
    expect((await scopesOf(server, alice))[reader]).toBeUndefined();
    expect((await server.people.grant(alice))!.accessToken).toBe(token);
  });

  it('refuses a form whose account was deleted since the page opened', async () => {
    await signInAs(server, browser, callback, { person: 'Carol', access: 'read' });
    const page = await appsPage(server, 'Carol');
    const { token, cookie } = await formOf(server, page);
    closePage(page);
    const carol = await idOf(server, CAROL);
    const client = Object.keys(await scopesOf(server, carol))[0]!;
    expect(await server.people.deletePerson(carol)).toBe(true);
    const answer = await post(server, { token, client, action: 'revoke' }, cookie);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('This page is not valid any more');
  });
});

describe('the apps page of a read-only server', { timeout: 120_000 }, () => {
  it('offers no widening, and refuses one posted', async () => {
    const own = await startHostedServer({ write: false });
    try {
      const signed = await signInAs(own, browser, callback, { person: 'Alice' });
      const page = await appsPage(own, 'Alice');
      expect(await page.locator('button[value=write]').count()).toBe(0);
      expect(await page.textContent('body')).toContain('The operator of this server allows reading only');
      expect(await page.textContent('body')).not.toContain('takes you to YNAB');
      const { token, cookie } = await formOf(own, page);
      closePage(page);
      const client = signed.provider.info!.client_id;
      const answer = await post(own, { token, client, action: 'write' }, cookie);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('This server allows reading only: no app can be given changes.');
      expect(Object.values(await scopesOf(own, await idOf(own, ALICE)))).toEqual(['ynab:read']);
    } finally {
      await own.close();
    }
  });
});
