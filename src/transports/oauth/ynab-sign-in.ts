/**
 * Hosted mode's sign-in (AVENIR_MCP_AUTH=ynab). The MCP side is remote mode's, unchanged: the app is
 * sent to /authorize, oidc-provider opens an interaction, and this server finishes it with a grant.
 * What differs is who signs in: the interaction page asks no passphrase but shows the consent page
 * (consent-page.ts); its answer sends the person to YNAB's authorize with a single-use `state`
 * (sign-in-states.ts), and YNAB's answer at /oauth/ynab/callback is exchanged for the person's YNAB
 * tokens, tied to their YNAB user id, stored sealed, and turned into the grant of `accountId =
 * person.id`. Every failure is a plain page saying what happened and what to do, with nothing stored.
 */
import type { AddressRules } from '../../hosted/digest-webhook-url.js';
import type { SqlDigests } from '../../store/sql-digests.js';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { timeZoneName } from '../../clock.js';
import {
  authorizeUrl,
  exchangeCode,
  ynabUserId,
  YnabOAuthError,
  type YnabApp,
} from '../../hosted/ynab-oauth.js';
import type { Secret } from '../../domain/secret.js';
import type { PeopleStore, Person, PersonId } from '../../store/people.js';
import { ACCOUNT_PATH } from './account-page.js';
import { consentHeaders, consentPage, type ConsentModel } from './consent-page.js';
import { originOf, readForm, recordGrant } from './interaction.js';
import { messagePage, newNonce, pageHeaders } from './page.js';
import type { SignInChoice, SignInStateStore } from './sign-in-states.js';
import type { OAuthStore } from './store.js';
import type { Lasting } from './page-parts.js';

export interface HostedSignIn {
  people: PeopleStore;
  app: YnabApp;
  /** Told when a person signed in (again): their cached Deps must take their new choice. */
  onSignIn?: (id: PersonId) => void;
  /** Told when a person deleted their account (account-deletion.ts): their cached Deps must go. */
  onDelete?: (id: PersonId) => void;
  /**
   * The key the account page derives its confirmations' key from: the request-state key every
   * instance shares. Without it, a key made for this process (a confirmation then works on it alone).
   */
  accountKey?: () => Promise<Secret>;
  /** AVENIR_MCP_PRIVACY_URL: the operator's privacy policy, linked from the consent and account pages. */
  privacyUrl?: string | null;
  /** The weekly digests' webhooks (the account page offers them when given). */
  digests?: Pick<SqlDigests, 'webhook' | 'setWebhook' | 'removeWebhook'>;
  /** The rules a webhook's address is checked with (tests give their own resolver). */
  webhookRules?: AddressRules;
}

export interface HostedContext extends HostedSignIn, Lasting {
  /** The public host, named on the consent page. */
  serverHost: string;
  provider: Provider;
  resource: string;
  writesOffered: boolean;
  /** The trips to YNAB under way: in the shared store in hosted mode, so any instance takes the callback. */
  states: SignInStateStore;
  /** Whether the public address is https: the browser cookie is then Secure. */
  secure: boolean;
  accountKey: () => Promise<Secret>;
  /** The lasting OAuth store: the account page lists and changes the person's grants in it. */
  store: OAuthStore;
  /** Where a trip the account page started goes once YNAB answers (account-deletion.ts, account-apps.ts). */
  accountTrip?: (res: ServerResponse, query: URLSearchParams, taken: SignInChoice) => Promise<void>;
}

/**
 * A trip started by the account page belongs to no sign-in page. Its `uid` is its own, so that two
 * people leaving at once do not replace each other's trip (the shared store keeps one per uid).
 */
export const accountTripUid = (): string => `account-page:${randomBytes(16).toString('base64url')}`;
/**
 * What begins the `state` of such a trip, and the one thing that tells it from a sign-in's (whose
 * states are base64url, with no dot): the callback reads it even once the state is spent or expired
 * and the store has nothing of it, to say where to start again (the account page, not an app).
 */
