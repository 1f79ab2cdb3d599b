/**
 * Remote mode's account page in headless Chromium, keyboard only: the passphrase opens it, each app's
 * grant is narrowed to reading, widened to changes, and revoked, and the official client's next call
 * sees each change without signing in again (the revoked token is refused). A wrong passphrase is
 * tied to its field; a form posted without the page's token changes nothing; the scope step-up sends
 * a read-only app back to the sign-in page when it calls a write tool.
 */
import { UnauthorizedError } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { writeTools } from '../../src/tools/index.js';
import { closePage, consent, openBrowser, type Browser } from '../helpers/browser.js';
import { requestLines } from '../helpers/harness.js';
import { startCallback, TestOAuthProvider, type Callback } from '../helpers/oauth-client.js';
import { newClient, signIn, transportFor } from '../helpers/oauth-flow.js';
import { at, register } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';
import { TryLimiter } from '../../src/transports/oauth/rate-limit.js';

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

const WRITES = writeTools.map((t) => t.name);
/**
 * The write tools a new connection lists with the tokens the app already holds (no new sign-in). A
 * new connection, since the official client keeps a connection's tool list for the time the server
 * says it may.
 */
async function writesListed(provider: TestOAuthProvider, url = remote.url): Promise<number> {
  const client = newClient();
  await client.connect(transportFor(url, provider));
  const listed = (await client.listTools()).tools.filter((t) => WRITES.includes(t.name)).length;
  await client.close();
  return listed;
}

/** Opens /account and types the passphrase, keyboard only: the field has the focus, Enter sends. */
async function openAccount(passphrase = PASSPHRASE): Promise<Page> {
  await browser.context.clearCookies({ name: 'avenir_owner_account' });
  const page = await browser.page();
  await page.goto(at(remote, '/account'));
  expect(await page.evaluate('document.activeElement?.id')).toBe('passphrase');
  await page.keyboard.type(passphrase);
  await page.keyboard.press('Enter');
  // the answer: the apps (with the form that closes the page) or the passphrase again, with its error
  await page.waitForSelector('#passphrase-error, form[action="/account/apps"]');
  return page;
}

/** Presses one app's button with the keyboard: focus by Tab until it is reached, then Enter. */
async function press(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''");
    if (focused === label) {
      // the form posts and is sent back to /account, the address the page already has: wait for the
      // new page's load, not for the address
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe('/account');
      return;
    }
  }
  throw new Error(`Tab never reached "${label}"`);
}

const grantScopes = async (): Promise<string[]> =>
  (await remote.store.list('Grant')).map(
    (g) => Object.values((g.payload.resources ?? {}) as Record<string, string>)[0] ?? '',
  );

describe('the account page', () => {
  it('widens, narrows and revokes an app, each seen by its next call without signing in again', async ({
    h,
  }) => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Pocket assistant');
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE });
    expect(await writesListed(provider)).toBe(0);

    const page = await openAccount();
    const row = page.locator('tr', { hasText: 'Pocket assistant' });
    expect(await row.textContent()).toContain('Read only');
    expect(await row.locator('.tag').textContent()).toBe('unverified');
    expect(await page.locator('button[aria-pressed=true]', { hasText: 'Read only' }).count()).toBe(1);

    await press(page, 'Also changes: Pocket assistant');
    expect(await page.textContent('[role=status]')).toContain(
      'Pocket assistant may now read your plan and propose changes',
    );
    expect(await row.locator('td').nth(1).textContent()).toBe('Also changes');
    expect(await grantScopes()).toEqual(['ynab:read ynab:write']);
    expect(await writesListed(provider)).toBe(WRITES.length);

    await press(page, 'Read only: Pocket assistant');
    expect(await page.textContent('[role=status]')).toContain('Pocket assistant may now only read your plan');
    expect(await grantScopes()).toEqual(['ynab:read']);
    expect(await writesListed(provider)).toBe(0);

    h.standIn.clearRequests();
    await press(page, 'Revoke: Pocket assistant');
    expect(await page.textContent('[role=status]')).toContain('Pocket assistant can no longer use your plan');
    expect(await page.locator('tr', { hasText: 'Pocket assistant' }).count()).toBe(0);
    expect(await remote.store.list('Grant')).toHaveLength(0);
    // the token the app holds is refused at its next call, and nothing reaches YNAB
    await expect(client.listTools()).rejects.toThrow();
    const raw = await fetch(remote.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved?.access_token ?? ''}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(raw.status).toBe(401);
    expect(requestLines(h.standIn)).toEqual([]);
    closePage(page);
    await client.close().catch(() => undefined);
  });

  it('ties a wrong passphrase to its field with the tries left, and opens nothing', async () => {
    const page = await openAccount('not the passphrase at all');
    const field = page.locator('#passphrase');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('passphrase-error');
    expect(await page.textContent('#passphrase-error')).toMatch(
      /not the one set for this server\. 4 tries left, then sign-in pauses for 15 minutes\./,
    );
    expect(await page.locator('table').count()).toBe(0);
    // the right one resets the count
    await page.fill('#passphrase', PASSPHRASE);
    await Promise.all([page.waitForURL(/\/account$/), page.press('#passphrase', 'Enter')]);
    expect(await page.textContent('h1')).toBe('Your connected apps');
    closePage(page);
  });

  it('changes nothing for a form without the page token, or without the session', async () => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Forged target');
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE });
    const clientId = provider.info!.client_id;
    const page = await openAccount();
    const cookie = (await browser.context.cookies(at(remote, '/account')))
      .filter((c) => c.name === 'avenir_owner_account')
      .map((c) => `${c.name}=${c.value}`);
    expect(cookie).toHaveLength(1);
    const post = (headers: Record<string, string>, csrf: string) =>
      fetch(at(remote, '/account/apps'), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: remote.oauth.publicUrl.origin,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams({ csrf, client: clientId, action: 'revoke' }).toString(),
      });
    expect((await post({ cookie: cookie[0]! }, 'forged')).status).toBe(303);
    expect((await post({}, await page.inputValue('input[name=csrf] >> nth=0'))).status).toBe(303);
    expect((await remote.store.list('Grant')).filter((g) => g.payload.clientId === clientId)).toHaveLength(1);
    expect(await writesListed(provider)).toBe(0);
    closePage(page);
    await client.close();
  });
});

