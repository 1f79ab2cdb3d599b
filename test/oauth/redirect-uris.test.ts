/**
 * The redirect addresses a client may register, by dynamic registration and in a client ID metadata
 * document: https, http on loopback, an app's private-use scheme in domain form; and the refusals,
 * each an `invalid_redirect_uri` naming the address and what is accepted instead.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { at, authorizeUrl, pkce } from '../helpers/oauth-raw.js';
import { startMetadataHost, startRemote, type MetadataHost, type Remote } from '../helpers/oauth-server.js';

let remote: Remote;
let good: MetadataHost;
let bad: MetadataHost;

const CURSOR = 'cursor://anysphere.cursor-mcp/oauth/callback';
const EVIL = 'http://evil.example/cb';

it.beforeAll(async ({ h }) => {
  good = await startMetadataHost(CURSOR, 'App scheme client');
  bad = await startMetadataHost(EVIL, 'Plain http client');
  // the provider reads both documents through one fetch, each from the host that trusts its certificate
  const fetch = ((url: string, init: RequestInit) =>
    (url.startsWith(good.clientId) ? good.fetch : bad.fetch)(url, init)) as typeof globalThis.fetch;
  remote = await startRemote(h, { fetch });
}, 60_000);
it.afterAll(async () => {
  await remote?.close();
  await good?.close();
  await bad?.close();
});

async function registration(
  redirectUris: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(at(remote, '/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Table client',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

const ACCEPTED = 'this server accepts https://, http:// on 127.0.0.1, [::1] or localhost';

describe('dynamic registration', () => {
  it.each([
    ['https', 'https://chatgpt.com/connector_platform_oauth_redirect', 'web'],
    ['loopback http on 127.0.0.1', 'http://127.0.0.1:33418/callback', 'web'],
    ['loopback http on [::1]', 'http://[::1]:33418/callback', 'web'],
    ['loopback http on localhost', 'http://localhost:6274/oauth/callback', 'web'],
    ['an app scheme in reverse domain form', 'com.example.app:/oauth/callback', 'native'],
    ["an app scheme with a domain-like host (Cursor's)", CURSOR, 'native'],
  ])('accepts %s', async (_kind, uri, applicationType) => {
    const { status, body } = await registration([uri]);
    expect(status).toBe(201);
    expect(body).toMatchObject({ redirect_uris: [uri], application_type: applicationType });
    expect(await remote.store.get('Client', String(body.client_id))).toBeDefined();
  });

  it.each([
    ['plain http to another host', EVIL, 'uses plain http:// away from loopback'],
    ['plain http to a private address', 'http://192.168.1.20/cb', 'uses plain http:// away from loopback'],
    ['javascript:', 'javascript:alert(document.cookie)', 'uses javascript:'],
    ['javascript: made to look like a host', 'javascript://evil.example/%0aalert(1)', 'uses javascript:'],
    ['data:', 'data:text/html,<script>alert(1)</script>', 'uses data:'],
    ['file:', 'file:///etc/passwd', 'uses file:'],
    ['a scheme without a period', 'myapp:/callback', 'uses the scheme myapp: without a domain name'],
    [
      'a scheme without a period, bare host',
      'myapp://callback',
      'uses the scheme myapp: without a domain name',
    ],
    ['not an absolute URI', '/callback', 'is not an absolute URI'],
  ])('refuses %s', async (_kind, uri, why) => {
    const before = (await remote.store.list('Client')).length;
    const { status, body } = await registration([uri]);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toContain(`redirect_uris: ${JSON.stringify(uri)} ${why}`);
    expect(body.error_description).toContain(ACCEPTED);
    expect(await remote.store.list('Client')).toHaveLength(before);
  });

  it('refuses a list with one bad address among good ones', async () => {
    const { status, body } = await registration(['https://app.example/cb', EVIL]);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toContain(JSON.stringify(EVIL));
  });

  it.each([
    ['an address that is no string', [42], 'redirect_uris must only contain strings'],
    ['addresses that are no list', 'https://app.example/cb', 'redirect_uris must be an array'],
  ])("leaves %s to the library's own refusal", async (_kind, redirectUris, description) => {
    const { status, body } = await registration(redirectUris);
    expect(status).toBe(400);
    expect(body.error_description).toBe(description);
  });
});

describe('client ID metadata documents', () => {
  const authorize = (clientId: string, redirectUri: string) =>
    fetch(
      authorizeUrl(remote, clientId, redirectUri, {
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );

  it('accept an app scheme: the owner is sent to the sign-in page', async () => {
    const r = await authorize(good.clientId, CURSOR);
    await r.body?.cancel();
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toMatch(/^\/interaction\//);
  });

  it('refuse plain http to another host, and send nothing there', async () => {
    const r = await authorize(bad.clientId, EVIL);
    const page = await r.text();
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    // in words for the person, the library's reason under Details, and no OAuth error code
    expect(page).toContain('an address it never registered here, so nothing was sent');
    expect(page).not.toContain('invalid_redirect_uri');
    expect(page).toContain('plain http:// away from loopback');
  });
});

describe('a registration stored before this rule', () => {
  it('is refused at its next authorization, and nothing is sent to its address', async () => {
    await remote.store.set(
      'Client',
      'stored-earlier',
      {
        client_id: 'stored-earlier',
        client_id_issued_at: 1,
        client_name: 'Earlier client',
        redirect_uris: [EVIL],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        application_type: 'web',
      },
      null,
    );
    const r = await fetch(
      authorizeUrl(remote, 'stored-earlier', EVIL, {
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    const page = await r.text();
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(page).toContain('uses plain http:// away from loopback');
  });
});
