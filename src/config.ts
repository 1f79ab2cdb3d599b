/**
 * Configuration: the ONLY reader of process.env. Start-up values are checked once (an invalid port,
 * threshold, log level, today, time zone or a short state key stops start-up with a one-line message); what is read
 * per request or per call (token, YNAB URL, journal path, …) is read through the getters then.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { applyBundleSettings } from './bundle-settings.js';
import { timeZoneName } from './clock.js';
import { isIsoDate } from './domain/dates.js';
import { ClientError } from './domain/errors.js';
import { Secret } from './domain/secret.js';
import { quote } from './domain/text.js';
import { DEMO_TODAY } from './demo/household/plan.js';
import { checkToken, TokenFile } from './token-source.js';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';
type Env = Record<string, string | undefined>;

export const DEFAULT_YNAB_URL = 'https://api.ynab.com/v1';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A configuration value that stops start-up: one line on stderr, exit status 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Auth = 'bearer' | 'oauth' | 'ynab';

/** The operator's YNAB OAuth application, for hosted mode. */
export interface YnabOAuthSettings {
  /** AVENIR_MCP_YNAB_CLIENT_ID: the application's client id (not a secret). */
  readonly clientId: string;
  /**
   * AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: a chmod 600 file holding the client secret, read at start-up;
   * null in --demo, where a secret is made for the run and handed to the stand-in.
   */
  readonly clientSecretFile: string | null;
  /** AVENIR_MCP_YNAB_OAUTH_URL: the origin of YNAB's authorize and token endpoints (in --demo, the stand-in's). */
  readonly url: string;
}

export interface Config {
  readonly write: boolean;
  /** AVENIR_MCP_TODAY: a pinned "today", or null. */
  readonly today: string | null;
  /** AVENIR_MCP_TIME_ZONE: the IANA zone "today" is computed in (canonical name), or null for the machine's. */
  readonly timeZone: string | null;
  readonly logLevel: LogLevel;
  readonly logFormat: 'text' | 'json';
  readonly confidenceThreshold: number;
  readonly transport: 'stdio' | 'http';
  readonly host: string;
  /** `AVENIR_MCP_ALLOW_REMOTE_HOST=1`: a non-loopback AVENIR_MCP_HOST was allowed (start-up warns). */
  readonly remoteHost: boolean;
  readonly port: number;
  readonly httpToken: Secret | null;
  /**
   * `bearer` (the static token, the default), `oauth` (remote mode for one owner) or `ynab` (hosted
   * mode: each person signs in with YNAB).
   */
  readonly auth: Auth;
  /** AVENIR_MCP_PUBLIC_URL: the https origin clients reach in remote mode, or null. */
  readonly publicUrl: string | null;
  /** Hosted mode's YNAB OAuth application (AVENIR_MCP_AUTH=ynab), or null in every other mode. */
  readonly ynabOAuth: YnabOAuthSettings | null;
  /** AVENIR_MCP_OWNER_PASSWORD_FILE: a chmod 600 file holding the owner's passphrase, or null. */
  readonly ownerPasswordFile: string | null;
  /** AVENIR_MCP_FILES_DIR: the folder compare_statement may read a statement from (stdio only), or null. */
  readonly filesDir: string | null;
  /** The state folder: the journal's default home, the OAuth state and the passphrase hash. */
  readonly stateDir: string;
  readonly stateKey: Secret | null;
  readonly updateCheck: boolean;
  readonly cacheDir: string;
  /** Demo mode (`--demo`): the stand-in's URL and a fixed dummy token replace the YNAB ones. */
  readonly demo: { url: string; token: string } | null;
  /** The YNAB base URL, read at each request; a bad one is a client-layer error. */
  ynabUrl(): string;
  /**
   * The YNAB token, read at each request (a token file only again when it changed); missing, unreadable
   * or not a single header-safe value is a client-layer error that never quotes it.
   */
  token(): Promise<Secret>;
  /** The journal path, resolved at each use. */
  journalPath(): string;
  /** `AVENIR_MCP_REQUIRE_ELICITATION=1`, read at each confirmation. */
  requireElicitation(): boolean;
  /**
   * AVENIR_MCP_YNAB_TIMEOUT_MS: how long a YNAB answer may take to begin, and then between its bytes
   * (30 s). Tests shorten it so that a late answer does not cost them 30 s each.
   */
  readonly ynabTimeoutMs: number;
  /**
   * AVENIR_MCP_SETTLE_MS: after a write whose answer was lost, how long avenir-mcp keeps reading YNAB
   * to see whether the write landed late (8 s). The timeout and this window together stay under the
   * 45 s a host allows a call.
   */
  readonly settleMs: number;
  /**
   * AVENIR_MCP_FRESH_SECONDS: for how long after a plan's list was synced a read reuses it without
   * asking YNAB (10 s). A model's calls within one answer come seconds apart and would each spend a
   * request of the 200 an hour on a delta that shows nothing new; a human's turn takes longer than
   * that. The server's own writes, and a write still pending, end it for their plan; 0 turns it off.
   */
  readonly freshSeconds: number;
  /**
   * AVENIR_MCP_METRICS_PORT (and AVENIR_MCP_METRICS_HOST, 127.0.0.1 by default): where Prometheus
   * metrics are served, on a port of their own; null (the default) serves none. HTTP transport only.
   */
  readonly metrics: { host: string; port: number } | null;
  /**
   * AVENIR_MCP_INSTANCE: a short name of this instance among several behind one balancer, the prefix
   * of the 2025-era session ids it makes; null when it runs alone.
   */
  readonly instance: string | null;
  /**
   * AVENIR_MCP_PRIVACY_URL: the https address of the operator's privacy policy, linked from hosted
   * mode's consent and account pages (YNAB's terms ask that it be shown where people sign in), or null.
   */
  readonly privacyUrl: string | null;
  /** Hosted mode's store (src/store/): its server, its start-up migration and the seal keys. */
  readonly store: StoreConfig;
}

