/**
 * A person's apps on hosted mode's account page. "See my connected apps…" proves who the person is
 * with the same read-only YNAB trip as a deletion (account-deletion.ts), then lists the apps holding
 * a grant of that person's, and that person's only: every read and change here is filtered by the
 * person the page's signed confirmation names (account-confirm.ts), so a client id of someone else's
 * put in the form finds no app and changes nothing.
 *
 * Narrowing to read only and revoking act on the grant at once: the app's next call carries what the
 * grant allows now (verifier.ts), or is refused when the grant is gone. Widening cannot be done here
 * alone: YNAB fixes what its token allows at its own authorize step, and the token kept for the person
 * may be read only. So "Also changes" starts a YNAB trip asking for changes, its `state` naming the
 * person and the app; only when YNAB answers for that same person with a token that allows changes is
 * the token kept (replacing the earlier one, as a sign-in does: the latest sign-in decides for all the
 * person's apps) and the app's grant widened.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizeUrl, exchangeCode, ynabUserId, YnabOAuthError } from '../../hosted/ynab-oauth.js';
import type { Person } from '../../store/people.js';
import { AGAIN, confirmedForm, page, signConfirmation } from './account-confirm.js';
import { APPS_PATH, personAppsPage } from './account-apps-page.js';
import { ACCOUNT_PATH } from './account-page.js';
import { listClients, revokePersonClient, setClientAccess } from './grants.js';
import { originOf } from './interaction.js';
import { newNonce, pageHeaders } from './page.js';
import { accountTripUid, tripCookie, WIDEN_TRIP_STATE, type HostedContext } from './ynab-sign-in.js';

export { APPS_PATH };
/**
 * What begins the `state` of the trip that proves whose apps to list, and of the one that widens an
 * app (account trips still: the callback hands them back here).
 */
export { APPS_TRIP_STATE, WIDEN_TRIP_STATE } from './ynab-sign-in.js';
export const APPS_AUDIENCE = 'avenir-mcp connected apps';

/** The person's apps, with a confirmation made now (and its cookie) when none is given. */
export async function showApps(
  res: ServerResponse,
  ctx: HostedContext,
  person: Person,
  given: string | null,
  notice?: string,
): Promise<void> {
  const signed =
    given === null ? await signConfirmation(ctx, person.id, APPS_AUDIENCE) : { token: given, cookie: null };
  const apps = await listClients(ctx.store, person.id);
  const nonce = newNonce();
  res
    .writeHead(200, {
      // "Also changes…" posts here, and the answer goes on to YNAB's authorize
      ...pageHeaders(nonce, originOf(ctx.app.oauthUrl)),
      ...(signed.cookie === null ? {} : { 'set-cookie': signed.cookie }),
    })
    .end(
      personAppsPage(
        {
          serverHost: ctx.serverHost,
          apps,
          accountWrites: person.allowed === 'write',
          writesOffered: ctx.writesOffered,
          token: signed.token,
          privacyUrl: ctx.privacyUrl ?? null,
          ...(notice ? { notice } : {}),
        },
        nonce,
      ),
    );
}

const stale = (ctx: HostedContext, res: ServerResponse): void =>
  page(
    ctx,
    res,
    400,
    'This page is not valid any more',
    `It is more than ten minutes old, or it was opened in another browser. Nothing was changed. ${AGAIN}`,
  );

