/**
 * A person's sign-in choices reach every instance. Two hosted instances on one PostgreSQL each keep
 * the person's calls' pieces (Deps) in memory; the person then signs in again through instance A
 * (another time zone, read only), and only A is told. Instance B must notice at the person's next
 * request: its bearer gate reads the person from the store on every request and rebuilds what it
 * kept when the choice differs, so B's calls run in the new zone and list no write tool.
 *
 * The bearer gate here maps a test token to its person as hosted mode's OAuth verifier does (tested
 * in test/oauth/hosted.test.ts); what runs after it is the shipped per-person gate and servers.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { demoPeople, startStandIn, type StandIn } from '../../src/demo/index.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { WRITE_SCOPE } from '../../src/transports/oauth/scopes.js';
import { personServers, type PersonServers } from '../../src/transports/per-person.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';

const POSTGRES = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const TOKEN = 'alice-settings-bearer';
/** 05:00 UTC: already the 25th in Paris, still the 24th in Honolulu. */
const INSTANT = new Date('2026-09-25T05:00:00Z');

interface Instance {
  url: string;
  servers: PersonServers;
  db: Database;
  close(): Promise<void>;
}

const sealer = new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]);
let t: TestDatabase;
let standIn: StandIn;
let alice: string;
let a: Instance;
let b: Instance;

async function startInstance(db: Database, env: Record<string, string>): Promise<Instance> {
  const config = loadConfig(env);
  const servers = personServers({
    config,
    log: silentLog,
    people: new SqlPeopleStore(db, sealer),
    app: {
      clientId: 'app',
      clientSecret: new Secret('app-secret'),
      oauthUrl: standIn.origin,
      redirectUri: 'http://127.0.0.1/oauth/ynab/callback',
      apiUrl: () => config.ynabUrl(),
    },
    store: db,
    overrides: { instant: () => INSTANT },
  });
  const handler = createMcpHandler(servers.perPerson, { legacy: 'reject' });
  // the verifier's verdict for the test token, then the shipped per-person gate
  const gate = servers.gate(
    (request) =>
      Promise.resolve(
        request.headers.get('authorization') === `Bearer ${TOKEN}`
          ? { token: TOKEN, clientId: 'test-client', scopes: [WRITE_SCOPE], extra: { accountId: alice } }
          : new Response(null, { status: 401 }),
      ),
    new URL('http://127.0.0.1/mcp'),
  );
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const request = new Request(`http://127.0.0.1${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        });
        const verdict = await gate(request);
        const response =
          verdict instanceof Response ? verdict : await handler.fetch(request, { authInfo: verdict });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    servers,
    db,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

beforeAll(async () => {
  t = await POSTGRES.open();
  standIn = await startStandIn({
    today: '2026-09-25',
    people: demoPeople(),
    oauthApps: [{ clientId: 'app', clientSecret: 'app-secret', redirectUris: ['http://127.0.0.1/cb'] }],
  });
  const people = new SqlPeopleStore(t.db, sealer);
  alice = (await people.signIn('alice-ynab', { allowed: 'write', timeZone: 'Europe/Paris' })).id;
  const issued = standIn.issueToken('Alice');
  await people.saveGrant(alice, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: Date.now() + issued.expires_in * 1000,
    scope: '',
  });
  const env = {
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'unused-in-hosted-mode',
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-settings-')),
  };
  a = await startInstance(t.db, env);
  b = await startInstance(await openPostgres(t.url!), env);
}, SLOW);
afterAll(async () => {
  await a?.close();
  await b?.close();
  if (b && b.db !== t.db) await b.db.close();
  await standIn?.close();
  await t?.drop();
}, SLOW);

async function toolsOn(where: Instance): Promise<string[]> {
  const c = new Client(
    { name: 'test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await c.connect(
    new StreamableHTTPClientTransport(new URL(where.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  const { tools } = await c.listTools();
  const plans = await c.callTool({ name: 'list_plans', arguments: {} });
  expect(plans.isError).toBeFalsy();
  await c.close();
  return tools.map((tool) => tool.name);
}

const todayOn = async (where: Instance) => (await where.servers.people.entry(alice))!.deps.clock.today();

describe('a sign-in taken by one instance', { timeout: 60_000 }, () => {
  it('reaches the other at the next request: the new zone, and read only', async () => {
    expect(await toolsOn(b)).toContain('create_transactions');
    expect(await todayOn(b)).toBe('2026-09-25');
    const keptOnB = (await b.servers.people.entry(alice))!.deps;

    // the person signs in again through A, read only, from Honolulu; A alone forgets what it kept
    await a.servers.people.entry(alice);
    await new SqlPeopleStore(a.db, sealer).signIn('alice-ynab', {
      allowed: 'read',
      timeZone: 'Pacific/Honolulu',
    });
    a.servers.people.forget(alice);
    expect((await b.servers.people.entry(alice))!.deps).toBe(keptOnB); // nothing told B

    const onB = await toolsOn(b);
    expect(onB).toContain('list_plans');
    expect(onB).not.toContain('create_transactions');
    const rebuilt = (await b.servers.people.entry(alice))!;
    expect(rebuilt.deps).not.toBe(keptOnB);
    expect(rebuilt.person).toMatchObject({ allowed: 'read', timeZone: 'Pacific/Honolulu' });
    expect(await todayOn(b)).toBe('2026-09-24');
    expect(await toolsOn(a)).not.toContain('create_transactions');
    expect(await todayOn(a)).toBe('2026-09-24');

    // and back: a later sign-in allowing changes gives B's calls their write tools again
    await new SqlPeopleStore(a.db, sealer).signIn('alice-ynab', {
      allowed: 'write',
      timeZone: 'Europe/Paris',
    });
    expect(await toolsOn(b)).toContain('create_transactions');
    expect(await todayOn(b)).toBe('2026-09-25');
  });
});