export const ACCOUNT_TRIP_STATE = 'account.';
const isAccountTrip = (state: string): boolean => state.startsWith(ACCOUNT_TRIP_STATE);
/** The account page's trips that change something rather than delete: each begins its state thus. */
export const DIGEST_TRIP_STATE = 'account.digest.';
export const APPS_TRIP_STATE = 'account.apps.';
export const WIDEN_TRIP_STATE = 'account.widen.';
const isDeletion = (state: string): boolean =>
  ![DIGEST_TRIP_STATE, APPS_TRIP_STATE, WIDEN_TRIP_STATE].some((mark) => state.startsWith(mark));

/** The cookie that binds a trip to YNAB to the browser that started it; only the callback receives it. */
const COOKIE = 'avenir_ynab_sign_in';

const MS_PER_S = 1000;
const START_AGAIN = 'Start again from the app you are connecting.';

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const nonce = newNonce();
  res.writeHead(status, pageHeaders(nonce, [])).end(messagePage(title, text, nonce));
}

const expired = (res: ServerResponse): void =>
  page(
    res,
    400,
    'This sign-in has expired',
    `The page lives one hour, in the browser that opened it. Nothing was stored. ${START_AGAIN}`,
  );

/** GET: the consent page. POST: deny, or the person's choice and the redirect to YNAB. */
export async function handleHostedInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  let details;
  try {
    details = await ctx.provider.interactionDetails(req, res);
  } catch {
    return expired(res);
  }
  const params = details.params as Record<string, string | undefined>;
  const clientId = params.client_id ?? '';
  const client = await ctx.provider.Client.find(clientId);
  const redirectUri = params.redirect_uri ?? '';
  const model: ConsentModel = {
    uid: details.uid,
    clientName: client?.clientName ?? null,
    clientId,
    redirectUri,
    writesOffered: ctx.writesOffered,
    privacyUrl: ctx.privacyUrl ?? null,
    serverHost: ctx.serverHost,
    grantDays: ctx.grantDays,
    idleDays: ctx.idleDays,
  };
  // the form posts here, then goes on to YNAB (allow) or back to the app (deny)
  const targets = [...originOf(redirectUri), ...originOf(ctx.app.oauthUrl)];
  const show = (status: number, m: ConsentModel): void => {
    const nonce = newNonce();
    res.writeHead(status, consentHeaders(nonce, targets)).end(consentPage(m, nonce));
  };
  if (req.method !== 'POST') return show(200, model);

  const form = await readForm(req);
  if (form.get('decision') !== 'allow')
    return ctx.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person did not connect this app.' },
      { mergeWithLastSubmission: false },
    );
  const write = ctx.writesOffered && form.get('access') === 'write';
  const typed = (form.get('time_zone') ?? '').trim();
  const timeZone = typed === '' ? null : timeZoneName(typed);
  if (typed !== '' && timeZone === null)
    return show(400, {
      ...model,
      write,
      timeZone: typed,
      error: `"${typed.slice(0, 60)}" is not a time zone this server knows: type one such as Europe/Paris or America/Los_Angeles, or leave it empty for the server's.`,
    });
  const { state, browser } = await ctx.states.issue({
    uid: details.uid,
    allowed: write ? 'write' : 'read',
    timeZone,
  });
  res
    .writeHead(303, {
      location: authorizeUrl(ctx.app, state, !write),
      'set-cookie': tripCookie(ctx, browser),
      'cache-control': 'no-store',
      'content-length': '0',
    })
    .end();
}

/** The cookie that binds a trip to YNAB to this browser; only the callback path receives it. */
export const tripCookie = (ctx: Pick<HostedContext, 'app' | 'secure'>, browser: string): string =>
  [
    `${COOKIE}=${browser}`,
    `Path=${new URL(ctx.app.redirectUri).pathname}`,
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=600',
    ...(ctx.secure ? ['Secure'] : []),
  ].join('; ');

const cookieOf = (req: IncomingMessage): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return null;
};

