/**
 * The pieces behind the sign-in and account pages on their own: the plain sentence for each error of
 * the authorization endpoint, which host vouches for an app, the tries-left sentence, the grant's
 * scopes as the bearer check reads them, narrowing and widening a stored grant, the step-up's choice
 * of calls, and the account page's sessions expiring.
 */
import { describe, expect, it } from 'vitest';
import { errorPage, plainError } from '../../src/transports/oauth/error-page.js';
import { setClientAccess } from '../../src/transports/oauth/grants.js';
import { triesLeftText } from '../../src/transports/oauth/interaction.js';
import { OwnerSessions, SESSION_MS } from '../../src/transports/oauth/owner-account.js';
import { appIdentity, verifiedHost } from '../../src/transports/oauth/page-parts.js';
import { TryLimiter } from '../../src/transports/oauth/rate-limit.js';
import { stepUp, writeToolCalled } from '../../src/transports/oauth/step-up.js';
import { MemoryStore } from '../../src/transports/oauth/store.js';
import { currentScopes } from '../../src/transports/oauth/verifier.js';

const RESOURCE = 'https://ynab.example.net/mcp';

describe('the error page', () => {
  it.each([
    ['invalid_client', 'is not known to this server'],
    ['invalid_redirect_uri', 'an address it never registered'],
    ['invalid_target', 'access to another server'],
    ['invalid_scope', 'a kind of access this server does not give'],
    ['unsupported_response_type', 'in a way this server does not support'],
    ['access_denied', 'Access was not allowed'],
    ['invalid_request', 'incomplete or no longer valid'],
    ['login_required', 'incomplete or no longer valid'],
    ['server_error', 'Something went wrong on this server'],
  ])('says %s in words', (code, words) => {
    expect(plainError(code)).toContain(words);
    expect(plainError(code)).not.toContain(code);
  });

  it('puts the library description under Details, and leaves Details out without one', () => {
    expect(errorPage('invalid_request', 'missing <code_challenge>', 'n')).toContain(
      "<details><summary>Details for the app's developer</summary><p><code>missing &lt;code_challenge&gt;</code>",
    );
    expect(errorPage('invalid_request', '', 'n')).not.toContain('<details>');
  });
});

describe('who the app is', () => {
  it('takes the host of an https client id as verified, and nothing else', () => {
    expect(verifiedHost('https://app.example.com/oauth/client.json')).toBe('app.example.com');
    expect(verifiedHost('http://app.example.com/client.json')).toBeNull();
    expect(verifiedHost('k3J9x_aa')).toBeNull();
  });

  it('names where the answer goes by its host, or as given when it is no address', () => {
    const a = { clientName: 'A', clientId: 'id', redirectUri: 'https://back.example.org/cb?x=1' };
    expect(appIdentity(a)).toContain('Your answer goes back to <strong>back.example.org</strong>');
    expect(appIdentity({ ...a, redirectUri: 'not an address' })).toContain(
      'Your answer goes back to <strong>not an address</strong>',
    );
  });
});

describe('tries left', () => {
  it('counts down, one try in the singular, and the pause in minutes', () => {
    let now = 0;
    const limiter = new TryLimiter(2, 10 * 60_000, () => now);
    expect(limiter.triesLeft()).toBe(2);
    limiter.fail();
    expect(triesLeftText(limiter.triesLeft(), limiter)).toBe(
      '1 try left, then sign-in pauses for 10 minutes.',
    );
    limiter.fail();
    expect(limiter.triesLeft()).toBe(0);
    now += 10 * 60_000 + 1;
    expect(triesLeftText(limiter.triesLeft(), limiter)).toBe(
      '2 tries left, then sign-in pauses for 10 minutes.',
    );
  });
});

describe('the scopes a token carries now', () => {
  it('takes changes from the grant as it is, never reading the token lacks', () => {
    const grant = (scope: string) => ({ resources: { [RESOURCE]: scope } });
    expect(currentScopes(['ynab:read'], grant('ynab:read ynab:write'), RESOURCE)).toEqual([
      'ynab:read',
      'ynab:write',
    ]);
    expect(currentScopes(['ynab:read', 'ynab:write'], grant('ynab:read'), RESOURCE)).toEqual(['ynab:read']);
    expect(currentScopes([], grant('ynab:read'), RESOURCE)).toEqual([]);
    // a grant that names no scope for this resource leaves the token as issued
    expect(currentScopes(['ynab:read'], {}, RESOURCE)).toEqual(['ynab:read']);
    expect(currentScopes(['ynab:read'], { resources: { other: 'ynab:write' } }, RESOURCE)).toEqual([
      'ynab:read',
    ]);
  });
});

