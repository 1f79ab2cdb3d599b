/**
 * The stand-in's YNAB sign-in in a real browser: Debian's Chromium (playwright-core) opens the
 * authorize page, reads what it shows and clicks a person's button; the redirect reaches the app's
 * callback on loopback, and the code it carries is exchanged for tokens that reach that person's plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB_USER_ID, demoPeople, startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { call } from './helpers.js';
import { APP, postForm } from './oauth-helpers.js';

let browser: Browser;
let callback: Callback;
let si: StandIn;

beforeAll(async () => {
  callback = await startCallback();
  si = await startStandIn({
    people: demoPeople(),
    oauthApps: [{ ...APP, redirectUris: [callback.url] }],
  });
  browser = await openBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await si?.close();
  await callback?.close();
});

const authorize = (extra: Record<string, string>): string =>
  `${si.origin}/oauth/authorize?${new URLSearchParams({
    client_id: APP.clientId,
    redirect_uri: callback.url,
    response_type: 'code',
    ...extra,
  }).toString()}`;

describe('the authorize page in Chromium', () => {
  it('Bob signs in read-only; the code gives a read-only token for his plan', async () => {
    const page = await browser.page();
    try {
      await page.goto(authorize({ state: 'browser-1', scope: 'read-only' }));
      expect(await page.textContent('h1')).toContain(APP.clientId);
      expect(await page.textContent('#scope')).toBe(
        'Read only: it may read your plans and cannot change them.',
      );
      expect(await page.locator('button').allTextContents()).toEqual([
        'Sign in as Alice',
        'Sign in as Bob',
        'Deny',
      ]);
      const arrived = callback.next();
      await page.click('text=Sign in as Bob');
      const query = await arrived;
      expect(query.get('state')).toBe('browser-1');
      const token = await postForm(`${si.origin}/oauth/token`, {
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        grant_type: 'authorization_code',
        code: query.get('code') ?? '',
        redirect_uri: callback.url,
      });
      expect(token.json).toMatchObject({ scope: 'read-only', token_type: 'bearer', expires_in: 7200 });
      const user = await call(si, 'GET', '/user', undefined, token.json.access_token);
      expect(user.json.data.user.id).toBe(BOB_USER_ID);
      const write = await call(
        si,
        'PATCH',
        '/plans/bob-household/months/2026-09-01/categories/bob-cat-rent',
        { category: { budgeted: 1000 } },
        token.json.access_token,
      );
      expect(write.status).toBe(403);
      expect(si.writes).toEqual([]);
    } finally {
      closePage(page);
    }
  });

  it('Deny sends the browser back with error=access_denied', async () => {
    const page = await browser.page();
    try {
      await page.goto(authorize({ state: 'browser-2' }));
      expect(await page.textContent('#scope')).toBe('Full access: it may read and change your plans.');
      const arrived = callback.next();
      await page.click('button[value=deny]');
      const query = await arrived;
      expect(query.get('error')).toBe('access_denied');
      expect(query.get('state')).toBe('browser-2');
      expect(query.get('code')).toBeNull();
    } finally {
      closePage(page);
    }
  });

  it('an unregistered redirect address shows an error page and goes nowhere', async () => {
    const page = await browser.page();
    try {
      const response = await page.goto(
        `${si.origin}/oauth/authorize?client_id=${APP.clientId}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      );
      expect(response?.status()).toBe(400);
      expect(page.url()).toContain(`${si.origin}/oauth/authorize`);
      expect(await page.textContent('#error')).toContain('is not one registered');
      expect(await page.locator('button').count()).toBe(0);
    } finally {
      closePage(page);
    }
  });
});