/** POST /account/apps: narrow or revoke one app of the person's, or start its widening at YNAB. */
export async function handleAccountApps(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  if (req.method !== 'POST') return void res.writeHead(303, { location: ACCOUNT_PATH }).end();
  const { form, token, id } = await confirmedForm(req, ctx, APPS_AUDIENCE);
  const person = id === null ? null : await ctx.people.person(id);
  if (person === null) return stale(ctx, res);
  const clientId = form.get('client') ?? '';
  const action = form.get('action');
  const app = (await listClients(ctx.store, person.id)).find((a) => a.clientId === clientId);
  const name = app?.name ?? 'The app';
  let notice: string;
  if (!app) notice = 'That app has no access any more: nothing was changed.';
  else if (action === 'revoke') {
    await revokePersonClient(ctx.store, clientId, person.id);
    notice = `${name} can no longer use your plan. To use it again, connect it again from the app.`;
  } else if (action === 'read') {
    await setClientAccess(ctx.store, clientId, ctx.resource, false, person.id);
    notice = `${name} may now only read your plan, from its next call. Your other apps keep what they may do.`;
  } else if (action === 'write' && app.write && person.allowed === 'write')
    notice = `${name} may already propose changes: nothing was changed.`;
  else if (action === 'write' && ctx.writesOffered) {
    const { state, browser } = await ctx.states.issue(
      {
        uid: accountTripUid(),
        allowed: 'write',
        timeZone: person.timeZone,
        widen: { account: person.id, client: clientId },
      },
      WIDEN_TRIP_STATE,
    );
    return void res
      .writeHead(303, {
        location: authorizeUrl(ctx.app, state, false),
        'set-cookie': tripCookie(ctx, browser),
        'cache-control': 'no-store',
        'content-length': '0',
      })
      .end();
  } else if (action === 'write')
    notice = 'This server allows reading only: no app can be given changes. Nothing was changed.';
  else notice = 'Nothing was changed.';
  await showApps(res, ctx, person, token, notice);
}

/** YNAB's answer to a widening: the app gets changes when YNAB allowed them, for this same person. */
export async function finishWiden(
  res: ServerResponse,
  ctx: HostedContext,
  query: URLSearchParams,
  widen: { account: string; client: string },
): Promise<void> {
  if (query.get('error') === 'access_denied')
    return page(
      ctx,
      res,
      403,
      'Nothing was changed',
      `You chose not to allow changes at YNAB: your apps keep what they may do. ${AGAIN}`,
    );
  const code = query.get('code');
  if (query.has('error') || !code)
    return page(ctx, res, 400, 'YNAB did not complete the sign-in', `Nothing was changed. ${AGAIN}`);
  let grant;
  let userId: string;
  try {
    grant = await exchangeCode(ctx.app, code);
    userId = await ynabUserId(ctx.app, grant.accessToken);
  } catch (error) {
    if (!(error instanceof YnabOAuthError)) throw error;
    return page(
      ctx,
      res,
      502,
      'The sign-in with YNAB failed',
      `${error.message} Nothing was changed. ${AGAIN}`,
    );
  }
  const found = await ctx.people.personOfYnabUser(userId);
  // the token of someone else, or one that allows reading only, is dropped here unkept
  if (found?.id !== widen.account)
    return page(
      ctx,
      res,
      403,
      'That is another YNAB account',
      `You signed in at YNAB with another account than the one whose apps you were changing. Nothing was changed, and nothing of that account was kept. ${AGAIN}`,
    );
  if (grant.scope === 'read-only')
    return page(
      ctx,
      res,
      403,
      'YNAB allowed reading only',
      `YNAB gave this server access that can only read your plan, so no app can make changes with it. Nothing was changed. ${AGAIN}`,
    );
  const app = (await listClients(ctx.store, found.id)).find((a) => a.clientId === widen.client);
  if (!app)
    return page(
      ctx,
      res,
      404,
      'That app has no access any more',
      `It was revoked while you were at YNAB. Nothing was changed. ${AGAIN}`,
    );
  // as a sign-in: the choice and the token that allows it are replaced together, for every app
  const person = await ctx.people.signIn(userId, { allowed: 'write', timeZone: found.timeZone }, grant);
  ctx.onSignIn?.(person.id);
  await setClientAccess(ctx.store, widen.client, ctx.resource, true, person.id);
  await showApps(
    res,
    ctx,
    person,
    null,
    `${app.name ?? 'The app'} may now read your plan and propose changes, from its next call. YNAB's new access allows changes for all your apps: those you allowed changes before may make them again, and those you let only read still only read.`,
  );
}
