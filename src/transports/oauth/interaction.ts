/**
 * The owner's side of an authorization: GET shows the authorize page, POST checks the passphrase
 * (rate-limited) and records the grant the owner chose. Sign-in and consent are one step: each client
 * gets its own grant, read-only unless the owner ticks "also changes" on a server that allows writes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { TryLimiter } from './rate-limit.js';
import { authorizePage, lockoutPage, messagePage, newNonce, pageHeaders, type PageModel } from './page.js';
import type { Lasting } from './page-parts.js';
import { READ_SCOPE, WRITE_SCOPE } from './scopes.js';
import { verifyPassphrase } from './passphrase.js';

export const OWNER = 'owner';
const MAX_FORM = 16 * 1024;

export interface InteractionContext extends Lasting {
  provider: Provider;
  /** The public host, named on the page. */
  serverHost: string;
  resource: string;
  limiter: TryLimiter;
  ownerHash: string;
  writesOffered: boolean;
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function reply(res: ServerResponse, status: number, html: string, nonce: string, targets: string[]): void {
  res.writeHead(status, pageHeaders(nonce, targets)).end(html);
}

export const originOf = (uri: string): string[] => {
  const origin = URL.parse(uri)?.origin;
  return origin && origin !== 'null' ? [origin] : [];
};

/** The scopes the owner grants and the ones this answer turns down, among those the client asked. */
export function grantScopes(requested: string, write: boolean): { granted: string[]; rejected: string[] } {
  const asked = new Set(requested.split(' ').filter(Boolean));
  const granted = write ? [READ_SCOPE, WRITE_SCOPE] : [READ_SCOPE];
  const rejected = [...asked].filter((s) => (s === READ_SCOPE || s === WRITE_SCOPE) && !granted.includes(s));
  return { granted, rejected };
}

/**
 * Saves the grant a person gave a client: `ynab:read`, and `ynab:write` when `write`; a scope the
 * client asked for and was not given is recorded as rejected. Returns the grant's id.
 */
export async function recordGrant(
  provider: Provider,
  resource: string,
  answer: { accountId: string; clientId: string; requested: string; write: boolean },
): Promise<string> {
  const grant = new provider.Grant({ accountId: answer.accountId, clientId: answer.clientId });
  const { granted, rejected } = grantScopes(answer.requested, answer.write);
  // The provider knows the ynab scopes both as the resource's and as its own (so that registrations
  // may name them): the answer is recorded on both sides, or it would ask again.
  grant.addResourceScope(resource, granted);
  const oidcScopes = answer.requested.split(' ').filter((s) => s === 'offline_access' || s === 'openid');
  grant.addOIDCScope([...oidcScopes, ...granted]);
  if (rejected.length > 0) {
    grant.rejectResourceScope(resource, rejected);
    grant.rejectOIDCScope(rejected);
  }
  return grant.save();
}

/** How many tries remain before the pause, and how long the pause is. */
export function triesLeftText(left: number, limiter: TryLimiter): string {
  const minutes = Math.round(limiter.windowMs / 60_000);
  return `${left} ${left === 1 ? 'try' : 'tries'} left, then sign-in pauses for ${minutes} minutes.`;
}

export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: InteractionContext,
): Promise<void> {
  const nonce = newNonce();
  let details;
  try {
    details = await ctx.provider.interactionDetails(req, res);
  } catch {
    return reply(
      res,
      400,
      messagePage(
        'This sign-in has expired',
        'Start again from the app you are connecting (the page lives one hour, in the browser that opened it).',
        nonce,
      ),
      nonce,
      [],
    );
  }
  const params = details.params as Record<string, string | undefined>;
  const clientId = params.client_id ?? '';
  const client = await ctx.provider.Client.find(clientId);
  const redirectUri = params.redirect_uri ?? '';
  const targets = originOf(redirectUri);
  const model: PageModel = {
    uid: details.uid,
    clientName: client?.clientName ?? null,
    clientId,
    redirectUri,
    writesOffered: ctx.writesOffered,
    serverHost: ctx.serverHost,
    grantDays: ctx.grantDays,
    idleDays: ctx.idleDays,
  };
  const wait = ctx.limiter.waitMs();
  // While tries are paused the page has no form: nothing on it can be sent before the pause ends.
  const locked = (): void =>
    reply(res, 429, lockoutPage(Math.max(1, Math.ceil(wait / 60_000)), nonce), nonce, []);
  if (req.method !== 'POST')
    return wait > 0 ? locked() : reply(res, 200, authorizePage(model, nonce), nonce, targets);

  const form = await readForm(req);
  if (form.get('decision') !== 'allow') {
    return ctx.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The owner did not allow this client.' },
      { mergeWithLastSubmission: false },
    );
  }
  if (wait > 0) return locked();
  if (!(await verifyPassphrase(form.get('passphrase') ?? '', ctx.ownerHash))) {
    ctx.limiter.fail();
    const left = ctx.limiter.triesLeft();
    if (left === 0) {
      const pause = Math.max(1, Math.ceil(ctx.limiter.waitMs() / 60_000));
      return reply(res, 401, lockoutPage(pause, nonce), nonce, []);
    }
    const error = `That passphrase is not the one set for this server. ${triesLeftText(left, ctx.limiter)}`;
    return reply(res, 401, authorizePage({ ...model, error }, nonce), nonce, targets);
  }
  ctx.limiter.succeed();

  const grantId = await recordGrant(ctx.provider, ctx.resource, {
    accountId: OWNER,
    clientId,
    requested: params.scope ?? '',
    write: ctx.writesOffered && form.get('write') === '1',
  });
  await ctx.provider.interactionFinished(
    req,
    res,
    { login: { accountId: OWNER }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