export interface StoreConfig {
  /** AVENIR_MCP_DATABASE_URL: a PostgreSQL server (its password inside stays masked), or null for the embedded store. */
  readonly databaseUrl: Secret | null;
  /** AVENIR_MCP_MIGRATE=1: a server's schema is migrated at start instead of only checked. */
  readonly migrateAtStart: boolean;
  /** AVENIR_MCP_SEAL_KEY_FILE: the chmod 600 file of keys that seal the YNAB tokens, or null. */
  readonly sealKeyFile: string | null;
  /**
   * AVENIR_MCP_RETENTION_DAYS: how many days a journal entry whose outcome is known is kept for undo
   * (90), after which hosted mode's clean-up prunes it; never a pending one.
   */
  readonly retentionDays: number;
}

/** How long hosted mode keeps undo records, unless AVENIR_MCP_RETENTION_DAYS says otherwise. */
export const RETENTION_DAYS = 90;
/** Ten years: more is a typo, not a policy. */
const MAX_RETENTION_DAYS = 3650;

const set = (v: string | undefined): v is string => v !== undefined && v !== '';

function parseLogLevel(raw: string | undefined): LogLevel {
  if (!set(raw)) return 'WARNING';
  const up = raw.toUpperCase();
  if (up === 'DEBUG' || up === 'INFO' || up === 'WARNING' || up === 'ERROR') return up;
  throw new ConfigError(`AVENIR_MCP_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got ${quote(raw)}.`);
}

function parsePort(raw: string | undefined): number {
  if (!set(raw)) return 8103;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new ConfigError(`AVENIR_MCP_PORT must be a port number from 1 to 65535, got ${quote(raw)}.`);
  }
  return n;
}

