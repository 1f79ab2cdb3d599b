/**
 * Hosted mode's start (AVENIR_MCP_AUTH=ynab), loaded only for it: the YNAB application (its secret
 * read from its file), the authorization server with YNAB as the sign-in, and the per-person servers.
 * The people store is opened by the caller (an embedded one in --demo).
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, DEMO_CLIENT_ID, type Config } from '../config.js';
import { Secret } from '../domain/secret.js';
import { startPruning } from '../hosted/retention.js';
import { personDigest } from '../hosted/person-digest.js';
import { startWeeklyDigest, type WeeklyDigest } from '../hosted/weekly-digest.js';
import { toldAcross } from '../hosted/plan-writes.js';
import { sharedStateKey } from '../hosted/state-key.js';
import { CALLBACK_PATH, type YnabApp } from '../hosted/ynab-oauth.js';
import type { Log } from '../log.js';
import { meteredDatabase } from '../metrics/store.js';
import type { ReadinessCheck } from '../transports/health.js';
import { storeReadiness } from './store-readiness.js';
import type { ServerOptions } from '../server.js';
import type { PeopleStore } from '../store/people.js';
import type { SqlDigests } from '../store/sql-digests.js';
import type { Database } from '../store/sql.js';
import type { OAuthStore } from '../transports/oauth/store.js';
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

/** The value of `make`, asked once; asked again after a failure (a store that did not answer). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}

export interface Hosted {
  oauth: OAuthServer;
  servers: PersonServers;
  /** The weekly digests' schedule (when the start was given the store's digests). */
  weekly: WeeklyDigest | null;
}

export interface HostedStart {
  config: Config;
  log: Log;
  people: PeopleStore;
  /**
   * The apps' OAuth state, on the store: every record of it lives there (registrations, grants, sign-in
   * pages, sessions, codes, access tokens), so that any instance answers any request.
   */
  lasting: OAuthStore;
  /**
   * The store the people live in: every person's journal, pending writes, codes, cards and pacer go
   * there too, so that instances on one database agree.
   */
  store: Database;
  /** The client secret: read from its file, or made for the run by --demo. */
  secret: Secret;
  server?: ServerOptions;
  /** --demo serves plain HTTP on loopback, as the tests do. */
  loopbackHttp?: boolean;
  /** The people's weekly digest webhooks: set on the account page, sent on a schedule. */
  digests?: SqlDigests;
}

export async function startHosted(start: HostedStart): Promise<Hosted> {
  const { config, log, people, store } = start;
  const settings = config.ynabOAuth;
  if (!settings || !config.publicUrl) throw new ConfigError('AVENIR_MCP_AUTH=ynab is not configured.');
  const app: YnabApp = {
    clientId: settings.clientId,
    clientSecret: start.secret,
    oauthUrl: settings.url,
    redirectUri: new URL(CALLBACK_PATH, config.publicUrl).href,
    apiUrl: () => config.ynabUrl(),
  };
  // a write on this instance ends the freshness window of the person's plan on the others too
  const servers = await toldAcross(store, log, (written) =>
    personServers({
      config,
      log,
      people,
      app,
      store,
      written,
      ...(start.server ? { server: start.server } : {}),
    }),
  );
  const oauth = await createOAuth({
    publicUrl: config.publicUrl,
    writes: config.write,
    lasting: start.lasting,
    shared: true,
    hosted: {
      people,
      app,
      onSignIn: (id) => servers.people.forget(id),
      onDelete: (id) => servers.people.forget(id),
      privacyUrl: config.privacyUrl,
      // the account page's confirmations verify on every instance: they share the request-state key
      accountKey: once(() => sharedStateKey(config, store)),
      ...(start.digests ? { digests: start.digests } : {}),
    },
    ...(start.loopbackHttp ? { testing: { allowHttpLoopback: true } } : {}),
  });
  // each person's weekly digest, sent once across instances
  const weekly = start.digests
    ? startWeeklyDigest({ digests: start.digests, digestOf: personDigest(servers.people), log })
    : null;
  return {
    oauth: { ...oauth, authenticate: servers.gate((request) => oauth.authenticate(request), oauth.resource) },
    servers,
    weekly,
  };
}

export interface OpenedHosted extends Hosted {
  /** What /readyz checks: the store answers and its schema is this build's (to give runHttp). */
  ready: ReadinessCheck;
  /** The people, as the servers use them (after `people` of the options, when given). */
  people: PeopleStore;
  /** The store opened, metered. */
  store: Database;
  close(): Promise<void>;
}

