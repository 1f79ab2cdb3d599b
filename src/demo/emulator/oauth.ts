/**
 * YNAB's OAuth on the stand-in: the authorize page (`GET /oauth/authorize`, answered by a form post
 * to the same path) and the token endpoint (`POST /oauth/token`: the code grant and refresh with
 * rotation). The token endpoint reads its parameters from the query string (as YNAB's docs show them)
 * and from a form or JSON body (as OAuth clients send them), and a client's secret from the parameters
 * or HTTP Basic. Errors follow RFC 6749 with the descriptions Doorkeeper, YNAB's OAuth server, gives.
 */
import { authorizePage, errorPage } from './authorize-page.js';
import type { Grants, Issued, Scope } from './grants.js';
import { noRoute } from './http.js';
import type { Reply } from './http.js';
import type { People } from './people.js';

/** An application registered with the stand-in, as an operator registers theirs with YNAB. */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** Compared exactly with a request's `redirect_uri`. */
  redirectUris: string[];
}

export interface OAuthRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  raw: string;
  contentType: string | undefined;
  authorization: string | undefined;
}

export interface OAuthDeps {
  apps: readonly OAuthApp[];
  people: People | undefined;
  grants: Grants;
}

/** The answer, and the person it concerns when one is known (the request record names them). */
export interface OAuthAnswer {
  reply: Reply;
  person: string | null;
}

type OAuthError =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied';

const DESCRIPTIONS: Readonly<Record<OAuthError, string>> = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  access_denied: 'The resource owner or authorization server denied the request.',
};

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

const tokenError = (status: number, error: OAuthError, detail?: string): OAuthAnswer => ({
  reply: {
    status,
    body: { error, error_description: detail ?? DESCRIPTIONS[error] },
    headers: status === 401 ? { ...NO_STORE, 'WWW-Authenticate': 'Basic realm="Doorkeeper"' } : NO_STORE,
  },
  person: null,
});

