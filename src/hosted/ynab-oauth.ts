/**
 * YNAB's side of hosted mode: the operator's YNAB OAuth application, the authorize address a person
 * is sent to, and the token endpoint (a code for tokens, a refresh token for new ones), plus the one
 * API read the sign-in needs (`GET /user`, whose id is the person's key).
 *
 * Tokens pass through here and nowhere are they written: no log line, and no error text quotes a token
 * or YNAB's error description (which could echo what was sent). An error says which step failed and
 * YNAB's error code, a word from a fixed grammar.
 */
import { z } from 'zod';
import type { Secret } from '../domain/secret.js';
import type { YnabGrant } from '../store/people.js';

/** The operator's YNAB OAuth application, as hosted mode speaks to it. */
export interface YnabApp {
  readonly clientId: string;
  readonly clientSecret: Secret;
  /** The origin of YNAB's /oauth/authorize and /oauth/token (https://app.ynab.com, or the stand-in's). */
  readonly oauthUrl: string;
  /** This server's https://<host>/oauth/ynab/callback, registered with the application. */
  readonly redirectUri: string;
  /** The YNAB API base (…/v1), read at each use. */
  readonly apiUrl: () => string;
}

export const CALLBACK_PATH = '/oauth/ynab/callback';

/**
 * Why YNAB's token endpoint said no, or could not be asked: `invalid_grant` (the code or refresh
 * token is spent, expired or revoked: the person signs in again), `refused` (any other refusal, most
 * often the application's own id or secret), `unreachable` (no answer, or one that is not YNAB's).
 */
export class YnabOAuthError extends Error {
  override readonly name = 'YnabOAuthError';
  constructor(
    readonly kind: 'invalid_grant' | 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

/** The authorize address: read only asks YNAB for its `read-only` scope, else full access. */
export function authorizeUrl(app: YnabApp, state: string, readOnly: boolean): string {
  const url = new URL('/oauth/authorize', app.oauthUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', app.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  if (readOnly) url.searchParams.set('scope', 'read-only');
  return url.href;
}

const TokenAnswer = z.object({
  access_token: z.string().regex(/^[\x21-\x7e]+$/),
  refresh_token: z.string().regex(/^[\x21-\x7e]+$/),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

const ErrorAnswer = z.object({ error: z.string() });

/** YNAB's error code as a word we may print: letters, digits and underscores, at most 40. */
const codeOf = (body: unknown): string => {
  const parsed = ErrorAnswer.safeParse(body);
  const code = parsed.success ? parsed.data.error : '';
  return /^[a-z0-9_]{1,40}$/i.test(code) ? code : 'unknown_error';
};

const TIMEOUT_MS = 15_000;
const MS_PER_S = 1000;

async function postToken(app: YnabApp, what: string, fields: Record<string, string>): Promise<YnabGrant> {
  const body = new URLSearchParams({
    ...fields,
    client_id: app.clientId,
    client_secret: app.clientSecret.reveal(),
  });
  const started = Date.now();
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(new URL('/oauth/token', app.oauthUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = await response.json().catch(() => null);
  } catch {
    throw new YnabOAuthError('unreachable', `YNAB's sign-in service could not be reached to ${what}.`);
  }
  if (!response.ok) {
    const code = codeOf(answer);
    const kind = code === 'invalid_grant' ? 'invalid_grant' : 'refused';
    throw new YnabOAuthError(kind, `YNAB refused to ${what} (HTTP ${response.status}, ${code}).`);
  }
  const parsed = TokenAnswer.safeParse(answer);
  if (!parsed.success)
    throw new YnabOAuthError('unreachable', `YNAB's answer to ${what} was not the expected token answer.`);
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    expiresAt: started + parsed.data.expires_in * MS_PER_S,
    scope: parsed.data.scope ?? '',
  };
}

/** Exchanges the code YNAB sent back to the callback for the person's tokens. */
export const exchangeCode = (app: YnabApp, code: string): Promise<YnabGrant> =>
  postToken(app, 'exchange the sign-in code', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: app.redirectUri,
  });

/** New tokens for a refresh token; YNAB rotates the refresh token, so the old one is spent. */
export const refreshGrant = (app: YnabApp, refreshToken: string): Promise<YnabGrant> =>
  postToken(app, 'refresh the access token', { grant_type: 'refresh_token', refresh_token: refreshToken });

const UserAnswer = z.object({ data: z.object({ user: z.object({ id: z.string().min(1).max(100) }) }) });

/** The YNAB user id the access token belongs to (`GET /user`). */
export async function ynabUserId(app: YnabApp, accessToken: string): Promise<string> {
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(`${app.apiUrl()}/user`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = await response.json().catch(() => null);
  } catch {
    throw new YnabOAuthError('unreachable', 'YNAB could not be reached to read who signed in.');
  }
  const parsed = UserAnswer.safeParse(answer);
  if (!response.ok || !parsed.success)
    throw new YnabOAuthError('refused', `YNAB did not say who signed in (HTTP ${response.status}).`);
  return parsed.data.data.user.id;
}
