/**
 * What a person sees on the sign-in pages, in headless Chromium: the server and its host, the app
 * (unverified when it registered itself, its host when a metadata document vouches for it), what
 * reading and changes allow, how long and how to revoke, Allow as the one primary button reached and
 * pressed from the keyboard, a read-only server said in words, the error page in plain language, and
 * text contrast in both schemes measured from the computed styles.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { startSignIn } from '../helpers/oauth-flow.js';
import { at } from '../helpers/oauth-raw.js';
import { startHostedServer, type HostedServer } from '../helpers/hosted-server.js';
import { colours, contrastOf, ratio } from '../helpers/page-contrast.js';
import {
  PASSPHRASE,
  startMetadataHost,
  startRemote,
  type MetadataHost,
  type Remote,
} from '../helpers/oauth-server.js';

let remote: Remote;
let browser: Browser;
let callback: Callback;
let cimd: MetadataHost;

it.beforeAll(async ({ h }) => {
  callback = await startCallback();
  cimd = await startMetadataHost(callback.url, 'Metadata client');
  remote = await startRemote(h, { fetch: cimd.fetch });
  browser = await openBrowser();
}, 60_000);
it.afterAll(async () => {
  await browser?.close();
  await remote?.close();
  await cimd?.close();
  await callback?.close();
});

/** The sign-in page an app's first connection opens, in the given scheme. */
async function signInPage(
  provider: TestOAuthProvider,
  scheme: 'light' | 'dark' = 'light',
  on: Remote = remote,
): Promise<Page> {
  const url = await startSignIn(on.url, provider);
  const page = await browser.page();
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(url.href);
  return page;
}

const visibleText = (page: Page): Promise<string> => page.innerText('body');

describe('the owner sign-in page', () => {
  it('names the server, the unverified app, what each access allows, how long, and how to revoke', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Pocket assistant');
    const page = await signInPage(provider);
    const text = await visibleText(page);
    expect(await page.textContent('.server')).toBe(`avenir-mcp at ${remote.oauth.publicUrl.host}`);
    expect(await page.textContent('h1')).toBe('Allow Pocket assistant unverified to use your YNAB plan?');
    expect(text).toContain('The name is the one the app gave itself when it registered');
    expect(text).toContain('Reading lets it see your plan');
    expect(text).toContain('Changes let it also propose edits');
    expect(text).toContain('The access lasts until you revoke it, 365 days at most');
    expect(text).toContain('30 days without using it must ask again');
    expect(await page.getAttribute('a[href="/account"]', 'href')).toBe('/account');
    // the 43-character registration id is not in what the person reads, only under Details
    const clientId = provider.info!.client_id;
    expect(text).not.toContain(clientId);
    await page.click('summary');
    expect(await visibleText(page)).toContain(clientId);
    // one primary button: Allow is drawn unlike Deny
    expect(await page.getAttribute('button[value=allow]', 'class')).toBe('primary');
    expect(await page.getAttribute('button[value=deny]', 'class')).toBeNull();
    const allow = await colours(page, 'button[value=allow]');
    const deny = await colours(page, 'button[value=deny]');
    expect(allow.bg).not.toEqual(deny.bg);
    closePage(page);
  });

  it('names the verified host of a client ID metadata document, with no unverified mark', async () => {
    const provider = new TestOAuthProvider(callback.url, cimd.clientId, 'Metadata client');
    const page = await signInPage(provider);
    const host = new URL(cimd.clientId).host;
    expect(await page.textContent('h1')).toBe('Allow Metadata client to use your YNAB plan?');
    expect(await page.locator('.tag').count()).toBe(0);
    expect(await visibleText(page)).toContain(`This app is described at ${host}, which this server checked`);
    closePage(page);
  });

  it('is answered from the keyboard alone: the passphrase has the focus, Tab reaches Allow, Enter sends', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Keyboard client');
    const page = await signInPage(provider);
    expect(await page.evaluate('document.activeElement.id')).toBe('passphrase');
    await page.keyboard.type(PASSPHRASE);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.name')).toBe('write');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.value')).toBe('allow');
    const redirected = callback.next();
    await page.keyboard.press('Enter');
    expect((await redirected).get('code')).toBeTruthy();
    closePage(page);
  });

  it('says in words that the operator allows reading only, with no setting name', async ({ h }) => {
    const own = await startRemote(h, { write: false });
    try {
      const page = await signInPage(new TestOAuthProvider(callback.url, undefined, 'Reader'), 'light', own);
      const text = await visibleText(page);
      expect(text).toContain('The operator of this server allows reading only');
      expect(text).not.toMatch(/AVENIR_MCP_WRITE|Changes let it/);
      expect(await page.locator('input[name=write]').count()).toBe(0);
      closePage(page);
    } finally {
      await own.close();
    }
  });

  it.each(['light', 'dark'] as const)(
    'keeps text readable in the %s scheme, from computed styles',
    async (scheme) => {
      const provider = new TestOAuthProvider(callback.url, undefined, `Contrast ${scheme}`);
      const page = await signInPage(provider, scheme);
      await page.fill('#passphrase', 'a wrong passphrase');
      await Promise.all([page.waitForSelector('#passphrase-error'), page.click('button[value=allow]')]);
      const body = await colours(page, 'body');
      // the dark scheme paints a dark page, the light one a light page
      const dark = ratio(body.bg, [0, 0, 0]) < ratio(body.bg, [255, 255, 255]);
      expect(dark).toBe(scheme === 'dark');
      for (const selector of [
        'h1',
        'p',
        '.server',
        'label[for=passphrase]',
        '#passphrase-error',
        'a',
        'button[value=deny]',
      ])
        expect(await contrastOf(page, selector), selector).toBeGreaterThanOrEqual(7);
      expect(await contrastOf(page, 'button[value=allow]')).toBeGreaterThanOrEqual(7);
      // the error is tied to its field
      expect(await page.getAttribute('#passphrase', 'aria-invalid')).toBe('true');
      expect(await page.getAttribute('#passphrase', 'aria-describedby')).toBe('passphrase-error');
      closePage(page);
    },
  );
});

