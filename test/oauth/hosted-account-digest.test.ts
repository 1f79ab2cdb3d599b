/**
 * The weekly digest's settings on hosted mode's account page, end to end: Chromium on `/account`,
 * the stand-in's YNAB page, then our settings page. Alice is refused an http address, a loopback one
 * and a private one, each with what to fix and nothing kept; she sets a public https webhook, kept
 * sealed and shown by its host only; then removes it. The settings page's confirmation cannot delete
 * the account, and a post from another site is refused.
 */
import { request } from 'node:http';
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
const HOOK = 'https://93.184.215.14/hooks/T000/B000/very-secret-path';
const hooks = () =>
  server.store.query<{ person_id: string; sealed: string }>('SELECT * FROM digest_webhooks');

/** /account, "Set up my weekly digest…", then the stand-in's YNAB page answered as Alice. */
async function digestTrip(): Promise<Page> {
  const page = await browser.page();
  await page.goto(`${origin}/account`);
  expect(await page.locator('h2').allTextContents()).toContain('Weekly digest');
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=digest]'),
  ]);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
    page.click('button[value=Alice]'),
  ]);
  expect(await page.textContent('h1')).toBe('Your weekly digest');
  return page;
}

async function save(page: Page, url: string): Promise<void> {
  await page.fill('input[name=url]', url);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/account/digest'),
    page.click('button[value=save]'),
  ]);
}

describe('the weekly digest on the account page', { timeout: 120_000 }, () => {
  it('refuses addresses that break the rules, keeps a public https one sealed, and removes it', async () => {
    await signInAs(server, browser, callback, { person: 'Alice', access: 'read' });
    const alice = (await server.people.personOfYnabUser(ALICE))!.id;
    const page = await digestTrip();
    expect(await page.textContent('body')).toContain('No weekly digest is sent now.');
    expect(await page.textContent('body')).toContain('It never sends your YNAB token.');

    for (const [url, says] of [
      ['http://93.184.215.14/hook', 'The weekly digest is sent over https only'],
      ['https://127.0.0.1/hook', 'The address 127.0.0.1 is not public'],
      ['https://10.0.0.8/hook', 'The address 10.0.0.8 is not public'],
      ['https://[fd00::8]/hook', 'The address fd00::8 is not public'],
      ['https://localhost/hook', 'The name localhost leads to'],
    ] as const) {
      await save(page, url);
      expect(await page.textContent('h1'), url).toBe('Your weekly digest');
      const error = await page.textContent('.error');
      expect(error, url).toContain(says);
      expect(error, url).toContain('Nothing was changed.');
    }
    expect(await hooks()).toEqual([]);

    await save(page, HOOK);
    expect(await page.textContent('h1')).toBe('Weekly digest on');
    expect(await page.textContent('body')).toContain('posted to the webhook at 93.184.215.14.');
    expect(await page.content()).not.toContain('very-secret-path');
    const kept = await hooks();
    expect(kept.map((h) => h.person_id)).toEqual([alice]);
    expect(kept[0]!.sealed).not.toContain('93.184.215.14');
    closePage(page);

    // the next visit shows the host only, and the webhook goes on Stop
    const again = await digestTrip();
    expect(await again.textContent('body')).toContain(
      'Your weekly digest is sent to a webhook at 93.184.215.14.',
    );
    expect(await again.content()).not.toContain('very-secret-path');
    await Promise.all([
      again.waitForURL((u) => u.pathname === '/account/digest'),
      again.click('button[value=remove]'),
    ]);
    expect(await again.textContent('h1')).toBe('Weekly digest stopped');
    expect(await hooks()).toEqual([]);
    // hosted mode runs the schedule; with no webhook left, a run sends nothing
    expect(await server.hosted.weekly?.run()).toBe(0);
    closePage(again);
  });

  it('its confirmation cannot delete the account, nor be used from another browser', async () => {
    const page = await digestTrip();
    const token = await page.inputValue('input[name=token]');
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    closePage(page);
    const post = (path: string, body: Record<string, string>, withCookie: string | null) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(withCookie ? { cookie: withCookie } : {}),
        },
        body: new URLSearchParams(body),
      });
    const deletion = await post('/account/delete', { token, decision: 'delete' }, cookie);
    expect(deletion.status).toBe(400);
    expect(await server.people.personOfYnabUser(ALICE)).not.toBeNull();
    const elsewhere = await post('/account/digest', { token, decision: 'save', url: HOOK }, null);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain('This page is not valid any more');
    expect(await hooks()).toEqual([]);
  });

  it('refuses a post from another site before anything is read', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${origin}/account/digest`,
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
      req.end(`decision=save&url=${encodeURIComponent(HOOK)}`);
    });
    expect(status).toBe(403);
    expect(await hooks()).toEqual([]);
  });
});