/** The parameters of a body: a form, or a JSON object of strings. */
function bodyParams(raw: string, contentType: string | undefined): Record<string, string> {
  if (raw === '') return {};
  if ((contentType ?? '').toLowerCase().includes('json')) {
    try {
      const value = JSON.parse(raw) as unknown;
      if (typeof value !== 'object' || value === null) return {};
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** The query's parameters with the body's over them. */
export const paramsOf = (req: OAuthRequest): Record<string, string> => ({
  ...Object.fromEntries(req.query),
  ...bodyParams(req.raw, req.contentType),
});

/** The client's id and secret: HTTP Basic (each part form-decoded, RFC 6749 §2.3.1) or the parameters. */
function clientOf(req: OAuthRequest, params: Record<string, string>): { id: string; secret: string } | null {
  const basic = /^Basic\s+(\S+)$/i.exec(req.authorization ?? '')?.[1];
  if (basic !== undefined) {
    const text = Buffer.from(basic, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 0) return null;
    const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
    } catch {
      return null;
    }
  }
  const id = params['client_id'];
  const secret = params['client_secret'];
  return id === undefined || secret === undefined ? null : { id, secret };
}

/** The pair, or invalid_grant when the code or refresh token was not live. */
const granted = (issued: Issued | undefined): OAuthAnswer =>
  issued === undefined
    ? tokenError(400, 'invalid_grant')
    : { reply: { status: 200, body: issued.answer, headers: NO_STORE }, person: issued.person };

function token(req: OAuthRequest, deps: OAuthDeps): OAuthAnswer {
  const params = paramsOf(req);
  const client = clientOf(req, params);
  const app = deps.apps.find((a) => a.clientId === client?.id);
  if (client === null || app === undefined || app.clientSecret !== client.secret) {
    return tokenError(401, 'invalid_client');
  }
  const grantType = params['grant_type'];
  if (grantType === undefined || grantType === '') {
    return tokenError(400, 'invalid_request', 'Missing required parameter: grant_type.');
  }
  if (grantType === 'authorization_code') {
    const { code, redirect_uri: redirectUri } = params;
    if (code === undefined || code === '')
      return tokenError(400, 'invalid_request', 'Missing required parameter: code.');
    if (redirectUri === undefined || redirectUri === '') {
      return tokenError(400, 'invalid_request', 'Missing required parameter: redirect_uri.');
    }
    return granted(deps.grants.redeemCode(code, app.clientId, redirectUri));
  }
  if (grantType === 'refresh_token') {
    const refresh = params['refresh_token'];
    if (refresh === undefined || refresh === '') {
      return tokenError(400, 'invalid_request', 'Missing required parameter: refresh_token.');
    }
    return granted(deps.grants.rotate(refresh, app.clientId));
  }
  return tokenError(400, 'unsupported_grant_type');
}

/** A checked authorize request: where to send the browser back, and what it asks for. */
interface Authorize {
  app: OAuthApp;
  redirectUri: string;
  scope: Scope;
  state: string | undefined;
}

const errorReply = (message: string): OAuthAnswer => ({
  reply: { status: 400, body: errorPage(message) },
  person: null,
});

/** The browser sent back to the app, with `extra` added to the app's own query. */
function redirect(to: Authorize, extra: Record<string, string>, person: string | null): OAuthAnswer {
  const url = new URL(to.redirectUri);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  if (to.state !== undefined) url.searchParams.set('state', to.state);
  return { reply: { status: 302, body: '', headers: { Location: url.href } }, person };
}

const refuse = (to: Authorize, error: OAuthError): OAuthAnswer =>
  redirect(to, { error, error_description: DESCRIPTIONS[error] }, null);

/** Checks an authorize request: an error page while the app or address is not trusted, else a redirect. */
function checkAuthorize(params: Record<string, string>, deps: OAuthDeps): Authorize | OAuthAnswer {
  const clientId = params['client_id'];
  const app = deps.apps.find((a) => a.clientId === clientId);
  if (clientId === undefined || clientId === '') return errorReply('The request has no client_id.');
  if (app === undefined) return errorReply(`No application has the client_id ${clientId}.`);
  const redirectUri = params['redirect_uri'];
  if (redirectUri === undefined || !app.redirectUris.includes(redirectUri)) {
    return errorReply(
      `The redirect_uri ${JSON.stringify(redirectUri ?? '')} is not one registered for ${clientId}: it must match exactly.`,
    );
  }
  const scope = params['scope'] ?? '';
  const to: Authorize = {
    app,
    redirectUri,
    scope: scope === 'read-only' ? 'read-only' : '',
    state: params['state'],
  };
  if (params['response_type'] !== 'code') return refuse(to, 'unsupported_response_type');
  if (scope !== '' && scope !== 'read-only') return refuse(to, 'invalid_scope');
  return to;
}

function authorize(req: OAuthRequest, deps: OAuthDeps): OAuthAnswer {
  const params = paramsOf(req);
  const people = deps.people;
  if (people === undefined) return errorReply('This stand-in has no people to sign in as.');
  const to = checkAuthorize(params, deps);
  if ('reply' in to) return to;
  if (req.method === 'GET') {
    // the page posts the request back as it came; the answer's own fields are the buttons'
    const request = Object.fromEntries(
      Object.entries(params).filter(([k]) => k !== 'person' && k !== 'decision'),
    );
    return {
      reply: {
        status: 200,
        body: authorizePage({
          clientId: to.app.clientId,
          scope: to.scope,
          people: people.names,
          params: request,
        }),
      },
      person: null,
    };
  }
  if (params['decision'] === 'deny') return refuse(to, 'access_denied');
  const name = params['person'];
  if (name === undefined || people.find(name) === undefined) {
    return errorReply(`There is nobody named ${JSON.stringify(name ?? '')} to sign in as.`);
  }
  return redirect(to, { code: deps.grants.issueCode(name, to.scope, to.app.clientId, to.redirectUri) }, name);
}

/** Answers a request under `/oauth/`. */
export function answerOAuth(req: OAuthRequest, deps: OAuthDeps): OAuthAnswer {
  if (req.path === '/oauth/authorize' && (req.method === 'GET' || req.method === 'POST')) {
    return authorize(req, deps);
  }
  if (req.path === '/oauth/token' && req.method === 'POST') return token(req, deps);
  const e = noRoute(req.method, req.path);
  return { reply: { status: e.status, body: e.body }, person: null };
}
