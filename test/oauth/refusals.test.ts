/**
 * What remote mode refuses, each on its own: a wrong passphrase and too many of them, a missing or
 * wrong PKCE verifier, a redirect address the client did not register, a token for another resource,
 * an expired token, and the static bearer token. Real loopback HTTP; the page answered in Chromium.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { closePage, consent, openBrowser, type Browser } from '../helpers/browser.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { authorizeUrl, codeFor, mcpWith, pkce, redeem, register } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';

let remote: Remote;
let browser: Browser;
let callback: Callback;
let clientId: string;

it.beforeAll(async ({ h }) => {
  callback = await startCallback();
  remote = await startRemote(h);
  browser = await openBrowser();
  clientId = await register(remote, callback.url);
}, 60_000);
it.afterAll(async () => {
  await browser?.close();
  await remote?.close();
  await callback?.close();
});

/** A fresh access token through the whole flow (the grant it belongs to is the newest). */
async function accessToken(): Promise<{ access: string; grantId: string }> {
  const { code, verifier } = await codeFor(remote, browser, callback, clientId);
  const answer = await redeem(remote, clientId, code, verifier, callback.url);
  expect(answer.status).toBe(200);
  const grants = await remote.store.list('Grant');
  const newest = grants.sort((a, b) => Number(b.payload.iat) - Number(a.payload.iat))[0]!;
  return { access: answer.body.access_token!, grantId: newest.id };
}

