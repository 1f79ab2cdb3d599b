/**
 * Two hosted instances on ONE PostgreSQL database, each with its own memory (its own people's Deps,
 * server instances and connection pool) and its own loopback HTTP listener, with the YNAB stand-in
 * behind them and one real MCP client in front that a test sends to either (a balancer with no
 * stickiness: 2026-07-28 requests carry no session). Every safety property must hold whichever
 * instance answers: preview on A and confirm on B, one code raced on A and B applied once, one hourly
 * budget per person, an undo on B of what A applied, a write left pending by A settled by B.
 *
 * The bearer gate here maps a test token to its person as hosted mode's OAuth gate does after it
 * verified an access token (tested in test/oauth/hosted.test.ts); what is shared between instances
 * here is everything behind it.
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
import { E_CODE_REFUSED } from '../../src/safety/confirm.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import { SqlJournal } from '../../src/store/sql-journal.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { WRITE_SCOPE } from '../../src/transports/oauth/scopes.js';
import { personServers, type PersonServers } from '../../src/transports/per-person.js';
import { toldAcross } from '../../src/hosted/plan-writes.js';
import { HOURLY_BUDGET } from '../../src/ynab/pace.js';
import { textOf } from '../helpers/harness.js';
import { ACCEPT } from '../helpers/writes.js';
import { heldBack, pendingIdIn, until } from '../helpers/pending.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';
import { req } from '../requirements.js';

const POSTGRES = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const PLAN = 'demo-budget';
const TOKEN = 'alice-test-bearer';

interface Instance {
  url: string;
  servers: PersonServers;
  db: Database;
  close(): Promise<void>;
}

let t: TestDatabase;
let standIn: StandIn;
let alice: string;
let a: Instance;
let b: Instance;
/** Where each client's next request goes. */
const routes = new Map<Client, Instance>();

/** One instance: its own pool on the database, its own people's Deps, its own listener. */
async function startInstance(db: Database, env: Record<string, string>): Promise<Instance> {
  const config = loadConfig(env);
  // as hosted mode wires it: this instance's writes told to the others, theirs ending its windows
  const servers = await toldAcross(db, silentLog, (written) =>
    personServers({
      written,
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
    }),
  );
  const handler = createMcpHandler(servers.perPerson, { legacy: 'reject' });
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
        if (headers.get('authorization') !== `Bearer ${TOKEN}`) return void res.writeHead(401).end();
        const authInfo = {
          token: TOKEN,
          clientId: 'test-client',
          scopes: [WRITE_SCOPE],
          extra: { accountId: alice, grantId: 'grant-1' },
        };
        const response = await handler.fetch(request, { authInfo });
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

const sealer = new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]);

