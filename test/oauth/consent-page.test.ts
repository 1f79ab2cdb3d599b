/**
 * The consent page on answers a browser seldom sends, driven by hand over loopback HTTP (cookies
 * carried as a browser does): a client registered without a name, an approval without a passphrase
 * field, an oversized form, and the lock-out's last minute.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { TryLimiter } from '../../src/transports/oauth/rate-limit.js';
import { it } from '../helpers/fixture.js';
import { startCallback, type Callback } from '../helpers/oauth-client.js';
import { authorizeUrl, pkce, redeem, register } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';

let callback: Callback;
beforeAll(async () => {
  callback = await startCallback();
});
afterAll(async () => {
  await callback.close();
});

/** A browser's cookie jar for one origin, enough for the provider's interaction cookies. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Follows the authorization request to its consent page: the page's address, its answer, the jar. */
async function openConsent(remote: Remote, url: URL): Promise<{ page: URL; res: Response; jar: Jar }> {
  const jar = new Jar();
  let next = url;
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || location === null) return { page: next, res, jar };
    next = new URL(location, next);
  }
  throw new Error('too many redirects before the consent page');
}

/** A client registered without a name, its PKCE verifier, and the consent page it is sent to. */
async function consentForUnnamed(remote: Remote) {
  const clientId = await register(remote, callback.url, null);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl(remote, clientId, callback.url, {
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return { clientId, verifier, ...(await openConsent(remote, url)) };
}

/** Posts the consent form as the page's own button does. */
async function answer(remote: Remote, page: URL, jar: Jar, form: string): Promise<Response> {
  const res = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: jar.header(),
      origin: remote.oauth.publicUrl.origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  jar.take(res);
  return res;
}

/** After an approval, the redirects back to the client: the query its callback receives. */
async function followToCallback(first: Response, page: URL, jar: Jar): Promise<URLSearchParams> {
  let res = first;
  let from = page;
  for (let hop = 0; hop < 5; hop++) {
    const location = res.headers.get('location');
    expect(location, `hop ${hop} redirects (status ${res.status})`).not.toBeNull();
    const next = new URL(location!, from);
    if (next.href.startsWith(callback.url)) return next.searchParams;
    res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    from = next;
  }
  throw new Error('never redirected to the client');
}

const grants = async (remote: Remote) => (await remote.store.list('Grant')).length;

describe('the consent page, by hand', () => {
  it('names an unnamed client as such, and grants reading alone when the owner leaves writes unticked', async ({
    h,
  }) => {
    const remote = await startRemote(h);
    try {
      const { clientId, verifier, page, res, jar } = await consentForUnnamed(remote);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('An unnamed client');
      expect(html).toContain(clientId);

      const approved = await answer(
        remote,
        page,
        jar,
        `decision=allow&passphrase=${encodeURIComponent(PASSPHRASE)}`,
      );
      const query = await followToCallback(approved, page, jar);
      const code = query.get('code');
      expect(code, `the client gets a code (${query.toString()})`).toBeTruthy();
      const redeemed = await redeem(remote, clientId, code!, verifier, callback.url);
      expect(redeemed.status).toBe(200);
      // both asked, reading alone given: the write box was left unticked
      expect(redeemed.body.scope?.split(' ')).toContain('ynab:read');
      expect(redeemed.body.scope).not.toContain('ynab:write');
    } finally {
      await remote.close();
    }
  });

  it('refuses an approval without a passphrase field (401, the page again), and grants nothing', async ({
    h,
  }) => {
    const remote = await startRemote(h);
    try {
      const { page, jar } = await consentForUnnamed(remote);
      const before = await grants(remote);
      const res = await answer(remote, page, jar, 'decision=allow');
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('That passphrase is not the one set for this server');
      expect(await grants(remote)).toBe(before);
    } finally {
      await remote.close();
    }
  });

  it('does not read a form past its size limit, and grants nothing', async ({ h }) => {
    const remote = await startRemote(h);
    try {
      const { page, jar } = await consentForUnnamed(remote);
      const before = await grants(remote);
      const form = `decision=allow&passphrase=${encodeURIComponent(PASSPHRASE)}&pad=${'x'.repeat(200_000)}`;
      const res = await answer(remote, page, jar, form).catch(() => null);
      // the answer is an error, or the connection is cut: never a redirect carrying a code
      if (res !== null) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers.get('location')).toBeNull();
      }
      expect(await grants(remote)).toBe(before);
    } finally {
      await remote.close();
    }
  });

  it('says "1 more minute" in the lock-out\'s last minute, and takes no try', async ({ h }) => {
    let now = 1_000_000;
    const limiter = new TryLimiter(1, 15 * 60_000, () => now);
    const remote = await startRemote(h, { limiter });
    try {
      const { page, jar } = await consentForUnnamed(remote);
      const wrong = await answer(remote, page, jar, 'decision=allow&passphrase=not-the-passphrase-at-all');
      expect(wrong.status).toBe(401);

      now += 14 * 60_000 + 30_000; // 30 s of the window left
      const before = await grants(remote);
      const locked = await answer(
        remote,
        page,
        jar,
        `decision=allow&passphrase=${encodeURIComponent(PASSPHRASE)}`,
      );
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain('no tries are taken for 1 more minute.');
      expect(await grants(remote)).toBe(before);
    } finally {
      await remote.close();
    }
  });
});
