/**
 * What the CLI does once started (src/main.ts loads it): arguments, configuration, demo mode,
 * transport, the remote-mode commands, and the end with the client.
 *
 * Only what every stdio start needs is imported here. The HTTP transport, remote mode's OAuth, the
 * demo stand-in and the remote-mode commands are imported where a run asks for them, so that in the
 * bundle (scripts/build-cli.mjs) each is a chunk of its own that a plain stdio start never reads.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { help, parseArgs, USAGE_LINE } from './args.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createDeps } from '../deps.js';
import { createLog, type Log } from '../log.js';
import { serverFactory } from '../server.js';
import type { OAuthServer } from '../transports/oauth/index.js';
import { PassphraseError } from '../transports/oauth/passphrase.js';
import { StoreSetupError } from '../store/errors.js';
import { runStdio } from '../transports/stdio.js';
import { DEMO_DEADLINE_MS, endWithInput, WRITE_DEADLINE_MS } from '../shutdown.js';
import { announceHttp, startMetricsIfAsked, stopOnSignal } from './operations.js';
import { checkForUpdate } from '../update-check.js';
import { closeConnections, preloadHttp } from '../ynab/client.js';
import { HOMEPAGE, VERSION } from '../version.js';
import type { Secret } from '../domain/secret.js';
import type { OpenedHosted } from './hosted.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Remote mode: the passphrase hash, the lasting state, and the authorization server. */
async function startOAuth(config: Config): Promise<OAuthServer> {
  if (!LOOPBACK.has(config.host))
    throw new ConfigError(
      `AVENIR_MCP_AUTH=oauth serves plain HTTP to the TLS proxy in front of it: keep AVENIR_MCP_HOST on 127.0.0.1 or ::1, got ${JSON.stringify(config.host)}.`,
    );
  const [{ oauthFiles }, { loadOwnerHash }, { FileStore }] = await Promise.all([
    import('../transports/oauth/grants.js'),
    import('../transports/oauth/passphrase.js'),
    import('../transports/oauth/file-store.js'),
  ]);
  const files = oauthFiles(config.stateDir);
  const ownerHash = await loadOwnerHash(config.ownerPasswordFile, files.passphrase);
  // Loaded only once the passphrase is there: a start refused for the lack of one prints one line, and
  // stdio and bearer starts never load the authorization server.
  const { createOAuth } = await import('../transports/oauth/index.js');
  return createOAuth({
    publicUrl: config.publicUrl ?? '',
    writes: config.write,
    ownerHash,
    lasting: new FileStore(files.state),
  });
}
/** Hosted mode (AVENIR_MCP_AUTH=ynab), loaded only for it: the store, YNAB's sign-in, each person's servers. */
async function openHosted(
  config: Config,
  log: Log,
  notice: () => string | null,
  demoSecret: Secret | undefined,
): Promise<OpenedHosted> {
  if (!LOOPBACK.has(config.host))
    throw new ConfigError(
      `AVENIR_MCP_AUTH=ynab serves plain HTTP to the TLS proxy in front of it: keep AVENIR_MCP_HOST on 127.0.0.1 or ::1, got ${JSON.stringify(config.host)}.`,
    );
  const { openHosted: open } = await import('./hosted.js');
  return open(config, log, { server: { notice }, ...(demoSecret ? { demoSecret } : {}) });
}

/** The authorization of an HTTP start: hosted mode's, remote mode's, or none (the bearer token). */
async function authOf(
  config: Config,
  log: Log,
  notice: () => string | null,
  demoSecret: Secret | undefined,
): Promise<{ hosted: OpenedHosted | null; oauth: OAuthServer | null }> {
  if (config.auth === 'ynab') {
    const hosted = await openHosted(config, log, notice, demoSecret);
    return { hosted, oauth: hosted.oauth };
  }
  return { hosted: null, oauth: config.auth === 'oauth' ? await startOAuth(config) : null };
}
const DEMO_TOKEN = 'demo-token';

/** Demo mode's stand-in, loaded only for `--demo`: the invented household is no part of other starts. */
async function startDemo(today: string | null): Promise<{ url: string; close(): Promise<void> }> {
  const { DEMO_TODAY, startStandIn } = await import('../demo/index.js');
  return startStandIn({ today: today ?? DEMO_TODAY });
}
const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** The HTTP transport: remote mode's OAuth when asked, the metrics, the server, and its end on a signal. */
async function serveHttp(
  config: Config,
  log: Log,
  factory: ReturnType<typeof serverFactory>,
  run: {
    onerror: (error: Error) => void;
    standIn: { close(): Promise<void> } | undefined;
    notice: () => string | null;
    hostedDemo: { secret: Secret } | undefined;
  },
): Promise<void> {
  const { onerror, standIn, hostedDemo } = run;
  const { hosted, oauth } = await authOf(config, log, run.notice, hostedDemo?.secret);
  const { runHttp } = await import('../transports/http.js');
  // metrics first: a port taken or prom-client missing stops the start before MCP listens
  const closeMetrics = await startMetricsIfAsked(config, log);
  announceHttp(config, log, oauth?.resource ?? null);
  const http = await runHttp(hosted ? { perPerson: (ctx) => hosted.servers.perPerson(ctx) } : factory, {
    oauth,
    host: config.host,
    port: config.port,
    token: config.httpToken,
    printNotice: (text) => void process.stderr.write(text),
    onerror,
    instance: config.instance,
    // hosted mode is ready only while its store answers and its schema is this build's
    ready: hosted?.ready ?? null,
  });
  if (hostedDemo) process.stderr.write((await import('./hosted.js')).hostedDemoNotice(http.url));
  preloadHttp(() => config.ynabUrl());
  stopOnSignal(http, {
    config,
    log,
    onerror,
    after: [standIn ? () => standIn.close() : null, closeMetrics, hosted ? () => hosted.close() : null],
  });
}