beforeAll(async () => {
  t = await POSTGRES.open();
  standIn = await startStandIn({
    today: '2026-09-25',
    people: demoPeople(),
    oauthApps: [{ clientId: 'app', clientSecret: 'app-secret', redirectUris: ['http://127.0.0.1/cb'] }],
  });
  const people = new SqlPeopleStore(t.db, sealer);
  const person = await people.signIn('alice-ynab', { allowed: 'write', timeZone: 'Europe/Paris' });
  alice = person.id;
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
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    AVENIR_MCP_SETTLE_MS: '40',
    AVENIR_MCP_YNAB_TIMEOUT_MS: '400',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-two-')),
  };
  // no AVENIR_MCP_STATE_KEY: the instances agree on the one kept in the store
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

/** A client on 2026-07-28 whose requests go where `target` says; with `elicit`, it answers dialogs. */
async function client(elicit?: (c: Client) => Promise<unknown>): Promise<Client> {
  const c = new Client(
    { name: 'test', version: '1.0.0' },
    {
      capabilities: elicit ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  if (elicit) c.setRequestHandler('elicitation/create', (() => elicit(c)) as never);
  routes.set(c, a);
  await c.connect(
    new StreamableHTTPClientTransport(new URL(a.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      fetch: (url, init) => fetch(String(url).replace(a.url, routes.get(c)!.url), init),
    }),
  );
  return c;
}

type Out = Record<string, unknown> & { status: string; message: string };
const on = async (where: Instance, c: Client, name: string, args: Record<string, unknown>) => {
  routes.set(c, where);
  const r = await c.callTool({ name, arguments: args });
  return { ...r, out: r.structuredContent as Out };
};
const flag = (tx: string, color: string | null = 'purple') => ({
  plan_id: PLAN,
  flags: [{ transaction_id: tx, color }],
});
const flagOf = (tx: string) => standIn.stateOf('Alice').transactions.find((x) => x.id === tx)?.flag_color;

describe.sequential(`${req('instances-shared')} two instances on one PostgreSQL`, { timeout: 60_000 }, () => {
  it('a write on B ends the freshness window on A: A shows it at its next read', async () => {
    const c = await client();
    const restaurants = async () => {
      const r = await on(a, c, 'get_category_balances', { plan_id: PLAN, month: '2026-09-01' });
      const rows = r.out.result as Array<{ category_id: string; budgeted: number }>;
      return rows.find((x) => x.category_id === 'cat-restaurants')?.budgeted;
    };
    const before = await restaurants();
    // within A's window, a second read asks YNAB nothing
    const asked = standIn.requests.length;
    expect(await restaurants()).toBe(before);
    expect(standIn.requests.length).toBe(asked);
    const preview = await on(b, c, 'set_category_budget', {
      plan_id: PLAN,
      month: '2026-09-01',
      category_id: 'cat-restaurants',
      amount: 321,
    });
    const applied = await on(b, c, 'set_category_budget', {
      plan_id: PLAN,
      month: '2026-09-01',
      category_id: 'cat-restaurants',
      amount: 321,
      confirmation: preview.out.confirmation,
    });
    expect(applied.out.status).toBe('applied');
    // told through the database, A reads the plan from YNAB again, well inside its 10 s window
    let seen = await restaurants();
    for (let i = 0; i < 100 && seen !== 321; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await restaurants();
    }
    expect(seen).toBe(321);
    await c.close();
  });

  it('previewed on A, confirmed with its code on B: applied once', async () => {
    const c = await client();
    const preview = await on(a, c, 'flag_transactions', flag('tx-053'));
    expect(preview.out.status).toBe('confirmation_required');
    const before = standIn.writes.length;
    const applied = await on(b, c, 'flag_transactions', {
      ...flag('tx-053'),
      confirmation: preview.out.confirmation,
    });
    expect(applied.out.status).toBe('applied');
    expect(standIn.writes.length).toBe(before + 1);
    expect(flagOf('tx-053')).toBe('purple');
    await c.close();
  });

  it('asked on A, answered on B (2026-07-28 request state): applied once', async () => {
    let answered = 0;
    const c = await client(async (self) => {
      answered += 1;
      routes.set(self, b); // the client's answer round reaches the other instance
      return ACCEPT;
    });
    const before = standIn.writes.length;
    const r = await on(a, c, 'flag_transactions', flag('tx-052', 'blue'));
    expect(answered).toBe(1);
    expect(r.out.status).toBe('applied');
    expect(standIn.writes.length).toBe(before + 1);
    expect(flagOf('tx-052')).toBe('blue');
    await c.close();
  });

  it('one code raced on A and B applies once', async () => {
    const [c1, c2] = [await client(), await client()];
    const create = {
      plan_id: PLAN,
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -3.21, payee_name: 'Race bakery', memo: 'raced' }],
    };
    const preview = await on(a, c1, 'create_transactions', create);
    expect(preview.out.status).toBe('confirmation_required');
    const before = standIn.writes.length;
    const args = { ...create, confirmation: preview.out.confirmation };
    const results = await Promise.all([
      on(a, c1, 'create_transactions', args),
      on(b, c2, 'create_transactions', args),
    ]);
    expect(results.map((r) => r.out?.status === 'applied').sort()).toEqual([false, true]);
    // the loser is refused either by the spent code or, when the winner's write-ahead entry is
    // already in the store, by that pending change to the same transactions: both send nothing
    const refused = textOf(results.find((r) => r.out?.status !== 'applied')!);
    expect(
      refused.includes(E_CODE_REFUSED) || refused.startsWith('A change to the same thing is still pending: '),
      refused,
    ).toBe(true);
    expect(standIn.writes.length).toBe(before + 1);
    const made = standIn.stateOf('Alice').transactions.filter((x) => x.memo === 'raced');
    expect(made).toHaveLength(1);
    await c1.close();
    await c2.close();
  });

  it('an undo on B of an operation applied on A', async () => {
    const c = await client();
    const preview = await on(a, c, 'flag_transactions', flag('tx-050', 'red'));
    const applied = await on(a, c, 'flag_transactions', {
      ...flag('tx-050', 'red'),
      confirmation: preview.out.confirmation,
    });
    expect(applied.out.status).toBe('applied');
    const was = applied.out.operation_id as string;
    const undoPreview = await on(b, c, 'undo_operation', { plan_id: PLAN, operation_id: was });
    expect(undoPreview.out.status).toBe('confirmation_required');
    const undone = await on(b, c, 'undo_operation', {
      plan_id: PLAN,
      operation_id: was,
      confirmation: undoPreview.out.confirmation,
    });
    expect(undone.out.status).toBe('applied');
    expect(flagOf('tx-050')).toBeNull();
    // and A sees it undone: a second undo of the same operation is refused there, writing nothing
    const before = standIn.writes.length;
    const again = await on(a, c, 'undo_operation', { plan_id: PLAN, operation_id: was });
    expect(again.isError).toBe(true);
    expect(standIn.writes.length).toBe(before);
    await c.close();
  });

  it('a write A left pending is settled by B’s next read of the plan', async () => {
    const c = await client();
    const preview = await on(a, c, 'flag_transactions', flag('tx-049', 'orange'));
    // YNAB applies it after A stopped waiting, when the test lets it (not after a fixed time a
    // loaded machine may outlast)
    const late = heldBack();
    standIn.fault({ method: 'PATCH', path: `/plans/${PLAN}/transactions`, hold: late.hold });
    const r = await on(a, c, 'flag_transactions', {
      ...flag('tx-049', 'orange'),
      confirmation: preview.out.confirmation,
    });
    expect(r.out.status).toBe('unknown');
    const id = pendingIdIn(r.out.message);
    const pending = new SqlPending(t.db);
    expect((await pending.list(alice)).map((e) => e.operation_id)).toEqual([id]);
    // the same change is refused while it is pending (B, which has not tried to settle it yet,
    // is left to do so at its next read)
    const refused = await on(a, c, 'flag_transactions', flag('tx-049', 'orange'));
    expect(textOf(refused)).toContain(`still pending: operation ${id}`);
    late.land();
    await until(() => flagOf('tx-049') === 'orange'); // YNAB applied it late
    await on(b, c, 'list_accounts', { plan_id: PLAN });
    expect(await pending.list(alice)).toEqual([]);
    expect(await new SqlJournal(t.db).has(alice, id)).toBe(true);
    await c.close();
  });

  it('one hourly budget for the person: filled through A, B refuses and sends nothing', async () => {
    const c = await client();
    await on(a, c, 'list_accounts', { plan_id: PLAN });
    const aDeps = (await a.servers.people.entry(alice))!.deps;
    while ((await aDeps.pacer.sentLastHour()) < HOURLY_BUDGET) await aDeps.pacer.take();
    const before = standIn.requests.length;
    const r = await on(b, c, 'list_plans', {});
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(
      /avenir-mcp sent 180 requests to YNAB in the last hour, close to YNAB's limit of 200 per hour\. Nothing was sent: the next request can leave in \d+ minutes?\./,
    );
    expect(standIn.requests.length).toBe(before);
    await c.close();
  });
});
