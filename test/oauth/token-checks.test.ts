/**
 * The bearer check at /mcp for tokens the sign-in never hands out but a store could hold (one
 * without a grant, one without the read scope, one with an audience list), and CORS at the token
 * endpoint: a browser-based client gets it from the origin of its own redirect address only.
 * Real loopback HTTP; the tokens are minted by the provider itself, as the sign-in would.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { at, mcpWith, register } from '../helpers/oauth-raw.js';
import { startRemote, type Remote } from '../helpers/oauth-server.js';

let remote: Remote;
let clientId: string;
const REDIRECT = 'http://127.0.0.1:7777/callback';

it.beforeAll(async ({ h }) => {
  remote = await startRemote(h);
  clientId = await register(remote, REDIRECT, 'Edge client');
}, 60_000);
it.afterAll(async () => {
  await remote?.close();
});

/** An access token for this resource as the provider would mint it, in a grant saved for real. */
async function mint(options: { scope?: string; grant?: boolean; audience?: string | null }) {
  const { provider } = remote.oauth;
  const client = (await provider.Client.find(clientId))!;
  let grantId: string | undefined;
  if (options.grant !== false) {
    const grant = new provider.Grant({ clientId, accountId: 'owner' });
    grant.addResourceScope(remote.url, options.scope ?? '');
    grantId = await grant.save();
  }
  const access = new provider.AccessToken({
    client,
    accountId: 'owner',
    // The type wants a grant; a token without one is what the first refusal below is about.
    ...((grantId ? { grantId } : {}) as { grantId: string }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    gty: 'authorization_code',
  });
  if (options.audience !== null) access.setAudience(options.audience ?? remote.url);
  return access.save();
}

describe('the bearer check', () => {
  it('takes a token of a live grant with the read scope', async () => {
    expect((await mcpWith(remote, await mint({ scope: 'ynab:read' }))).status).toBe(200);
  });

  it('refuses a token that belongs to no grant, saying why', async () => {
    const answer = await mcpWith(remote, await mint({ scope: 'ynab:read', grant: false }));
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('invalid_token');
    expect(answer.challenge).toContain('The grant behind this access token was revoked');
  });

  it('refuses a token without the read scope, naming it', async () => {
    const answer = await mcpWith(remote, await mint({ scope: 'openid' }));
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('carries no ynab:read grant');
  });

  it('refuses a token without any scope', async () => {
    const answer = await mcpWith(remote, await mint({}));
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('carries no ynab:read grant');
  });

  it.each([
    ['without an audience', null],
    ['whose audience is no address', 'not an address'],
  ])('refuses a token %s as not issued for this resource', async (_, audience) => {
    const answer = await mcpWith(remote, await mint({ scope: 'ynab:read', audience }));
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('Token was not issued for this resource');
  });

  it('refuses an unknown token as unknown', async () => {
    const answer = await mcpWith(remote, 'x'.repeat(43));
    expect(answer.status).toBe(401);
    expect(answer.challenge).toContain('unknown, expired or revoked');
  });
});

describe('CORS at the token endpoint', () => {
  const tokenFrom = (origin: string) =>
    fetch(at(remote, '/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: 'no-such-code',
        redirect_uri: REDIRECT,
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });

  it("allows the origin of the client's redirect address", async () => {
    const r = await tokenFrom(new URL(REDIRECT).origin);
    expect(r.headers.get('access-control-allow-origin')).toBe(new URL(REDIRECT).origin);
    expect(((await r.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it.each(['https://elsewhere.example', 'null'])('refuses the origin %s', async (origin) => {
    const r = await tokenFrom(origin);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.status).toBeGreaterThanOrEqual(400);
  });
});

describe('error pages', () => {
  it('renders an authorization error as our own page in plain words, with a strict policy and no code', async () => {
    const r = await fetch(at(remote, '/authorize?client_id=nobody&response_type=code'), {
      redirect: 'manual',
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await r.text();
    expect(body).toContain('The sign-in could not go on');
    // what happened and what to do, in words: the protocol's error code is not shown
    expect(body).not.toContain('invalid_client');
    expect(body).toContain('The app that sent you here is not known to this server');
    expect(body).toContain('Remove this server from the app and add it again.');
  });
});
