/**
 * The account page on answers a browser seldom sends, over loopback HTTP: a GET of the answers'
 * address, an app already gone, an action it does not know, changes offered by a read-only server,
 * closing the page, and the passphrase pause (the page then has no form).
 */
import { describe, expect } from 'vitest';
import { TryLimiter } from '../../src/transports/oauth/rate-limit.js';
import { it } from '../helpers/fixture.js';
import { at, register } from '../helpers/oauth-raw.js';
import { PASSPHRASE, startRemote, type Remote } from '../helpers/oauth-server.js';

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
