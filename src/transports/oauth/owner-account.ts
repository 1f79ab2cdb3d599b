/**
 * Remote mode's account page, behind the owner's passphrase. The passphrase is checked as on the
 * sign-in page, against the same limiter (one budget of tries for the whole server). A right one
 * opens a session of ten minutes: a random id in a cookie only `/account` paths receive
 * (`HttpOnly`, `SameSite=Strict`), and a second random value every form carries back, compared in
 * constant time, so that no other page can post an answer. Sessions live in this process's memory:
 * remote mode is one process, and a restart only asks for the passphrase again.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listClients, revokeClient, setClientAccess } from './grants.js';
import { readForm, triesLeftText } from './interaction.js';
import { lockoutPage, newNonce, pageHeaders } from './page.js';
import { ownerAppsPage, ownerSignInPage, OWNER_APPS_PATH } from './owner-account-page.js';
import { verifyPassphrase } from './passphrase.js';
import type { TryLimiter } from './rate-limit.js';
import type { OAuthStore } from './store.js';

const MS_PER_S = 1000;

export { OWNER_APPS_PATH };
export const OWNER_ACCOUNT_PATH = '/account';
const COOKIE = 'avenir_owner_account';
export const SESSION_MS = 10 * 60_000;

export interface OwnerAccountContext {
  store: OAuthStore;
  resource: string;
  limiter: TryLimiter;
  ownerHash: string;
  writesOffered: boolean;
  serverHost: string;
  /** The public address is https: the cookie is then Secure. */
  secure: boolean;
  sessions: OwnerSessions;
}

interface Session {
  csrf: string;
  expires: number;
  notice?: string;
}

/** The open account pages, by their cookie's id. */
export class OwnerSessions {
  private readonly open = new Map<string, Session>();
  constructor(private readonly now: () => number = Date.now) {}

  start(): { id: string; session: Session } {
    for (const [id, s] of this.open) if (s.expires <= this.now()) this.open.delete(id);
    const id = randomBytes(32).toString('base64url');
    const session = { csrf: randomBytes(32).toString('base64url'), expires: this.now() + SESSION_MS };
    this.open.set(id, session);
    return { id, session };
  }

  find(id: string | null): Session | null {
    const session = id === null ? undefined : this.open.get(id);
    if (!session || session.expires <= this.now()) return null;
    return session;
  }

  end(id: string | null): void {
    if (id !== null) this.open.delete(id);
  }
}

const cookieOf = (req: IncomingMessage): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return null;
};

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function html(res: ServerResponse, status: number, page: (nonce: string) => string, extra = {}): void {
  const nonce = newNonce();
  res.writeHead(status, { ...pageHeaders(nonce, []), ...extra }).end(page(nonce));
}

const back = (res: ServerResponse, extra: Record<string, string> = {}): void =>
  void res.writeHead(303, { location: OWNER_ACCOUNT_PATH, 'cache-control': 'no-store', ...extra }).end();

const minutes = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000));

/** GET: the apps (with a session) or the passphrase form. POST: the passphrase. */
export async function handleOwnerAccount(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: OwnerAccountContext,
): Promise<void> {
  const session = ctx.sessions.find(cookieOf(req));
  if (req.method !== 'POST') {
    if (session) {
      const notice = session.notice;
      delete session.notice;
      const apps = await listClients(ctx.store);
      return html(res, 200, (nonce) =>
        ownerAppsPage(
          {
            serverHost: ctx.serverHost,
            apps,
            csrf: session.csrf,
            writesOffered: ctx.writesOffered,
            ...(notice ? { notice } : {}),
          },
          nonce,
        ),
      );
    }
    const wait = ctx.limiter.waitMs();
    if (wait > 0) return html(res, 429, (nonce) => lockoutPage(minutes(wait), nonce));
    return html(res, 200, (nonce) => ownerSignInPage({ serverHost: ctx.serverHost }, nonce));
  }
  const form = await readForm(req);
  const wait = ctx.limiter.waitMs();
  if (wait > 0) return html(res, 429, (nonce) => lockoutPage(minutes(wait), nonce));
  if (!(await verifyPassphrase(form.get('passphrase') ?? '', ctx.ownerHash))) {
    ctx.limiter.fail();
    const left = ctx.limiter.triesLeft();
    if (left === 0) return html(res, 401, (nonce) => lockoutPage(minutes(ctx.limiter.waitMs()), nonce));
    const error = `That passphrase is not the one set for this server. ${triesLeftText(left, ctx.limiter)}`;
    return html(res, 401, (nonce) => ownerSignInPage({ serverHost: ctx.serverHost, error }, nonce));
  }
  ctx.limiter.succeed();
  const { id } = ctx.sessions.start();
  const cookie = [
    `${COOKIE}=${id}`,
    `Path=${OWNER_ACCOUNT_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${SESSION_MS / MS_PER_S}`,
    ...(ctx.secure ? ['Secure'] : []),
  ].join('; ');
  back(res, { 'set-cookie': cookie });
}

/** POST /account/apps: narrow, widen or revoke one app's grant, or close the page. */
export async function handleOwnerApps(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: OwnerAccountContext,
): Promise<void> {
  if (req.method !== 'POST') return back(res);
  const form = await readForm(req);
  const id = cookieOf(req);
  const session = ctx.sessions.find(id);
  if (!session || !sameSecret(form.get('csrf') ?? '', session.csrf)) return back(res);
  const action = form.get('action');
  if (action === 'sign-out') {
    ctx.sessions.end(id);
    return back(res, { 'set-cookie': `${COOKIE}=; Path=${OWNER_ACCOUNT_PATH}; Max-Age=0` });
  }
  const clientId = form.get('client') ?? '';
  const app = (await listClients(ctx.store)).find((a) => a.clientId === clientId);
  const name = app?.name ?? 'The app';
  if (!app) session.notice = 'That app has no access any more: nothing was changed.';
  else if (action === 'revoke') {
    await revokeClient(ctx.store, clientId);
    session.notice = `${name} can no longer use your plan. To use it again, connect it again from the app.`;
  } else if (action === 'write' && !ctx.writesOffered)
    session.notice = 'This server allows reading only: no app can be given changes. Nothing was changed.';
  else if (action === 'read' || action === 'write') {
    await setClientAccess(ctx.store, clientId, ctx.resource, action === 'write');
    session.notice =
      action === 'write'
        ? `${name} may now read your plan and propose changes, from its next call.`
        : `${name} may now only read your plan, from its next call.`;
  } else session.notice = 'Nothing was changed.';
  back(res);
}