/** Gives the app its grant for the person, and records the login the provider resumes with. */
async function finishInteraction(
  ctx: HostedContext,
  interaction: Interaction,
  person: Person,
): Promise<void> {
  const params = interaction.params as Record<string, string | undefined>;
  const grantId = await recordGrant(ctx.provider, ctx.resource, {
    accountId: person.id,
    clientId: params.client_id ?? '',
    requested: params.scope ?? '',
    write: person.allowed === 'write',
  });
  // A browser's session remembers who signed in last; in hosted mode two people may share one
  // browser, and the provider would then ask the last one to log out first. Every sign-in here asks
  // YNAB anyway, so the browser's session is ended and the new login starts one of its own.
  const previous = interaction.session?.uid;
  if (previous) {
    await (await ctx.provider.Session.findByUid(previous))?.destroy();
    delete interaction.session;
  }
  interaction.result = { login: { accountId: person.id }, consent: { grantId } };
  // the interaction keeps its own expiry (the store counts in seconds)
  await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / MS_PER_S)));
}

/** The page for a state already used, expired, or of another browser, worded for its kind of trip. */
function spent(res: ServerResponse, state: string): void {
  const why = 'It was already used, it is more than ten minutes old, or it was started in another browser.';
  if (isAccountTrip(state))
    return isDeletion(state)
      ? page(
          res,
          400,
          'This link to delete your data is not valid any more',
          `${why} Nothing was deleted. Start again from ${ACCOUNT_PATH} on this server.`,
        )
      : page(
          res,
          400,
          'This link from your account page is not valid any more',
          `${why} Nothing was changed. Start again from ${ACCOUNT_PATH} on this server.`,
        );
  page(res, 400, 'This sign-in link is not valid any more', `${why} Nothing was stored. ${START_AGAIN}`);
}

/** GET /oauth/ynab/callback: YNAB's answer, exchanged, tied to the person, and the app's grant made. */
export async function handleYnabCallback(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const state = query.get('state') ?? '';
  const taken = await ctx.states.take(state, cookieOf(req));
  // the cookie has served (or was not this trip's): it goes either way
  res.setHeader('set-cookie', `${COOKIE}=; Path=${new URL(ctx.app.redirectUri).pathname}; Max-Age=0`);
  if (taken === 'unknown' || taken === 'other-browser') return spent(res, state);
  if (isAccountTrip(state)) return ctx.accountTrip ? ctx.accountTrip(res, query, taken) : expired(res);
  if (query.get('error') === 'access_denied')
    return page(
      res,
      403,
      'YNAB access was not allowed',
      `You chose not to authorize this server at YNAB, so the app is not connected. Nothing was stored. To connect it, ${START_AGAIN.toLowerCase()}`,
    );
  const code = query.get('code');
  if (query.has('error') || !code)
    return page(res, 400, 'YNAB did not complete the sign-in', `Nothing was stored. ${START_AGAIN}`);
  const interaction = await ctx.provider.Interaction.find(taken.uid);
  if (!interaction) return expired(res);

  let person;
  try {
    const grant = await exchangeCode(ctx.app, code);
    const userId = await ynabUserId(ctx.app, grant.accessToken);
    // YNAB may grant less than asked: a read-only token makes a read-only grant. The person's choice
    // and this token replace the earlier ones together, for every app of theirs (per-person.ts)
    const allowed = grant.scope === 'read-only' ? 'read' : taken.allowed;
    person = await ctx.people.signIn(userId, { allowed, timeZone: taken.timeZone }, grant);
  } catch (error) {
    if (!(error instanceof YnabOAuthError)) throw error;
    const what =
      error.kind === 'unreachable'
        ? 'Try again in a few minutes.'
        : 'If it happens again, tell the operator of this server.';
    return page(
      res,
      502,
      'The sign-in with YNAB failed',
      `${error.message} Nothing was stored. ${what} ${START_AGAIN}`,
    );
  }
  ctx.onSignIn?.(person.id);
  await finishInteraction(ctx, interaction, person);
  res
    .writeHead(303, { location: interaction.returnTo, 'cache-control': 'no-store', 'content-length': '0' })
    .end();
}
