/**
 * Leaving hosted mode from a browser: `/account` offers "Delete my data", which proves who the person
 * is the way the sign-in does, through YNAB. Its POST sends them to YNAB's authorize (asking for a
 * read-only token) with a single-use `state` of the sign-in's kind (sign-in-states.ts, bound to this
 * browser by the same cookie), marked as this page's trip rather than an app's sign-in. YNAB's answer
 * reaches the one registered callback, which hands the trip here: the code is exchanged, `GET /user`
 * names the YNAB user, and that user's account, if any, is shown on a confirmation page. The token is
 * used for that one read and never stored.
 *
 * The confirmation's form carries a token signed (HS256, jose) with a key derived from the request-
 * state key every instance shares, naming the account and the hash of a secret set in a cookie only
 * `/account` paths receive (`SameSite=Strict`), and dead after ten minutes: another site can neither
 * read the token nor send the cookie, so no page but this one can make the deletion. A deletion is
 * done once whatever is replayed: a second POST finds no account. Deleting removes the person's row,
 * and with it every row of theirs (store/sql-accounts.ts), so their apps' grants go and their
 * tokens are refused at once; this instance also drops the Deps it kept for them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizeUrl, exchangeCode, ynabUserId, YnabOAuthError } from '../../hosted/ynab-oauth.js';
import { ACCOUNT_PATH, accountPage, confirmPage } from './account-page.js';
import { readForm, originOf } from './interaction.js';
import { newNonce, pageHeaders } from './page.js';
import { AGAIN, AUDIENCE, COOKIE, confirmedForm, page, signConfirmation } from './account-confirm.js';
import { APPS_TRIP_STATE, showApps } from './account-apps.js';
import { ACCOUNT_TRIP_STATE, accountTripUid, tripCookie, type HostedContext } from './ynab-sign-in.js';
import { DIGEST_AUDIENCE, DIGEST_TRIP_STATE, showDigest } from './account-digest.js';

/** GET: the page. POST: the trip to YNAB that proves whose account it is. */
export async function handleAccount(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  if (req.method !== 'POST') {
    const nonce = newNonce();
    res
      .writeHead(200, pageHeaders(nonce, originOf(ctx.app.oauthUrl)))
      .end(accountPage(nonce, ctx.privacyUrl ?? null, ctx.digests !== undefined));
    return;
  }
  const form = await readForm(req);
  const decision = form.get('decision');
  const mark =
    decision === 'delete'
      ? ACCOUNT_TRIP_STATE
      : decision === 'apps'
        ? APPS_TRIP_STATE
        : decision === 'digest' && ctx.digests !== undefined
          ? DIGEST_TRIP_STATE
          : null;
  if (mark === null) return void res.writeHead(303, { location: ACCOUNT_PATH }).end();
  const { state, browser } = await ctx.states.issue(
    { uid: accountTripUid(), allowed: 'read', timeZone: null },
    mark,
  );
  res
    .writeHead(303, {
      location: authorizeUrl(ctx.app, state, true),
      'set-cookie': tripCookie(ctx, browser),
      'cache-control': 'no-store',
      'content-length': '0',
    })
    .end();
}

/** What a trip from the account page was for, read from its state's beginning. */
function tripKind(state: string, ctx: HostedContext): 'digest' | 'apps' | 'delete' {
  if (state.startsWith(DIGEST_TRIP_STATE) && ctx.digests !== undefined) return 'digest';
  return state.startsWith(APPS_TRIP_STATE) ? 'apps' : 'delete';
}

/** YNAB's answer to a trip started by the account page (handed over by the callback). */
export async function finishAccountTrip(
  res: ServerResponse,
  ctx: HostedContext,
  query: URLSearchParams,
): Promise<void> {
  const kind = tripKind(query.get('state') ?? '', ctx);
  const digest = kind === 'digest';
  const nothing = kind === 'delete' ? 'Nothing was deleted.' : 'Nothing was changed.';
  if (query.get('error') === 'access_denied')
    return page(ctx, res, 403, nothing.slice(0, -1), `You chose not to sign in at YNAB. ${AGAIN}`);
  const code = query.get('code');
  if (query.has('error') || !code)
    return page(ctx, res, 400, 'YNAB did not complete the sign-in', `${nothing} ${AGAIN}`);
  let userId: string;
  try {
    const grant = await exchangeCode(ctx.app, code);
    // the token proves who signed in; it serves this one read and is dropped with this function
    userId = await ynabUserId(ctx.app, grant.accessToken);
  } catch (error) {
    if (!(error instanceof YnabOAuthError)) throw error;
    return page(ctx, res, 502, 'The sign-in with YNAB failed', `${error.message} ${nothing} ${AGAIN}`);
  }
  const person = await ctx.people.personOfYnabUser(userId);
  if (!person)
    return page(
      ctx,
      res,
      404,
      'No account here for this YNAB account',
      `This server keeps nothing about the YNAB account you signed in with: ${kind === 'delete' ? 'there is nothing to delete' : 'connect an app to this server first'}. If you connected an app with another YNAB account, sign in with that one.`,
    );
  if (kind === 'apps') return showApps(res, ctx, person, null);
  const { token, cookie } = await signConfirmation(ctx, person.id, digest ? DIGEST_AUDIENCE : AUDIENCE);
  if (digest) return showDigest(res, ctx, person.id, token, null, cookie);
  const nonce = newNonce();
  res
    .writeHead(200, { ...pageHeaders(nonce, []), 'set-cookie': cookie })
    .end(
      confirmPage(
        { accountId: person.id, createdAt: person.createdAt, token, privacyUrl: ctx.privacyUrl ?? null },
        nonce,
      ),
    );
}

/** POST /account/delete: the confirmation, then the deletion. */
export async function handleAccountDelete(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  if (req.method !== 'POST') return void res.writeHead(303, { location: ACCOUNT_PATH }).end();
  const { id } = await confirmedForm(req, ctx);
  // the cookie has served either way
  res.setHeader('set-cookie', `${COOKIE}=; Path=${ACCOUNT_PATH}; Max-Age=0`);
  if (id === null)
    return page(
      ctx,
      res,
      400,
      'This confirmation is not valid any more',
      `It is more than ten minutes old, or it was opened in another browser. Nothing was deleted. ${AGAIN}`,
    );
  const deleted = await ctx.people.deletePerson(id);
  ctx.onDelete?.(id);
  if (!deleted)
    return page(
      ctx,
      res,
      404,
      'Already deleted',
      'This account was already deleted: this server keeps nothing of it.',
    );
  page(
    ctx,
    res,
    200,
    'Your data is deleted',
    "This server keeps nothing about you any more, and the apps you connected to it are refused from now on: remove them in each app's connector settings. To withdraw this server's access at YNAB too, remove it from the authorized applications in YNAB's settings.",
  );
}