describe('the scope step-up', () => {
  it('answers a write call from a read-only grant with 403 insufficient_scope, and the official client asks again', async ({
    h,
  }) => {
    const provider = new TestOAuthProvider(callback.url, undefined, 'Stepping client');
    const client = await signIn(remote.url, provider, browser, callback, { passphrase: PASSPHRASE });
    h.standIn.clearRequests();
    // what the server answers, as the client sees it on the wire
    const raw = await fetch(remote.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved?.access_token ?? ''}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'rename_payee', arguments: { plan_id: 'demo-budget', payee_id: 'x', name: 'y' } },
      }),
    });
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="ynab:read ynab:write"');
    expect(challenge).toContain('resource_metadata=');

    // the official client: the 403 sends it to the sign-in page with the wider scope
    provider.authorizationUrl = null;
    await expect(
      client.callTool({
        name: 'rename_payee',
        arguments: { plan_id: 'demo-budget', payee_id: 'pay-999', name: 'Renamed' },
      }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl as URL | null;
    expect(url?.searchParams.get('scope')?.split(' ')).toContain('ynab:write');
    expect(requestLines(h.standIn)).toEqual([]);

    const redirected = callback.next();
    const page = await consent(browser, url!, { passphrase: PASSPHRASE, write: true });
    const params = await redirected;
    closePage(page);
    await transportFor(remote.url, provider).finishAuth(params);
    const again = newClient();
    await again.connect(transportFor(remote.url, provider));
    const result = await again.callTool({
      name: 'rename_payee',
      arguments: { plan_id: 'demo-budget', payee_id: 'pay-999', name: 'Renamed' },
    });
    // the tool ran this time: it answers about the payee, and YNAB was read, not written
    expect(JSON.stringify(result.content)).toMatch(/pay-999/);
    expect(requestLines(h.standIn).length).toBeGreaterThan(0);
    expect(h.standIn.writes).toHaveLength(0);
    await again.close();
    await client.close().catch(() => undefined);
  });

  it('lets a read-only server answer a write call as before, with no step-up to offer', async ({ h }) => {
    const own = await startRemote(h, { write: false });
    try {
      const provider = new TestOAuthProvider(callback.url, undefined, 'Read-only server client');
      const client = await signIn(own.url, provider, browser, callback, { passphrase: PASSPHRASE });
      const call = await client
        .callTool({ name: 'rename_payee', arguments: { plan_id: 'demo-budget', payee_id: 'x', name: 'y' } })
        .then((r) => ({ refused: r.isError === true, text: JSON.stringify(r.content) }))
        .catch((e: Error) => ({ refused: true, text: e.message }));
      expect(call.refused).toBe(true);
      expect(call.text).not.toContain('insufficient_scope');
      expect(provider.authorizationUrl?.searchParams.get('scope')).not.toContain('ynab:write');
      await client.close();
    } finally {
      await own.close();
    }
  });
});

/*
 * The account page on answers a browser seldom sends, over loopback HTTP: a GET of the answers'
 * address, an app already gone, an action it does not know, changes offered by a read-only server,
 * closing the page, and the passphrase pause (the page then has no form).
 */