function parseThreshold(raw: string | undefined): number {
  if (!set(raw)) return 0.9;
  const n = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1) {
    throw new ConfigError(`AVENIR_MCP_CONFIDENCE_THRESHOLD must be a number from 0 to 1, got ${quote(raw)}.`);
  }
  return n;
}

/** A whole number of seconds from 0 to 3600, or `fallback` when unset. */
function parseSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (!set(raw)) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n > 3600) {
    throw new ConfigError(`${name} must be a whole number of seconds from 0 to 3600, got ${quote(raw)}.`);
  }
  return n;
}

/** A whole number of milliseconds from `min` to `max`, or `fallback` when unset. */
function parseMs(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (!set(raw)) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds from ${min} to ${max}, got ${quote(raw)}.`,
    );
  }
  return n;
}

function parseToday(raw: string | undefined): string | null {
  if (!set(raw)) return null;
  if (!isIsoDate(raw))
    throw new ConfigError(`AVENIR_MCP_TODAY must be a date as YYYY-MM-DD, got ${quote(raw)}.`);
  return raw;
}

function parseTimeZone(raw: string | undefined): string | null {
  if (!set(raw)) return null;
  const zone = timeZoneName(raw);
  if (zone === null)
    throw new ConfigError(
      `AVENIR_MCP_TIME_ZONE must be an IANA time zone such as Europe/Paris or America/Los_Angeles, got ${quote(raw)}.`,
    );
  return zone;
}

function parseStateKey(raw: string | undefined): Secret | null {
  if (!set(raw)) return null;
  const n = Buffer.byteLength(raw, 'utf8');
  if (n < 32) throw new ConfigError(`AVENIR_MCP_STATE_KEY must be at least 32 bytes (UTF-8), got ${n}.`);
  return new Secret(raw);
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** The listen address; a non-loopback one only with AVENIR_MCP_ALLOW_REMOTE_HOST=1 (plain HTTP, no TLS). */
function parseHost(env: Env): { host: string; remoteHost: boolean } {
  const host = set(env.AVENIR_MCP_HOST) ? env.AVENIR_MCP_HOST : '127.0.0.1';
  // remote and hosted modes (AVENIR_MCP_AUTH=oauth or ynab) have their own rule: loopback only, behind the owner's TLS proxy
  if (
    isLoopback(host) ||
    env.AVENIR_MCP_TRANSPORT !== 'http' ||
    env.AVENIR_MCP_AUTH === 'oauth' ||
    env.AVENIR_MCP_AUTH === 'ynab'
  )
    return { host, remoteHost: false };
  if (env.AVENIR_MCP_ALLOW_REMOTE_HOST === '1') return { host, remoteHost: true };
  throw new ConfigError(
    `AVENIR_MCP_HOST=${host} would let other machines reach the server over plain HTTP, where the bearer token travels in clear: keep 127.0.0.1, or set AVENIR_MCP_ALLOW_REMOTE_HOST=1 behind a TLS proxy.`,
  );
}

function checkYnabUrl(raw: string): string {
  const url = raw.replace(/\/+$/, '');
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  const ok =
    parsed !== null &&
    (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname)));
  if (!ok) {
    throw new ClientError(
      `AVENIR_MCP_YNAB_URL must start with https:// (plain http only for 127.0.0.1 or localhost), got ${quote(raw)}.`,
    );
  }
  return url;
}

function parseAuth(raw: string | undefined): Auth {
  if (!set(raw) || raw === 'bearer') return 'bearer';
  if (raw === 'oauth' || raw === 'ynab') return raw;
  throw new ConfigError(`AVENIR_MCP_AUTH must be bearer, oauth or ynab, got ${quote(raw)}.`);
}

