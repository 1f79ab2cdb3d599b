/**
 * What hosted mode's pages say of privacy and of a trip gone stale. With AVENIR_MCP_PRIVACY_URL set,
 * the consent page, `/account`, the deletion's confirmation and the account flow's message pages link
 * the operator's privacy policy (YNAB's terms ask that it be shown prominently); without it no page
 * has the link. A trip to YNAB started from `/account` whose `state` is spent, expired or brought by
 * another browser ends on a page of its own that says to start again from `/account`, not from an app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { signInAs } from '../helpers/hosted-sign-in.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { startSignIn } from '../helpers/oauth-flow.js';

const PRIVACY = 'https://ynab.example.net/privacy?v=2';

let server: HostedServer;
let plain: HostedServer;
let browser: Browser;
let callback: Callback;

beforeAll(async () => {
  server = await startHostedServer({ privacyUrl: PRIVACY });
  plain = await startHostedServer();
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await plain?.close();
  await callback?.close();
});

const origin = (s: HostedServer) => new URL(s.url).origin;
const privacyLinks = (page: Page) =>
  page.$$eval('a', (as) => as.map((a) => a.href).filter((h) => h.includes('privacy')));

/** `/account`, "Delete my data…", then YNAB's page answered as `person`; the page where it ends. */
async function accountTrip(s: HostedServer, person: 'Alice' | 'Carol'): Promise<Page> {
  const page = await browser.page();
  await page.goto(`${origin(s)}/account`);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=delete]'),
  ]);
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/ynab/callback'),
    page.click(`button[value=${person}]`),
  ]);
  return page;
}

describe('the privacy policy on hosted pages', { timeout: 120_000 }, () => {
  it('is linked from the consent page, /account, the confirmation and the end pages when set', async () => {
    const consent = await browser.page();
    await consent.goto((await startSignIn(server.url, new TestOAuthProvider(callback.url))).href);
    expect(await consent.textContent('h1')).toMatch(/^Connect .* to your YNAB plan\?$/);
    expect(await privacyLinks(consent)).toEqual([PRIVACY]);
    expect(await consent.textContent('a[href*=privacy]')).toBe('Privacy policy of this server');
    closePage(consent);

    const account = await browser.page();
    await account.goto(`${origin(server)}/account`);
    expect(await privacyLinks(account)).toEqual([PRIVACY]);
    closePage(account);

    // Carol has no account: the flow ends on a message page, which links it too
    const none = await accountTrip(server, 'Carol');
    expect(await none.textContent('h1')).toBe('No account here for this YNAB account');
    expect(await privacyLinks(none)).toEqual([PRIVACY]);
    closePage(none);

    await signInAs(server, browser, callback, { person: 'Alice' });
    const confirm = await accountTrip(server, 'Alice');
    expect(await confirm.textContent('h1')).toBe('Delete your data on this server?');
    expect(await privacyLinks(confirm)).toEqual([PRIVACY]);
    closePage(confirm);
    // nothing was deleted by looking
    expect(await server.people.people()).toHaveLength(1);
  });

  it('is not linked anywhere when AVENIR_MCP_PRIVACY_URL is not set', async () => {
    const consent = await browser.page();
    await consent.goto((await startSignIn(plain.url, new TestOAuthProvider(callback.url))).href);
    expect(await consent.textContent('h1')).toMatch(/^Connect /);
    expect(await privacyLinks(consent)).toEqual([]);
    await consent.goto(`${origin(plain)}/account`);
    expect(await consent.textContent('h1')).toBe('Your data on this server');
    expect(await privacyLinks(consent)).toEqual([]);
    closePage(consent);
  });
});

describe('a stale trip to YNAB from /account', { timeout: 120_000 }, () => {
  it('says to start again from /account, and deletes nothing', async () => {
    await signInAs(plain, browser, callback, { person: 'Bob' });
    const before = (await plain.people.people()).map((p) => p.id);
    // a real trip, YNAB's answer caught before the browser reaches the callback
    const page = await browser.page();
    let answer: string | null = null;
    await page.route('**/oauth/authorize', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      answer = response.headers().location ?? null;
      await route.fulfill({ status: 204 });
    });
    await page.goto(`${origin(plain)}/account`);
    await page.click('button[value=delete]');
    await page.click('button[value=Bob]');
    await expect.poll(() => answer).not.toBeNull();
    closePage(page);
    // brought without the browser's cookie (spent by that), then again (unknown, as once expired)
    for (const url of [answer!, answer!]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain('This link to delete your data is not valid any more');
      expect(text).toContain('Nothing was deleted. Start again from /account on this server.');
      expect(text).not.toContain('app you are connecting');
    }
    expect((await plain.people.people()).map((p) => p.id)).toEqual(before);
  });
});
