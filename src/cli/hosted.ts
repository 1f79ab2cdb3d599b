/**
 * Hosted mode's start (AVENIR_MCP_AUTH=ynab), loaded only for it: the YNAB application (its secret
 * read from its file), the authorization server with YNAB as the sign-in, and the per-person servers.
 * The people store is opened by the caller (an embedded one in --demo).
 */
import { ConfigError, type Config } from '../config.js';
import { Secret } from '../domain/secret.js';
import { CALLBACK_PATH, type YnabApp } from '../hosted/ynab-oauth.js';
import type { Log } from '../log.js';
import type { ServerOptions } from '../server.js';
import type { PeopleStore } from '../store/people.js';
import { FileStore } from '../transports/oauth/file-store.js';
import { oauthFiles } from '../transports/oauth/grants.js';
import { createOAuth, type OAuthServer } from '../transports/oauth/index.js';
import { readPrivate } from '../transports/oauth/passphrase.js';
import { personServers, type PersonServers } from '../transports/per-person.js';

const SECRET = /^[\x21-\x7e]+$/;

/** The client secret from AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: a private file holding it alone. */
export function readClientSecret(path: string): Secret {
  const value = readPrivate(path, 'AVENIR_MCP_YNAB_CLIENT_SECRET_FILE').replace(/\r?\n$/, '');
  if (!SECRET.test(value))
    throw new ConfigError(
      'AVENIR_MCP_YNAB_CLIENT_SECRET_FILE must hold the client secret alone, on one line (visible characters, no space).',
    );
  return new Secret(value);
}

export interface Hosted {
  oauth: OAuthServer;
  servers: PersonServers;
}

export interface HostedStart {
  config: Config;
  log: Log;
  people: PeopleStore;
  /** The client secret: read from its file, or made for the run by --demo. */
  secret: Secret;
  server?: ServerOptions;
  /** --demo serves plain HTTP on loopback, as the tests do. */
  loopbackHttp?: boolean;
}

export async function startHosted(start: HostedStart): Promise<Hosted> {
  const { config, log, people } = start;
  const settings = config.ynabOAuth;
  if (!settings || !config.publicUrl) throw new ConfigError('AVENIR_MCP_AUTH=ynab is not configured.');
  const app: YnabApp = {
    clientId: settings.clientId,
    clientSecret: start.secret,
    oauthUrl: settings.url,
    redirectUri: new URL(CALLBACK_PATH, config.publicUrl).href,
    apiUrl: () => config.ynabUrl(),
  };
  const servers = personServers({
    config,
    log,
    people,
    app,
    ...(start.server ? { server: start.server } : {}),
  });
  const oauth = await createOAuth({
    publicUrl: config.publicUrl,
    writes: config.write,
    lasting: new FileStore(oauthFiles(config.stateDir).state),
    hosted: { people, app, onSignIn: (id) => servers.people.forget(id) },
    ...(start.loopbackHttp ? { testing: { allowHttpLoopback: true } } : {}),
  });
  return {
    oauth: { ...oauth, authenticate: servers.gate((request) => oauth.authenticate(request), oauth.resource) },
    servers,
  };
}