describe('the error page', () => {
  it.each(['light', 'dark'] as const)(
    'says what happened and what to do, no OAuth code, readable in %s',
    async (scheme) => {
      const page = await browser.page();
      await page.emulateMedia({ colorScheme: scheme });
      const response = await page.goto(at(remote, '/authorize?client_id=nobody&response_type=code'));
      expect(response?.status()).toBe(400);
      const text = await visibleText(page);
      expect(text).toContain('The app that sent you here is not known to this server');
      expect(text).toContain('Remove this server from the app and add it again.');
      expect(text).not.toMatch(/invalid_client/);
      expect(await contrastOf(page, 'p')).toBeGreaterThanOrEqual(7);
      closePage(page);
    },
  );
});

describe('the hosted consent page', () => {
  let server: HostedServer;
  beforeAll(async () => {
    server = await startHostedServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(['light', 'dark'] as const)(
    'names the server and the app, says what each access allows and how to revoke, readable in %s',
    async (scheme) => {
      const provider = new TestOAuthProvider(callback.url, undefined, 'Hosted helper');
      const url = await startSignIn(server.url, provider);
      const page = await browser.page();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(url.href);
      const text = await visibleText(page);
      expect(await page.textContent('.server')).toBe(`avenir-mcp at ${new URL(server.url).host}`);
      expect(await page.textContent('h1')).toBe('Connect Hosted helper unverified to your YNAB plan?');
      expect(text).toContain('It lets it see your plan');
      expect(text).toContain('The access lasts until you revoke it');
      expect(text).toContain("remove this server from the authorized applications in YNAB's settings");
      expect(text).not.toContain(provider.info!.client_id);
      expect(await page.getAttribute('button[value=allow]', 'class')).toBe('primary');
      for (const selector of ['h1', 'p', 'legend', 'label', 'a', 'button[value=deny]', 'button[value=allow]'])
        expect(await contrastOf(page, selector), selector).toBeGreaterThanOrEqual(7);
      closePage(page);
    },
  );
});
