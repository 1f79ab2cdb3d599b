/**
 * The server side of hosted-mode tests: the YNAB stand-in with two people (Alice, Bob) and the
 * operator's YNAB application registered with it, and avenir-mcp in hosted mode on loopback HTTP,
 * opened by the CLI's own function (openHosted of cli/hosted.ts), its people store wrapped to record
 * what tests assert on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNet, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openHosted, type OpenedHosted } from '../../src/cli/hosted.js';
import { loadConfig, type Config } from '../../src/config.js';
import {
  buildHouseholdPlan,
  demoPeople,
  SECOND_HOUSEHOLD,
  startStandIn,
  type Person,
  type StandIn,
} from '../../src/demo/index.js';
import { Secret } from '../../src/domain/secret.js';
import { CALLBACK_PATH } from '../../src/hosted/ynab-oauth.js';
import { createLog, silentLog, type Log } from '../../src/log.js';
import type { Database } from '../../src/store/sql.js';
import { RecordingPeople } from './recording-people.js';
import { seedEmbeddedStore } from './store-template.js';
import { runHttp, type HttpHandle } from '../../src/transports/http.js';
import type { Browser } from './browser.js';

export const CLIENT_ID = 'avenir-test-app';
export const CLIENT_SECRET = 'avenir-test-secret-0123456789';

/** A third person, with a household of her own, for what needs someone besides Alice and Bob. */
const CAROL: Person = {
  name: 'Carol',
  userId: 'ca201e00-1b2c-4d3e-8f4a-5b6c7d8e9f01',
  plans: [
    buildHouseholdPlan({
      ...SECOND_HOUSEHOLD,
      planId: 'carol-household',
      planName: 'Carol at home',
      idPrefix: 'carol-',
      scale: 0.8,
    }),
  ],
};

export interface HostedServer {
  standIn: StandIn;
  /** The protected resource, http://127.0.0.1:PORT/mcp. */
  url: string;
  http: HttpHandle;
  hosted: OpenedHosted;
  config: Config;
  /** The real people store, on an embedded PGlite in the state folder, with what tests assert on. */
  people: RecordingPeople;
  /** That store itself, for what a test checks or ages in it. */
  store: Database;
  close(): Promise<void>;
}

export interface HostedOptions {
  write?: boolean;
  /** Every log line of the server (tests look for tokens in them). */
  logLines?: string[];
  /** AVENIR_MCP_PRIVACY_URL. */
  privacyUrl?: string;
}

async function freePort(): Promise<number> {
  const probe = createNet();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startHostedServer(options: HostedOptions = {}): Promise<HostedServer> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const stateHome = mkdtempSync(join(tmpdir(), 'avenir-hosted-'));
  const standIn = await startStandIn({
    today: '2026-09-25',
    people: [...demoPeople(), CAROL],
    oauthApps: [
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`${publicUrl}${CALLBACK_PATH}`] },
    ],
  });
  const loaded = loadConfig({
    AVENIR_MCP_TRANSPORT: 'http',
    AVENIR_MCP_AUTH: 'ynab',
    // replaced below by the loopback address, which only tests and the demo may use
    AVENIR_MCP_PUBLIC_URL: 'https://hosted.example.net',
    AVENIR_MCP_YNAB_CLIENT_ID: CLIENT_ID,
    AVENIR_MCP_YNAB_CLIENT_SECRET_FILE: '/nonexistent/the-secret-is-given-directly',
    AVENIR_MCP_YNAB_OAUTH_URL: standIn.origin,
    AVENIR_MCP_YNAB_URL: standIn.url,
    AVENIR_MCP_WRITE: options.write === false ? '' : '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    AVENIR_MCP_SETTLE_MS: '40',
    AVENIR_MCP_LOG_LEVEL: 'DEBUG',
    // the demo plans' data are of that day
    AVENIR_MCP_TODAY: '2026-09-25',
    XDG_STATE_HOME: stateHome,
    ...(options.privacyUrl ? { AVENIR_MCP_PRIVACY_URL: options.privacyUrl } : {}),
  });
  const config: Config = { ...loaded, publicUrl };
  // the store an instance leaves after its first start, copied rather than made again (initdb and
  // every migration: seconds of CPU); the migrations tests start from an empty folder
  seedEmbeddedStore(config.stateDir);
  const lines = options.logLines;
  const log: Log = lines ? createLog('DEBUG', 'text', (line) => void lines.push(line)) : silentLog;
  // as the CLI opens it: the embedded store of the state folder, its clean-up, a seal key made for the
  // run (the secret is given, as --demo's is), every query metered
  let people: RecordingPeople | null = null;
  const hosted = await openHosted(config, log, {
    demoSecret: new Secret(CLIENT_SECRET),
    people: (inner) => (people = new RecordingPeople(inner)),
  });
  const http = await runHttp(
    { perPerson: (ctx) => hosted.servers.perPerson(ctx) },
    {
      host: '127.0.0.1',
      port,
      token: null,
      oauth: hosted.oauth,
      printNotice: () => {},
      onerror: (error) => void lines?.push(`transport: ${error.message}`),
    },
  );
  return {
    standIn,
    url: http.url,
    http,
    hosted,
    config,
    people: people!,
    store: hosted.store,
    close: async () => {
      await http.close();
      await standIn.close();
      await hosted.close();
      rmSync(stateHome, { recursive: true, force: true });
    },
  };
}

export interface HostedConsent {
  /** Which demo person signs in at the stand-in's YNAB page. */
  person: 'Alice' | 'Bob' | 'Carol';
  access?: 'read' | 'write';
  /** The zone the browser reports (its Intl setting), which the consent page prefills. */
  browserZone?: string;
  /** Typed over the prefilled zone. */
  typedZone?: string;
  /** Deny on our consent page, or at YNAB's page. */
  deny?: 'consent' | 'ynab';
}

/** Opens the authorization address, answers the consent page, then YNAB's page; resolves with the page. */
export async function hostedConsent(browser: Browser, url: URL, answer: HostedConsent): Promise<Page> {
  const page = await browser.page();
  if (answer.browserZone) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: answer.browserZone });
  }
  await page.goto(url.href);
  if (answer.typedZone !== undefined) await page.fill('input[name=time_zone]', answer.typedZone);
  if (answer.access) await page.check(`input[name=access][value=${answer.access}]`);
  if (answer.deny === 'consent') {
    await page.click('button[value=deny]');
    return page;
  }
  await Promise.all([
    page.waitForURL((u) => u.pathname === '/oauth/authorize'),
    page.click('button[value=allow]'),
  ]);
  await page.click(answer.deny === 'ynab' ? 'button[value=deny]' : `button[value=${answer.person}]`);
  return page;
}
