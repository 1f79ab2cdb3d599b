// The pieces of one run of the hosted bench (bench/hosted.mjs): a fresh database on the PostgreSQL
// server, migrated, and dropped at the end; the YNAB stand-in serving N generated people; each person
// signed in to the store with a YNAB token the stand-in issued, and a bearer of their own for the
// instances' bench gate (bench/hosted-instance.mjs); and the instances, each a process of its own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generatedName, generatedPeople, startStandIn } from '../dist/demo/index.js';
import { migrate } from '../dist/store/migrate.js';
import { openPostgres } from '../dist/store/pg-database.js';
import { newKeyLine, parseKeyFile, Sealer } from '../dist/store/seal.js';
import { SqlPeopleStore } from '../dist/store/sql-people.js';

const INSTANCE = fileURLToPath(new URL('./hosted-instance.mjs', import.meta.url));
export const TODAY = '2026-09-25';
export const APP = {
  clientId: 'bench-app',
  clientSecret: 'bench-secret',
  redirectUris: ['http://127.0.0.1/cb'],
};

async function admin(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The hosted bench needs a PostgreSQL server at ${serverUrl} (${error.message}): start one, or point AVENIR_BENCH_DATABASE_URL at one.`,
    );
  }
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database with a random name, migrated; `drop` removes it, connections and all. */
export async function benchDatabase(serverUrl) {
  const name = `avenir_bench_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.href);
  await migrate(db);
  return {
    name,
    url: url.href,
    db,
    drop: async () => {
      await db.close();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const startBenchStandIn = (count) =>
  startStandIn({ today: TODAY, people: generatedPeople(count), oauthApps: [APP] });

/**
 * Signs `count` people in to the store as hosted mode's YNAB sign-in leaves them (an account allowed
 * to change, a YNAB token pair the stand-in issued, sealed), writes the seal key and the bearers file
 * into `folder`, and says for each what the bench's calls need: their plan, an account, and a
 * transaction with no flag to flag.
 */
export async function signInPeople(db, standIn, count, folder) {
  const keyLine = newKeyLine();
  const keyFile = join(folder, 'seal-keys');
  writeFileSync(keyFile, `${keyLine}\n`);
  chmodSync(keyFile, 0o600);
  const store = new SqlPeopleStore(db, new Sealer(parseKeyFile(keyLine)));
  const people = [];
  for (let n = 1; n <= count; n++) {
    const name = generatedName(n);
    const number = String(n).padStart(3, '0');
    const person = await store.signIn(`bench-${number}`, { allowed: 'write', timeZone: 'Europe/Paris' });
    const issued = standIn.issueToken(name);
    await store.saveGrant(person.id, {
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
      expiresAt: Date.now() + issued.expires_in * 1000,
      scope: '',
    });
    const state = standIn.stateOf(name);
    const unflagged = state.transactions.filter(
      (t) =>
        !t.deleted &&
        (t.flag_color ?? null) === null &&
        t.transfer_account_id === null &&
        t.date >= '2026-08-01',
    );
    people.push({
      n,
      name,
      id: person.id,
      bearer: `bench-${randomBytes(16).toString('base64url')}`,
      plan: state.plan.id,
      account: `p${number}-acc-checking`,
      flagTx: unflagged[n % unflagged.length].id,
    });
  }
  const bearersFile = join(folder, 'bearers.json');
  writeFileSync(bearersFile, JSON.stringify(Object.fromEntries(people.map((p) => [p.bearer, p.id]))));
  return { people, keyFile, bearersFile };
}

export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts one instance process on `port`; resolves once it listens, with its pid, its metrics' address
 * and what it said on stderr. Its store connections carry its name (pg_stat_activity's application_name).
 */
export async function spawnInstance(name, port, env) {
  const metricsPort = await freePort();
  const database = new URL(env.AVENIR_MCP_DATABASE_URL);
  database.searchParams.set('application_name', name);
  const child = spawn(process.execPath, [INSTANCE], {
    env: {
      PATH: process.env.PATH ?? '',
      // the instances run with the bench's own Node flags (e.g. a heap setting under test)
      ...(process.env.NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS: process.env.NODE_OPTIONS }),
      ...env,
      AVENIR_MCP_DATABASE_URL: database.href,
      AVENIR_MCP_TRANSPORT: 'http',
      AVENIR_MCP_PORT: String(port),
      AVENIR_MCP_METRICS_PORT: String(metricsPort),
      AVENIR_MCP_INSTANCE: name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve();
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`instance ${name} ended before listening (${code ?? signal}):\n${stderr}`)),
    );
  });
  return {
    name,
    pid: child.pid,
    port,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    stderr: () => stderr,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