/** An https origin (scheme and host, no path): the address the owner's TLS proxy serves. */
function parsePublicUrl(
  raw: string | undefined,
  auth: Auth,
  transport: string,
  demoPort: number | null,
): string | null {
  if (auth === 'bearer') return null;
  // hosted mode's demo runs on this machine alone: its address is plain loopback HTTP
  if (demoPort !== null && !set(raw)) return `http://127.0.0.1:${demoPort}`;
  if (transport !== 'http')
    throw new ConfigError(
      `AVENIR_MCP_AUTH=${auth} needs AVENIR_MCP_TRANSPORT=http (OAuth is for remote clients).`,
    );
  if (!set(raw))
    throw new ConfigError(
      `AVENIR_MCP_AUTH=${auth} needs AVENIR_MCP_PUBLIC_URL, the https:// address clients reach (e.g. https://ynab.example.net).`,
    );
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash || url.username)
    throw new ConfigError(
      `AVENIR_MCP_PUBLIC_URL must be https:// and a host only (no path), e.g. https://ynab.example.net, got ${quote(raw)}.`,
    );
  return url.origin;
}

export const DEFAULT_YNAB_OAUTH_URL = 'https://app.ynab.com';
/** The YNAB application hosted mode's demo registers with its stand-in. */
export const DEMO_CLIENT_ID = 'avenir-mcp-demo';

/**
 * Hosted mode's YNAB application: a client id, the file holding its secret (read and checked at
 * start-up, never here), and the origin of YNAB's OAuth endpoints. In --demo the stand-in's origin
 * replaces that origin. Null in every other mode: there nothing of it is read.
 */
function parseYnabOAuth(
  env: Env,
  auth: Auth,
  demo: { url: string; token: string } | null,
): YnabOAuthSettings | null {
  if (auth !== 'ynab') return null;
  if (demo) return { clientId: DEMO_CLIENT_ID, clientSecretFile: null, url: new URL(demo.url).origin };
  const clientId = env.AVENIR_MCP_YNAB_CLIENT_ID;
  if (!set(clientId))
    throw new ConfigError(
      "AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_YNAB_CLIENT_ID, the client id of your YNAB OAuth application (YNAB's Developer Settings).",
    );
  if (!/^[\x21-\x7e]+$/.test(clientId))
    throw new ConfigError(
      `AVENIR_MCP_YNAB_CLIENT_ID must be the client id alone (visible characters, no space), got ${quote(clientId)}.`,
    );
  const clientSecretFile = env.AVENIR_MCP_YNAB_CLIENT_SECRET_FILE;
  if (!set(clientSecretFile))
    throw new ConfigError(
      'AVENIR_MCP_AUTH=ynab needs AVENIR_MCP_YNAB_CLIENT_SECRET_FILE, a chmod 600 file holding the client secret of your YNAB OAuth application.',
    );
  const raw = set(env.AVENIR_MCP_YNAB_OAUTH_URL) ? env.AVENIR_MCP_YNAB_OAUTH_URL : DEFAULT_YNAB_OAUTH_URL;
  const url = URL.parse(raw);
  const ok =
    url !== null &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username;
  if (!ok)
    throw new ConfigError(
      `AVENIR_MCP_YNAB_OAUTH_URL must be the https:// origin of YNAB's OAuth endpoints (scheme and host only, e.g. ${DEFAULT_YNAB_OAUTH_URL}; plain http only for 127.0.0.1 or localhost), got ${quote(raw)}.`,
    );
  return { clientId, clientSecretFile, url: url.origin };
}

function parseRetentionDays(raw: string | undefined): number {
  if (!set(raw)) return RETENTION_DAYS;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_RETENTION_DAYS)
    throw new ConfigError(
      `AVENIR_MCP_RETENTION_DAYS must be a whole number of days from 1 to ${MAX_RETENTION_DAYS} (how long hosted mode keeps what undo needs), got ${quote(raw)}.`,
    );
  return n;
}