export interface OpenOptions {
  server?: ServerOptions;
  /**
   * A client secret made for the run (--demo's, and the tests'): the seal key is then made for the
   * run too, and plain HTTP on loopback is allowed.
   */
  demoSecret?: Secret;
  /** Wraps the people store (the tests record what is saved through it). */
  people?: (inner: PeopleStore) => PeopleStore;
}

/**
 * Hosted mode as the CLI opens it: the client secret from its file (or --demo's), the seal keys, the
 * store (checked or migrated) and its clean-up schedule, the people and the apps' OAuth state on it,
 * then startHosted.
 */
export async function openHosted(config: Config, log: Log, options: OpenOptions = {}): Promise<OpenedHosted> {
  const file = config.ynabOAuth?.clientSecretFile ?? null;
  const secret = options.demoSecret ?? (file ? readClientSecret(file) : undefined);
  if (!secret) throw new ConfigError('AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_YNAB_CLIENT_SECRET_FILE.');
  const [
    { loadSealer, parseKeyFile, newKeyLine, Sealer },
    { openStore },
    { SqlPeopleStore },
    { SqlOAuthStore },
    { SqlDigests },
  ] = await Promise.all([
    import('../store/seal.js'),
    import('../store/open.js'),
    import('../store/sql-people.js'),
    import('../store/sql-oauth.js'),
    import('../store/sql-digests.js'),
  ]);
  // --demo seals with a key made for the run: its store lives in a temporary folder
  const sealer = options.demoSecret
    ? new Sealer(parseKeyFile(newKeyLine()))
    : await loadSealer(config.store.sealKeyFile);
  // every query timed for the metrics (nothing is recorded unless AVENIR_MCP_METRICS_PORT is set)
  const db = meteredDatabase(
    await openStore({
      databaseUrl: config.store.databaseUrl,
      stateDir: config.stateDir,
      migrateAtStart: config.store.migrateAtStart,
    }),
  );
  // the store's clean-up: once now, before the instance serves, then every hour until close
  const pruning = await startPruning(db, { days: config.store.retentionDays, log });
  const stored = new SqlPeopleStore(db, sealer);
  const people = options.people ? options.people(stored) : stored;
  const hosted = await startHosted({
    config,
    log,
    people,
    lasting: new SqlOAuthStore(db),
    store: db,
    secret,
    digests: new SqlDigests(db, sealer),
    ...(options.server ? { server: options.server } : {}),
    ...(options.demoSecret ? { loopbackHttp: true } : {}),
  });
  const onerror = (error: Error): void => log.warning('store', `Readiness check: ${error.message}`);
  return {
    ...hosted,
    ready: storeReadiness(db, onerror),
    people,
    store: db,
    close: async () => {
      await hosted.weekly?.stop();
      await pruning.stop();
      await db.close();
    },
  };
}

/** --demo in hosted mode: the stand-in with its two people and the application made for the run. */
export async function startHostedDemo(
  config: Config,
): Promise<{ standIn: { url: string; close(): Promise<void> }; secret: Secret }> {
  const { DEMO_TODAY, demoPeople, startStandIn } = await import('../demo/index.js');
  const secret = new Secret(randomBytes(32).toString('base64url'));
  const standIn = await startStandIn({
    today: config.today ?? DEMO_TODAY,
    people: demoPeople(),
    oauthApps: [
      {
        clientId: DEMO_CLIENT_ID,
        clientSecret: secret.reveal(),
        redirectUris: [new URL(CALLBACK_PATH, config.publicUrl ?? '').href],
      },
    ],
  });
  return { standIn, secret };
}

/** What --demo in hosted mode prints once it listens. */
export const hostedDemoNotice = (url: string): string =>
  `avenir-mcp: hosted mode's demo is running on this machine.\n\n    MCP server: ${url}\n\nAdd it to an MCP app with OAuth support on this machine (e.g. \`claude mcp add --transport http avenir ${url}\`, then /mcp to sign in). The consent page sends you to the stand-in's YNAB page: sign in as Alice or Bob, each with a household plan of their own; a second app or browser can sign in as the other. Start it with AVENIR_MCP_WRITE=1 to offer changes too. Everything lives in a temporary folder and ends with the process.\n`;
