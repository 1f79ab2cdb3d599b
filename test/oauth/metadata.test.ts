/**
 * What a host reads before it signs in, and the guards around it: the protected-resource metadata
 * (RFC 9728), the authorization-server metadata (RFC 8414), the Host and Origin checks with a public
 * host, and the authorize page's headers; on a read-only server, no "also changes" at all.
 */
import { request } from 'node:http';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { openBrowser, closePage, type Browser } from '../helpers/browser.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { at, authorizeUrl, pkce, register } from '../helpers/oauth-raw.js';
import { startRemote, type Remote } from '../helpers/oauth-server.js';

let remote: Remote;
let callback: Callback;
let browser: Browser;

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

const rawStatus = (headers: Record<string, string>, path = '/mcp'): Promise<number> =>
  new Promise((resolve, reject) => {
    const url = new URL(remote.url);
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

describe('discovery', () => {
  it('serves the protected-resource metadata for /mcp', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const r = await fetch(at(remote, path));
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({
        resource: remote.url,
        authorization_servers: [remote.oauth.publicUrl.origin],
        scopes_supported: ['ynab:read', 'ynab:write'],
      });
    }
  });

  it('serves the authorization-server metadata: S256 only, metadata documents, registration, iss', async () => {
    const r = await fetch(at(remote, '/.well-known/oauth-authorization-server'));
    expect(r.status).toBe(200);
    const m = (await r.json()) as Record<string, unknown>;
    expect(m).toMatchObject({
      issuer: remote.oauth.publicUrl.origin,
      authorization_endpoint: at(remote, '/authorize'),
      token_endpoint: at(remote, '/token'),
      registration_endpoint: at(remote, '/register'),
      revocation_endpoint: at(remote, '/revoke'),
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      response_types_supported: ['code'],
    });
    expect(m.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
  });
});

describe('guards', () => {
  it('accepts the public host and loopback, refuses any other Host with 421', async () => {
    const metadata = '/.well-known/oauth-protected-resource/mcp';
    expect(await rawStatus({ host: remote.oauth.publicUrl.host }, metadata)).toBe(200);
    expect(await rawStatus({ host: 'localhost' }, metadata)).toBe(200);
    expect(await rawStatus({ host: 'evil.example' }, metadata)).toBe(421);
    expect(await rawStatus({ host: 'evil.example' })).toBe(421);
  });

  it('refuses a foreign Origin at /mcp with 403, before the token', async () => {
    expect(await rawStatus({ host: remote.oauth.publicUrl.host, origin: 'https://evil.example' })).toBe(403);
    expect(
      await rawStatus({ host: remote.oauth.publicUrl.host, origin: remote.oauth.publicUrl.origin }),
    ).toBe(401);
  });
});

describe('the authorize page', () => {
  it('names the client and its redirect, offers changes unticked, and carries a strict policy', async () => {
    const clientId = await register(remote, callback.url, 'Page <b>client</b>');
    const { challenge } = pkce();
    const page = await browser.page();
    const response = await page.goto(
      authorizeUrl(remote, clientId, callback.url, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).href,
    );
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'nonce-[\w-]+'; form-action 'self' http:\/\/127\.0\.0\.1:\d+; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
    // a name the app gave itself is shown as text, and marked unverified
    expect(await page.textContent('h1')).toBe('Allow Page <b>client</b> unverified to use your YNAB plan?');
    expect(await page.textContent('body')).toContain(callback.url);
    expect(await page.isChecked('input[name=write]')).toBe(false);
    const html = await response!.text();
    // nothing is loaded from elsewhere; the one link is to this server's account page
    expect(html.replace('<a href="/account">', '')).not.toMatch(/<script|src=|href=|@import|url\(/i);
    closePage(page);
  });

  it('on a read-only server offers no changes and advertises only ynab:read', async ({ h }) => {
    const own = await startRemote(h, { write: false });
    try {
      const prm = (await (await fetch(at(own, '/.well-known/oauth-protected-resource/mcp'))).json()) as {
        scopes_supported: string[];
      };
      expect(prm.scopes_supported).toEqual(['ynab:read']);
      const clientId = await register(own, callback.url);
      const { challenge } = pkce();
      const page = await browser.page();
      await page.goto(
        authorizeUrl(own, clientId, callback.url, {
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }).href,
      );
      expect(await page.locator('input[name=write]').count()).toBe(0);
      expect(await page.textContent('body')).toContain('The operator of this server allows reading only');
      closePage(page);
    } finally {
      await own.close();
    }
  });

  it('sends the owner back with access_denied on Deny', async () => {
    const clientId = await register(remote, callback.url);
    const { challenge } = pkce();
    const page = await browser.page();
    const redirected = callback.next();
    await page.goto(
      authorizeUrl(remote, clientId, callback.url, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).href,
    );
    await page.click('button[value=deny]');
    const query = await redirected;
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('code')).toBeNull();
    closePage(page);
  });
});