/** The store's settings; the URL is checked for its scheme only (the server itself says the rest). */
function parseStore(env: Env): StoreConfig {
  const url = env.AVENIR_MCP_DATABASE_URL;
  // the URL may carry a password: the message names the scheme it wants, never the value
  if (set(url) && !/^postgres(ql)?:\/\/./.test(url))
    throw new ConfigError('AVENIR_MCP_DATABASE_URL must be a postgres:// or postgresql:// URL.');
  return {
    databaseUrl: set(url) ? new Secret(url) : null,
    migrateAtStart: env.AVENIR_MCP_MIGRATE === '1',
    sealKeyFile: set(env.AVENIR_MCP_SEAL_KEY_FILE) ? env.AVENIR_MCP_SEAL_KEY_FILE : null,
    retentionDays: parseRetentionDays(env.AVENIR_MCP_RETENTION_DAYS),
  };
}

function parsePrivacyUrl(raw: string | undefined): string | null {
  if (!set(raw)) return null;
  const url = URL.parse(raw);
  if (!url || url.protocol !== 'https:' || url.username || url.password)
    throw new ConfigError(
      `AVENIR_MCP_PRIVACY_URL must be the https:// address of your privacy policy (e.g. https://ynab.example.net/privacy), got ${quote(raw)}.`,
    );
  return url.href;
}

function parseInstance(raw: string | undefined): string | null {
  if (!set(raw)) return null;
  if (!/^[a-z0-9][a-z0-9-]{0,19}$/.test(raw))
    throw new ConfigError(
      `AVENIR_MCP_INSTANCE must be a short name of lowercase letters, digits and dashes (at most 20), got ${quote(raw)}.`,
    );
  return raw;
}

/** The metrics' own listening address, or null; never the MCP port, and only beside the HTTP transport. */
function parseMetrics(env: Env, mcpPort: number): { host: string; port: number } | null {
  const raw = env.AVENIR_MCP_METRICS_PORT;
  if (!set(raw)) return null;
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new ConfigError(
      `AVENIR_MCP_METRICS_PORT must be a port number from 1 to 65535, got ${quote(raw)}.`,
    );
  if (env.AVENIR_MCP_TRANSPORT !== 'http')
    throw new ConfigError(
      'AVENIR_MCP_METRICS_PORT needs AVENIR_MCP_TRANSPORT=http (metrics are for servers that run for many calls).',
    );
  if (port === mcpPort)
    throw new ConfigError(
      `AVENIR_MCP_METRICS_PORT must differ from AVENIR_MCP_PORT (${mcpPort}): metrics are served on a port of their own.`,
    );
  return { host: set(env.AVENIR_MCP_METRICS_HOST) ? env.AVENIR_MCP_METRICS_HOST : '127.0.0.1', port };
}

const updateCheckDisabled = (env: Env): boolean =>
  env.AVENIR_MCP_NO_UPDATE_CHECK === '1' ||
  env.DO_NOT_TRACK === '1' ||
  ['true', '1'].includes((env.CI ?? '').toLowerCase());

/**
 * Reads and checks the configuration. `demo` switches demo mode on: today defaults to 2026-09-25 and the
 * YNAB URL and token are the stand-in's.
 */
/** An absolute folder, or null when unset; a relative one would depend on where the client starts us. */
function parseFilesDir(value: string | undefined): string | null {
  if (!set(value)) return null;
  if (!isAbsolute(value))
    throw new ConfigError(`AVENIR_MCP_FILES_DIR must be an absolute path, got "${value}".`);
  return value;
}