describe('narrowing and widening a stored grant', () => {
  it("changes every grant of the client, keeps their expiry, and no other client's", async () => {
    const store = new MemoryStore();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await store.set(
      'Grant',
      'g1',
      {
        clientId: 'c1',
        exp,
        resources: { [RESOURCE]: 'ynab:read' },
        openid: { scope: 'offline_access ynab:read' },
        rejected: { resources: { [RESOURCE]: 'ynab:write' } },
      },
      exp * 1000,
    );
    // a grant recorded without scopes or expiry: reading is what it held
    await store.set('Grant', 'g2', { clientId: 'c1' }, null);
    await store.set('Grant', 'g3', { clientId: 'c2', resources: { [RESOURCE]: 'ynab:read' } }, null);

    expect(await setClientAccess(store, 'c1', RESOURCE, true)).toBe(2);
    const g1 = await store.get('Grant', 'g1');
    expect(g1?.resources).toEqual({ [RESOURCE]: 'ynab:read ynab:write' });
    expect(g1?.openid).toEqual({ scope: 'offline_access ynab:read ynab:write' });
    expect(g1?.rejected).toBeUndefined();
    expect(g1?.exp).toBe(exp);
    expect((await store.get('Grant', 'g2'))?.resources).toEqual({ [RESOURCE]: 'ynab:read ynab:write' });
    expect((await store.get('Grant', 'g3'))?.resources).toEqual({ [RESOURCE]: 'ynab:read' });

    expect(await setClientAccess(store, 'c1', RESOURCE, false)).toBe(2);
    expect((await store.get('Grant', 'g1'))?.resources).toEqual({ [RESOURCE]: 'ynab:read' });
    expect((await store.get('Grant', 'g1'))?.openid).toEqual({ scope: 'offline_access ynab:read' });
    expect(await setClientAccess(store, 'nobody', RESOURCE, true)).toBe(0);
  });
});

describe('the step-up', () => {
  const writeTools = new Set(['rename_payee']);
  const ctx = {
    writes: true,
    writeTools,
    resourceMetadataUrl: 'https://x/.well-known/oauth-protected-resource/mcp',
  };
  const reader = { token: 't', clientId: 'c', scopes: ['ynab:read'] };
  const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });

  it('finds a write tool in a call or a batch, and nothing in other messages', () => {
    expect(writeToolCalled(call('rename_payee'), writeTools)).toBe('rename_payee');
    expect(writeToolCalled([call('list_plans'), call('rename_payee')], writeTools)).toBe('rename_payee');
    expect(writeToolCalled(call('list_plans'), writeTools)).toBeNull();
    expect(writeToolCalled({ method: 'tools/list' }, writeTools)).toBeNull();
    expect(writeToolCalled(null, writeTools)).toBeNull();
    expect(writeToolCalled({ method: 'tools/call', params: {} }, writeTools)).toBeNull();
  });

  it('asks only for a read-only grant calling a write tool on a server that allows changes', () => {
    expect(stepUp(call('rename_payee'), reader, ctx)?.status).toBe(403);
    expect(stepUp(call('list_plans'), reader, ctx)).toBeNull();
    expect(stepUp(call('rename_payee'), { ...reader, scopes: ['ynab:read', 'ynab:write'] }, ctx)).toBeNull();
    expect(stepUp(call('rename_payee'), reader, { ...ctx, writes: false })).toBeNull();
    expect(stepUp(call('rename_payee'), undefined, ctx)).toBeNull();
  });
});

describe("the account page's sessions", () => {
  it('end after ten minutes, when closed, and are swept when a new one starts', () => {
    let now = 0;
    const sessions = new OwnerSessions(() => now);
    const { id } = sessions.start();
    expect(sessions.find(id)).not.toBeNull();
    expect(sessions.find(null)).toBeNull();
    expect(sessions.find('unknown')).toBeNull();
    now += SESSION_MS;
    expect(sessions.find(id)).toBeNull();
    const second = sessions.start();
    now -= SESSION_MS; // the first would be live again at this time, had it not been swept
    expect(sessions.find(id)).toBeNull();
    sessions.end(second.id);
    sessions.end(null);
    expect(sessions.find(second.id)).toBeNull();
  });
});