describe('requests a browser seldom sends', () => {
  const form = (remote: Remote, path: string, body: Record<string, string>, cookie = '') =>
    fetch(at(remote, path), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: remote.oauth.publicUrl.origin,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });

  /** Opens a session: its cookie, and the form token of the page it shows. */
  async function open(remote: Remote): Promise<{ cookie: string; csrf: string; html: string }> {
    const signedIn = await form(remote, '/account', { passphrase: PASSPHRASE, decision: 'sign-in' });
    expect(signedIn.status).toBe(303);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict; Max-Age=600$/);
    const page = await fetch(at(remote, '/account'), { headers: { cookie } });
    const html = await page.text();
    return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '', html };
  }

  const notice = async (remote: Remote, cookie: string): Promise<string> => {
    const html = await (await fetch(at(remote, '/account'), { headers: { cookie } })).text();
    return /<p role="status">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  };

  describe('the account page, by hand', () => {
    it('sends a GET of the answers back to the page, and says when an app is gone or an action unknown', async ({
      h,
    }) => {
      const remote = await startRemote(h);
      try {
        const get = await fetch(at(remote, '/account/apps'), { redirect: 'manual' });
        expect(get.status).toBe(303);
        expect(get.headers.get('location')).toBe('/account');
        const { cookie, csrf, html } = await open(remote);
        expect(html).toContain('No app can use your plan through this server now.');
        await form(remote, '/account/apps', { csrf, client: 'gone', action: 'revoke' }, cookie);
        expect(await notice(remote, cookie)).toBe('That app has no access any more: nothing was changed.');
        // the notice is said once
        expect(await notice(remote, cookie)).toBe('');

        const clientId = await register(remote, 'http://127.0.0.1:9/cb', 'Listed');
        await remote.store.set(
          'Grant',
          'g',
          { clientId, iat: 1, resources: { [remote.url]: 'ynab:read' } },
          null,
        );
        await form(remote, '/account/apps', { csrf, client: clientId, action: 'delete-everything' }, cookie);
        expect(await notice(remote, cookie)).toBe('Nothing was changed.');
        expect(await remote.store.get('Grant', 'g')).toBeDefined();

        // without the form token nothing is done; without an app named, none is found
        await form(remote, '/account/apps', { client: clientId, action: 'revoke' }, cookie);
        expect(await remote.store.get('Grant', 'g')).toBeDefined();
        await form(remote, '/account/apps', { csrf, action: 'read' }, cookie);
        expect(await notice(remote, cookie)).toBe('That app has no access any more: nothing was changed.');

        // closing the page ends the session: its cookie opens nothing more
        const closed = await form(remote, '/account/apps', { csrf, action: 'sign-out' }, cookie);
        expect(closed.headers.get('set-cookie')).toContain('Max-Age=0');
        const after = await (await fetch(at(remote, '/account'), { headers: { cookie } })).text();
        expect(after).toContain('id="passphrase"');
        await form(remote, '/account/apps', { csrf, client: clientId, action: 'revoke' }, cookie);
        expect(await remote.store.get('Grant', 'g')).toBeDefined();
      } finally {
        await remote.close();
      }
    });

    it('offers no changes on a read-only server, and refuses a widening sent anyway', async ({ h }) => {
      const remote = await startRemote(h, { write: false });
      try {
        const clientId = await register(remote, 'http://127.0.0.1:9/cb', null);
        await remote.store.set(
          'Grant',
          'g',
          { clientId, iat: 1, resources: { [remote.url]: 'ynab:read' } },
          null,
        );
        const { cookie, csrf, html } = await open(remote);
        expect(html).toContain('An unnamed app');
        expect(html).toContain('The operator of this server allows reading only');
        expect(html).not.toContain('value="write"');
        await form(remote, '/account/apps', { csrf, client: clientId, action: 'write' }, cookie);
        expect(await notice(remote, cookie)).toContain('This server allows reading only');
        expect((await remote.store.get('Grant', 'g'))?.resources).toEqual({ [remote.url]: 'ynab:read' });
      } finally {
        await remote.close();
      }
    });

    it('pauses after the last wrong passphrase: no form, on the answer and on the page opened again', async ({
      h,
    }) => {
      const remote = await startRemote(h, { limiter: new TryLimiter(2) });
      try {
        const first = await form(remote, '/account', {});
        expect(first.status).toBe(401);
        expect(await first.text()).toContain('1 try left, then sign-in pauses for 15 minutes.');
        const last = await form(remote, '/account', { passphrase: 'wrong two' });
        expect(last.status).toBe(401);
        const lastHtml = await last.text();
        expect(lastHtml).toContain('Too many wrong passphrases');
        expect(lastHtml).not.toMatch(/<form|<input|<button/);
        const page = await fetch(at(remote, '/account'));
        expect(page.status).toBe(429);
        expect(await page.text()).not.toMatch(/<form|<input|<button/);
        const right = await form(remote, '/account', { passphrase: PASSPHRASE });
        expect(right.status).toBe(429);
        expect(right.headers.get('set-cookie')).toBeNull();
      } finally {
        await remote.close();
      }
    });
  });
});
