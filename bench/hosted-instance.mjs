// One hosted-mode instance as a process of its own, for the scale-out bench (bench/hosted.mjs) and the
// test of an instance killed in the middle of a write (test/hosted/killed-instance.test.ts): the
// built per-person servers, store, pacer, metrics, /healthz and /readyz and SIGTERM drain of hosted
// mode (dist/, as `npm run build` leaves it), on the PostgreSQL of AVENIR_MCP_DATABASE_URL.
//
// What differs from `avenir-mcp` with AVENIR_MCP_AUTH=ynab is the gate alone: instead of hosted mode's
// OAuth server (a browser sign-in at YNAB, and access tokens that today live in the memory of the
// instance that issued them), each request's bearer is looked up in the JSON file that
// AVENIR_BENCH_BEARERS names ({ "<bearer>": "<person id>" }), written by the process that signed the
// people in to the store. That is what lets a balancer send any person's request to any instance. The
// gate exists only in this file, which is not part of the package and which no setting of the server
// reaches: it cannot be turned on in production.
//
// Settings: the server's own variables (AVENIR_MCP_DATABASE_URL, AVENIR_MCP_SEAL_KEY_FILE,
// AVENIR_MCP_YNAB_URL, AVENIR_MCP_WRITE, AVENIR_MCP_PORT, AVENIR_MCP_METRICS_PORT, ...), plus
// AVENIR_BENCH_BEARERS and AVENIR_BENCH_PUBLIC_URL (the balancer's address: the Host it forwards is
// accepted; default the instance's own). Once listening, it writes one JSON line on stdout:
// { "url": ".../mcp", "pid": ... }.
import { readFileSync } from 'node:fs';
import { limitHeapGrowth } from '../dist/heap-growth.js';
import { loadConfig } from '../dist/config.js';
import { Secret } from '../dist/domain/secret.js';
import { createLog } from '../dist/log.js';
import { meteredDatabase } from '../dist/metrics/store.js';
import { openStore } from '../dist/store/open.js';
import { loadSealer } from '../dist/store/seal.js';
import { SqlPeopleStore } from '../dist/store/sql-people.js';
import { storeReadiness } from '../dist/cli/store-readiness.js';
import { startMetricsIfAsked, stopOnSignal } from '../dist/cli/operations.js';
import { runHttp } from '../dist/transports/http.js';
import { WRITE_SCOPE } from '../dist/transports/oauth/scopes.js';
import { personServers } from '../dist/transports/per-person.js';

limitHeapGrowth(); // as the CLI entry does, so that the bench measures the memory an operator sees
const config = loadConfig(process.env);
const log = createLog(config.logLevel, config.logFormat);
const bearersFile = process.env.AVENIR_BENCH_BEARERS;
if (!bearersFile)
  throw new Error('AVENIR_BENCH_BEARERS must name the JSON file of bearers and their people.');
/** @type {Record<string, string>} */
const bearers = JSON.parse(readFileSync(bearersFile, 'utf8'));

const db = meteredDatabase(
  await openStore({
    databaseUrl: config.store.databaseUrl,
    stateDir: config.stateDir,
    migrateAtStart: false,
  }),
);
const people = new SqlPeopleStore(db, await loadSealer(config.store.sealKeyFile));
const servers = personServers({
  config,
  log,
  people,
  store: db,
  // the YNAB application: used to refresh a person's YNAB token, which the stand-in issued for two hours
  app: {
    clientId: 'bench-app',
    clientSecret: new Secret('bench-secret'),
    oauthUrl: new URL(config.ynabUrl()).origin,
    redirectUri: 'http://127.0.0.1/oauth/ynab/callback',
    apiUrl: () => config.ynabUrl(),
  },
});

const publicUrl = new URL(process.env.AVENIR_BENCH_PUBLIC_URL ?? `http://${config.host}:${config.port}`);
const resource = new URL('/mcp', publicUrl);
/** The bearer of the file, as hosted mode's OAuth gate answers once it has verified an access token. */
const benchGate = async (request) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const accountId = Object.hasOwn(bearers, token) ? bearers[token] : undefined;
  if (accountId === undefined)
    return new Response(JSON.stringify({ error: 'invalid_token' }), {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  return { token, clientId: 'bench-client', scopes: [WRITE_SCOPE], extra: { accountId, grantId: token } };
};
const gate = {
  publicUrl,
  resource,
  handles: () => false,
  handle: async () => {},
  // every bearer of the file may make changes: no call is ever asked to widen its grant
  stepUp: () => null,
  // the same check of the person hosted mode makes after its own gate (a deleted person is refused)
  authenticate: servers.gate(benchGate, resource),
};

const onerror = (error) => log.warning('http', error.message);
const closeMetrics = await startMetricsIfAsked(config, log);
const http = await runHttp(
  { perPerson: (ctx) => servers.perPerson(ctx) },
  {
    oauth: gate,
    host: config.host,
    port: config.port,
    token: null,
    printNotice: () => {},
    onerror,
    instance: config.instance,
    ready: storeReadiness(db, onerror),
  },
);
stopOnSignal(http, { config, log, onerror, after: [closeMetrics, () => db.close()] });
process.stdout.write(`${JSON.stringify({ url: http.url, pid: process.pid })}\n`);