export function loadConfig(
  env: Env = process.env,
  demo: { url: string; token: string } | null = null,
): Config {
  const today = parseToday(env.AVENIR_MCP_TODAY) ?? (demo ? DEMO_TODAY : null);
  const home = (): string => env.HOME ?? homedir();
  const auth = parseAuth(env.AVENIR_MCP_AUTH);
  // hosted mode is HTTP only, so its demo needs no second switch
  const transport = env.AVENIR_MCP_TRANSPORT === 'http' || (demo && auth === 'ynab') ? 'http' : 'stdio';
  const port = parsePort(env.AVENIR_MCP_PORT);
  const stateDir = join(
    set(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(home(), '.local', 'state'),
    'avenir-mcp',
  );
  const tokenFile = new TokenFile();
  return {
    write: env.AVENIR_MCP_WRITE === '1',
    today,
    timeZone: parseTimeZone(env.AVENIR_MCP_TIME_ZONE),
    logLevel: parseLogLevel(env.AVENIR_MCP_LOG_LEVEL),
    logFormat: env.AVENIR_MCP_LOG_FORMAT === 'json' ? 'json' : 'text',
    confidenceThreshold: parseThreshold(env.AVENIR_MCP_CONFIDENCE_THRESHOLD),
    transport,
    ...parseHost(env),
    port,
    httpToken: set(env.AVENIR_MCP_HTTP_TOKEN) ? new Secret(env.AVENIR_MCP_HTTP_TOKEN) : null,
    auth,
    publicUrl: parsePublicUrl(
      env.AVENIR_MCP_PUBLIC_URL,
      auth,
      transport,
      demo && auth === 'ynab' ? port : null,
    ),
    ynabOAuth: parseYnabOAuth(env, auth, demo),
    ownerPasswordFile: set(env.AVENIR_MCP_OWNER_PASSWORD_FILE) ? env.AVENIR_MCP_OWNER_PASSWORD_FILE : null,
    filesDir: parseFilesDir(env.AVENIR_MCP_FILES_DIR),
    stateDir,
    stateKey: parseStateKey(env.AVENIR_MCP_STATE_KEY),
    updateCheck: !updateCheckDisabled(env),
    cacheDir: join(set(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home(), '.cache'), 'avenir-mcp'),
    demo,
    ynabUrl: () =>
      demo
        ? demo.url
        : checkYnabUrl(set(env.AVENIR_MCP_YNAB_URL) ? env.AVENIR_MCP_YNAB_URL : DEFAULT_YNAB_URL),
    token: async () => {
      if (demo) return new Secret(demo.token);
      if (set(env.YNAB_API_KEY)) return checkToken(env.YNAB_API_KEY, 'YNAB_API_KEY');
      if (set(env.YNAB_API_KEY_FILE)) return tokenFile.read(env.YNAB_API_KEY_FILE);
      throw new ClientError(
        'YNAB_API_KEY environment variable is not set (nor YNAB_API_KEY_FILE, a file holding the token)',
      );
    },
    journalPath: () => {
      if (set(env.AVENIR_MCP_JOURNAL)) return env.AVENIR_MCP_JOURNAL;
      const base = set(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(home(), '.local', 'state');
      return join(base, 'avenir-mcp', 'journal.jsonl');
    },
    requireElicitation: () => env.AVENIR_MCP_REQUIRE_ELICITATION === '1',
    ynabTimeoutMs: parseMs(
      'AVENIR_MCP_YNAB_TIMEOUT_MS',
      env.AVENIR_MCP_YNAB_TIMEOUT_MS,
      30_000,
      100,
      120_000,
    ),
    settleMs: parseMs('AVENIR_MCP_SETTLE_MS', env.AVENIR_MCP_SETTLE_MS, 8_000, 0, 30_000),
    freshSeconds: parseSeconds('AVENIR_MCP_FRESH_SECONDS', env.AVENIR_MCP_FRESH_SECONDS, 10),
    store: parseStore(env),
    metrics: parseMetrics(env, parsePort(env.AVENIR_MCP_PORT)),
    instance: parseInstance(env.AVENIR_MCP_INSTANCE),
    privacyUrl: parsePrivacyUrl(env.AVENIR_MCP_PRIVACY_URL),
  };
}

/**
 * The Claude Desktop extension's launcher calls this before anything reads the environment: the
 * extension's checkboxes become the exactly-`1` switches (bundle-settings.ts says how).
 */
export function applyDesktopSettings(): void {
  applyBundleSettings(process.env);
}