describe('the passphrase', () => {
  it('refuses a wrong passphrase: the page again with 401, no code, and a right one then works', async () => {
    const { challenge } = pkce();
    const url = authorizeUrl(remote, clientId, callback.url, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const grantsBefore = (await remote.store.list('Grant')).length;
    const refused = { status: 0 };
    const page = await consent(browser, url, { passphrase: 'not the passphrase at all', refused });
    expect(refused.status).toBe(401);
    expect(await remote.store.list('Grant')).toHaveLength(grantsBefore);
    expect(await page.textContent('[role=alert]')).toContain('not the one set for this server');
    expect(page.url()).toContain('/interaction/');
    const redirected = callback.next();
    await page.fill('input[name=passphrase]', PASSPHRASE);
    await page.click('button[value=allow]');
    expect((await redirected).get('code')).toBeTruthy();
    closePage(page);
  });

  it('says how many tries are left, then stops taking tries after five wrong ones, with no form to send', async ({
    h,
  }) => {
    const own = await startRemote(h);
    try {
      const id = await register(own, callback.url);
      const { challenge } = pkce();
      const url = authorizeUrl(own, id, callback.url, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      for (let i = 0; i < 4; i++) {
        const refused = { status: 0 };
        const page = await consent(browser, url, { passphrase: `wrong guess number ${i}`, refused });
        expect(refused.status).toBe(401);
        const left = 4 - i;
        expect(await page.textContent('#passphrase-error')).toContain(
          `${left} ${left === 1 ? 'try' : 'tries'} left, then sign-in pauses for 15 minutes.`,
        );
        await page.close();
      }
      // the fifth wrong one: the pause begins, and the page that says so has nothing to send
      const refused = { status: 0 };
      const last = await consent(browser, url, { passphrase: 'wrong guess number 4', refused });
      expect(refused.status).toBe(401);
      expect(await last.locator('form, input, button').count()).toBe(0);
      expect(await last.textContent('[role=alert]')).toMatch(
        /Too many wrong passphrases: no tries are taken for 1[45] more minutes/,
      );
      closePage(last);
      // opened again while paused: the same page, no form, whatever the passphrase would have been
      const page = await browser.page();
      const response = await page.goto(url.href);
      expect(response?.status()).toBe(429);
      expect(await page.locator('form, input, button').count()).toBe(0);
      expect(await page.textContent('[role=alert]')).toMatch(
        /Too many wrong passphrases: no tries are taken for 1[45] more minutes/,
      );
      expect(page.url()).toContain('/interaction/');
      expect(await own.store.list('Grant')).toHaveLength(0);
      closePage(page);
    } finally {
      await own.close();
    }
  });
});

describe('PKCE', () => {
  it('refuses an authorization request without a code challenge', async () => {
    const page = await browser.page();
    const redirected = callback.next();
    await page.goto(authorizeUrl(remote, clientId, callback.url).href);
    const query = await redirected;
    expect(query.get('code')).toBeNull();
    expect(query.get('error')).toBe('invalid_request');
    expect(query.get('error_description')).toContain('PKCE');
    closePage(page);
  });

  it('refuses the plain method: S256 only', async () => {
    const page = await browser.page();
    const redirected = callback.next();
    await page.goto(
      authorizeUrl(remote, clientId, callback.url, {
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      }).href,
    );
    const query = await redirected;
    expect(query.get('code')).toBeNull();
    expect(query.get('error')).toBe('invalid_request');
    closePage(page);
  });

  it('refuses to redeem a code without the verifier', async () => {
    const { code } = await codeFor(remote, browser, callback, clientId);
    const answer = await redeem(remote, clientId, code, null, callback.url);
    expect(answer.status).toBe(400);
    expect(answer.body.access_token).toBeUndefined();
    expect(answer.body.error).toMatch(/invalid_(grant|request)/);
  });

  it('refuses to redeem a code with a wrong verifier', async () => {
    const { code } = await codeFor(remote, browser, callback, clientId);
    const answer = await redeem(remote, clientId, code, pkce().verifier, callback.url);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(answer.body.access_token).toBeUndefined();
  });
});

describe('redirect addresses', () => {
  it('refuses a redirect address the client did not register, and sends nothing there', async () => {
    const elsewhere = 'http://127.0.0.1:9/elsewhere';
    const { challenge } = pkce();
    const page = await browser.page();
    const response = await page.goto(
      authorizeUrl(remote, clientId, elsewhere, { code_challenge: challenge, code_challenge_method: 'S256' })
        .href,
    );
    expect(response?.status()).toBe(400);
    expect(page.url()).toContain('/authorize');
    expect(await page.textContent('body')).toContain('redirect_uri');
    closePage(page);
  });
});

describe('resources', () => {
  it('refuses an authorization request for another resource', async () => {
    const { challenge } = pkce();
    const page = await browser.page();
    const redirected = callback.next();
    await page.goto(
      authorizeUrl(remote, clientId, callback.url, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: 'https://other.example/mcp',
      }).href,
    );
    const query = await redirected;
    expect(query.get('code')).toBeNull();
    expect(query.get('error')).toBe('invalid_target');
    closePage(page);
  });

  it('refuses at /mcp a token issued for another resource', async () => {
    const { access, grantId } = await accessToken();
    expect((await mcpWith(remote, access)).status).toBe(200);
    const { provider } = remote.oauth;
    const client = (await provider.Client.find(clientId))!;
    const foreign = new provider.AccessToken({
      client,
      accountId: 'owner',
      grantId,
      scope: 'ynab:read',
      gty: 'authorization_code',
    });
    foreign.setAudience('https://other.example/mcp');
    const value = await foreign.save();
    const answer = await mcpWith(remote, value);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('invalid_token');
  });
});

describe('tokens', () => {
  it('refuses an expired access token', async () => {
    const { grantId } = await accessToken();
    const { provider } = remote.oauth;
    const client = (await provider.Client.find(clientId))!;
    const short = new provider.AccessToken({
      client,
      accountId: 'owner',
      grantId,
      scope: 'ynab:read',
      gty: 'authorization_code',
      expiresIn: 1,
    });
    short.setAudience(remote.url);
    const value = await short.save();
    expect((await mcpWith(remote, value)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const answer = await mcpWith(remote, value);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('invalid_token');
  });

  it('refuses the static bearer token in oauth mode, pointing to the metadata', async () => {
    const answer = await mcpWith(remote, 'a-long-static-token-that-bearer-mode-would-take');
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(/^Bearer /);
    expect(answer.challenge).toContain(
      `resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', remote.url).href}"`,
    );
  });

  it('refuses a request without a token with the same challenge', async () => {
    const r = await fetch(remote.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});