interface DemoRun {
  config: Config;
  standIn: { url: string; close(): Promise<void> } | undefined;
  hostedDemo: { secret: Secret } | undefined;
}

/** --demo: the stand-in (with its people in hosted mode), and the configuration pointed at it. */
async function startDemoRun(first: Config, log: Log): Promise<DemoRun> {
  // hosted mode's demo: the stand-in with its people, and an application made for the run
  const hostedDemo =
    first.auth === 'ynab' ? await (await import('./hosted.js')).startHostedDemo(first) : undefined;
  const standIn = hostedDemo?.standIn ?? (await startDemo(first.today));
  let config = loadConfig(undefined, { url: standIn.url, token: DEMO_TOKEN });
  // its store and the people's journals live in a folder of the run, never the user's state
  if (hostedDemo) config = { ...config, stateDir: mkdtempSync(join(tmpdir(), 'avenir-hosted-demo-')) };
  log.info('main', `Demo mode: the YNAB stand-in serves the demo plan at ${standIn.url}`);
  return { config, standIn, hostedDemo };
}

async function main(argv: string[]): Promise<void> {
  const command = parseArgs(argv);
  if (command === 'version' || command === 'help') {
    process.stdout.write(command === 'version' ? `avenir-mcp ${VERSION}\n` : help(HOMEPAGE));
    return;
  }
  if (command === 'set-password' || command === 'revoke') {
    const { revoke, setPassword } = await import('./commands.js');
    const out = (t: string): void => void process.stdout.write(t);
    return command === 'revoke' ? revoke(loadConfig(), argv.slice(1), out) : setPassword(loadConfig(), out);
  }
  if (command === 'migrate' || command === 'seal-key') {
    const { migrateCommand, sealKeyCommand } = await import('./store-commands.js');
    const out = (t: string): void => void process.stdout.write(t);
    return command === 'migrate' ? migrateCommand(loadConfig(), out) : sealKeyCommand(out);
  }
  if (command === 'accounts') {
    const { accountsCommand } = await import('./accounts.js');
    return accountsCommand(loadConfig(), argv.slice(1), (t) => void process.stdout.write(t));
  }
  if (command === 'digest') {
    const { digestCommand } = await import('./digest.js');
    return digestCommand(loadConfig(), argv.slice(1), (t) => void process.stdout.write(t));
  }
  if (command === 'refuse') {
    process.stderr.write(`${USAGE_LINE}\n`);
    process.exit(1);
  }
  const demo = command === 'demo';
  // In --demo the stand-in's address is known once it runs: this first reading names a placeholder.
  let config = loadConfig(undefined, demo ? { url: 'http://127.0.0.1/v1', token: DEMO_TOKEN } : null);
  const log = createLog(config.logLevel, config.logFormat);
  // The update check runs beside the server, never in front of it: a registry that is slow to answer
  // delays no client. Its notice reaches the instructions of every instance built once it is known
  // (with a fresh cache file, before the first client connects).
  let notice: string | null = null;
  void checkForUpdate({
    enabled: config.updateCheck,
    cacheDir: config.cacheDir,
    current: VERSION,
    now: new Date(),
    log,
  }).then((text) => {
    notice = text;
  });
  const run = demo ? await startDemoRun(config, log) : { config, standIn: undefined, hostedDemo: undefined };
  config = run.config;
  const { standIn, hostedDemo } = run;
  const deps = createDeps(config, log);
  const factory = serverFactory(deps, { notice: () => notice });
  // What the transports report is a client's message they could not take (malformed JSON, not JSON-RPC,
  // too large): a WARNING on one short line, never a stack, so that no token holder can fill the log.
  const onerror = (error: Error): void =>
    log.warning('transport', `A client message was refused: ${clip(error.message)}`);
  if (config.transport === 'http') {
    await serveHttp(config, log, factory, { onerror, standIn, notice: () => notice, hostedDemo });
  } else {
    const connection = runStdio(factory, onerror);
    // The YNAB client's HTTP stack loads while the client is still connecting, not in its first call.
    preloadHttp(() => config.ynabUrl());
    endWithInput(process.stdin, {
      close: [() => connection.close(), closeConnections, ...(standIn ? [() => standIn.close()] : [])],
      deadlineMs: demo ? DEMO_DEADLINE_MS : WRITE_DEADLINE_MS,
      onerror,
    });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PassphraseError || error instanceof StoreSetupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `avenir-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
