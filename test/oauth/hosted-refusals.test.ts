/**
 * Hosted mode's sign-in when it does not go through: Deny on the consent page, Deny at YNAB, a time
 * zone the server does not know, a `state` replayed, forged or brought by another browser, and a
 * YNAB token endpoint that refuses. Each ends on a page saying what happened (or, for the consent
 * page's Deny, the app's `access_denied`), and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { hostedConsent, startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import type { RecordingPeople } from '../helpers/recording-people.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { startSignIn } from '../helpers/oauth-flow.js';

let server: HostedServer;
let people: RecordingPeople;
let browser: Browser;
let callback: Callback;

beforeAll(async () => {
  server = await startHostedServer();
  people = server.people;
  callback = await startCallback();
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await callback?.close();
});

const authorizationUrl = () => startSignIn(server.url, new TestOAuthProvider(callback.url));
const nothingStored = async () => {
  expect(await people.people()).toEqual([]);
  expect(people.saves).toBe(0);
};

describe('hosted sign-in refusals', { timeout: 60_000 }, () => {
  it('Deny on the consent page sends the app access_denied and never reaches YNAB', async () => {
    const redirected = callback.next();
    const page = await hostedConsent(browser, await authorizationUrl(), { person: 'Alice', deny: 'consent' });
    const params = await redirected;
    closePage(page);
    expect(params.get('error')).toBe('access_denied');
    expect(server.standIn.requests.filter((r) => r.path.startsWith('/oauth/'))).toEqual([]);
    await nothingStored();
  });

  it('an unknown time zone shows the page again with what to fix', async () => {
    const page = await browser.page();
    await page.goto((await authorizationUrl()).href);
    await page.fill('input[name=time_zone]', 'Mars/Olympus');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.click('button[value=allow]'),
    ]);
    expect(response.status()).toBe(400);
    expect(await page.textContent('[role=alert]')).toBe(
      '"Mars/Olympus" is not a time zone this server knows: type one such as Europe/Paris or America/Los_Angeles, or leave it empty for the server\'s.',
    );
    closePage(page);
    await nothingStored();
  });

  it('Deny at YNAB ends on a page saying nothing was stored', async () => {
    const page = await hostedConsent(browser, await authorizationUrl(), { person: 'Alice', deny: 'ynab' });
    await page.waitForURL((u) => u.pathname === '/oauth/ynab/callback');
    expect(await page.textContent('h1')).toBe('YNAB access was not allowed');
    expect(await page.textContent('p')).toContain('Nothing was stored.');
    closePage(page);
    await nothingStored();
  });

  it('a state replayed, forged, or brought without its browser cookie is refused, nothing stored', async () => {
    // a real trip to YNAB, its answer caught before the browser reaches the callback
    const page = await browser.page();
    let answer: string | null = null;
    await page.route('**/oauth/authorize', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      answer = response.headers().location ?? null;
      await route.fulfill({ status: 204 });
    });
    await page.goto((await authorizationUrl()).href);
    await page.click('button[value=allow]');
    await page.click('button[value=Alice]');
    await expect.poll(() => answer).not.toBeNull();
    closePage(page);
    const caught = new URL(answer!);
    // without the cookie (another browser): refused, and the state is spent
    for (const url of [caught.href, caught.href, `${caught.origin}${caught.pathname}?code=x&state=forged`]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This sign-in link is not valid any more');
    }
    await nothingStored();
  });

  it('a token endpoint that refuses ends on a page, nothing stored', async () => {
    server.standIn.fault({ path: '/oauth/token', status: 500 });
    const page = await hostedConsent(browser, await authorizationUrl(), { person: 'Bob' });
    await page.waitForURL((u) => u.pathname === '/oauth/ynab/callback');
    expect(await page.textContent('h1')).toBe('The sign-in with YNAB failed');
    expect(await page.textContent('p')).toMatch(
      /^YNAB refused to exchange the sign-in code \(HTTP 500, unknown_error\)\. Nothing was stored\./,
    );
    closePage(page);
    expect((await people.people()).map((p) => p.ynabUserId)).not.toContain(
      'b0b5e1f2-8a3c-4d9e-a6b7-1c2d3e4f5a60',
    );
  });
});
