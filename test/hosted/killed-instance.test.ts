/**
 * An instance killed in the middle of a confirmed write, and another instance on the same PostgreSQL
 * left to settle it. Instance A runs in a process of its own (bench/hosted-instance.mjs on dist/), so
 * that SIGKILL takes it whole: its memory of the write, its connections, its answer. Instance B runs in
 * this process on its own pool, with a clock the test moves. The stand-in holds A's write request
 * until A is dead, then either applies it (YNAB got it: it lands late) or drops it unapplied (it never
 * took effect at YNAB). Whatever A knew is gone; B has only the pending entry A put in the store before
 * its first request, and must journal the first as applied and undoable, close the second as not
 * applied once its pending time is over, refuse the same change while either is pending, and never let
 * the stand-in hold two copies.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPeople, startStandIn, type StandIn } from '../../src/demo/index.js';
import { PENDING_MS, RETRY_MS } from '../../src/safety/outcome/settle-later.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlJournal } from '../../src/store/sql-journal.js';
import { SqlPending } from '../../src/store/sql-pending.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { requireFreshBuild } from '../helpers/built.js';
import { spawnInstance, type ChildInstance } from '../helpers/child-instance.js';
import { signedIn, startGatedInstance, type GatedInstance } from '../helpers/gated-instance.js';
import { textOf } from '../helpers/harness.js';
import { movableClock } from '../helpers/pending.js';
import { freePort } from '../ops/raw-http.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';

const POSTGRES = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const PLAN = 'demo-budget';
const TOKEN = 'alice-killed-instance-bearer';
const CREATE_PATH = `/plans/${PLAN}/transactions`;

let t: TestDatabase;
let standIn: StandIn;
let alice: string;
let folder: string;
let env: Record<string, string>;
let bDb: Database;
let b: GatedInstance;
const clock = movableClock();
let a: ChildInstance | undefined;

beforeAll(async () => {
  requireFreshBuild();
  t = await POSTGRES.open();
  standIn = await startStandIn({
    today: '2026-09-25',
    people: demoPeople(),
    oauthApps: [
      { clientId: 'bench-app', clientSecret: 'bench-secret', redirectUris: ['http://127.0.0.1/cb'] },
    ],
  });
  folder = mkdtempSync(join(tmpdir(), 'avenir-killed-'));
  // one seal key, in a private file for A and in memory for B: both open the same sealed YNAB tokens
  const keyLine = newKeyLine();
  const keyFile = join(folder, 'seal-keys');
  writeFileSync(keyFile, `${keyLine}\n`);
  chmodSync(keyFile, 0o600);
  const sealer = new Sealer(parseKeyFile(keyLine));
  alice = await signedIn(new SqlPeopleStore(t.db, sealer), standIn, 'Alice');
  const bearers = join(folder, 'bearers.json');
  writeFileSync(bearers, JSON.stringify({ [TOKEN]: alice }));
  env = {
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'unused-in-hosted-mode',
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    AVENIR_MCP_SETTLE_MS: '40',
    // A waits for its write's answer far longer than the test holds it: it dies waiting
    AVENIR_MCP_YNAB_TIMEOUT_MS: '120000',
    XDG_STATE_HOME: folder,
    AVENIR_MCP_DATABASE_URL: t.url!,
    AVENIR_MCP_SEAL_KEY_FILE: keyFile,
    AVENIR_BENCH_BEARERS: bearers,
  };
  bDb = await openPostgres(t.url!);
  b = await startGatedInstance({
    db: bDb,
    sealer,
    standIn,
    env,
    bearers: new Map([[TOKEN, alice]]),
    overrides: { clock },
  });
}, SLOW);
afterAll(async () => {
  await a?.stop('SIGKILL');
  await b?.close();
  await bDb?.close();
  await standIn?.close();
  await t?.drop();
}, SLOW);

beforeEach(async () => {
  a = await spawnInstance({
    ...env,
    AVENIR_MCP_TRANSPORT: 'http',
    AVENIR_MCP_PORT: String(await freePort()),
  });
}, SLOW);
afterEach(async () => {
  await a?.stop('SIGKILL');
});

async function client(url: string): Promise<Client> {
  const c = new Client(
    { name: 'test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await c.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return c;
}

type Out = Record<string, unknown> & { status: string; message: string };
async function call(c: Client, name: string, args: Record<string, unknown>) {
  const r = await c.callTool({ name, arguments: args });
  return { ...r, out: r.structuredContent as Out };
}

const create = (memo: string) => ({
  plan_id: PLAN,
  account_id: 'acc-checking',
  transactions: [{ date: '2026-09-24', amount: -7.77, payee_name: 'Killed bakery', memo }],
});
/** The live transactions of that memo at the stand-in, and the creates of it it applied. */
const copies = (memo: string) =>
  standIn.stateOf('Alice').transactions.filter((x) => x.memo === memo && !x.deleted);
const createsOf = (memo: string) =>
  standIn.writes.filter((w) => w.method === 'POST' && JSON.stringify(w.body).includes(memo));

/** Waits until `done` holds: a request reaching the stand-in from another process. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 3_000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

/**
 * Previews `memo`'s create on A, sends the confirmed call to A with the stand-in holding its request,
 * and SIGKILLs A while the request is in flight. Resolves with the pending id A left and the hold's
 * release; the call itself fails with A.
 */
async function killedMidWrite(memo: string, drop: boolean): Promise<{ id: string; release: () => void }> {
  const onA = await client(a!.url);
  const preview = await call(onA, 'create_transactions', create(memo));
  expect(preview.out.status).toBe('confirmation_required');
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  standIn.fault({ method: 'POST', path: CREATE_PATH, hold, ...(drop ? { drop: true } : {}) });
  const sent = standIn.requests.length;
  // its end is taken at once: the call fails while this test is busy killing A
  const confirmed = call(onA, 'create_transactions', {
    ...create(memo),
    confirmation: preview.out.confirmation,
  }).then(
    (answered) => answered,
    (error: unknown) => error,
  );
  await waitFor(() =>
    standIn.requests.slice(sent).some((r) => r.method === 'POST' && r.path === CREATE_PATH),
  );
  // in flight: the entry is in the store, nothing is applied yet
  const pending = await new SqlPending(t.db).list(alice);
  expect(pending.map((e) => e.tool)).toEqual(['create_transactions']);
  expect(copies(memo)).toEqual([]);
  expect(await a!.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  expect(await confirmed).toBeInstanceOf(Error); // no answer: A died with the call
  await onA.close().catch(() => undefined);
  return { id: pending[0]!.operation_id, release };
}

/** Lets the held request go, and waits until the stand-in has dealt with it. */
async function letGo(release: () => void): Promise<void> {
  release();
  await new Promise((resolve) => setImmediate(resolve));
}

describe.sequential('an instance killed in the middle of a confirmed write', { timeout: 120_000 }, () => {
  it('YNAB applies it late: B journals it as applied, undoable, and the stand-in holds one copy', async () => {
    const memo = 'killed, landed late';
    const { id, release } = await killedMidWrite(memo, false);
    const onB = await client(b.url);
    try {
      // while it is pending, the same change is refused on B, which sends no write
      const refused = await call(onB, 'create_transactions', create(memo));
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(`still pending: operation ${id}`);
      expect(createsOf(memo)).toEqual([]);

      await letGo(release); // YNAB applies A's request now; its answer goes nowhere
      expect(copies(memo)).toHaveLength(1);
      clock.forward(RETRY_MS); // past the spacing of settling reads (B read it moments ago)
      await call(onB, 'list_accounts', { plan_id: PLAN });
      expect(await new SqlPending(t.db).list(alice)).toEqual([]);
      const journal = new SqlJournal(t.db);
      expect(await journal.has(alice, id)).toBe(true);
      expect(copies(memo)).toHaveLength(1);
      expect(createsOf(memo)).toHaveLength(1);

      // undoable on B: the one copy goes
      const undoPreview = await call(onB, 'undo_operation', { plan_id: PLAN, operation_id: id });
      expect(undoPreview.out.status).toBe('confirmation_required');
      const undone = await call(onB, 'undo_operation', {
        plan_id: PLAN,
        operation_id: id,
        confirmation: undoPreview.out.confirmation,
      });
      expect(undone.out.status).toBe('applied');
      expect(copies(memo)).toEqual([]);
      expect(createsOf(memo)).toHaveLength(1);
      expect((await journal.list(alice)).undone.has(id)).toBe(true);
    } finally {
      await onB.close();
    }
  });

  it('the write never took effect at YNAB: B closes it as not applied after its pending time', async () => {
    const memo = 'killed, never landed';
    const { id, release } = await killedMidWrite(memo, true);
    await letGo(release); // the stand-in drops A's request unapplied
    const onB = await client(b.url);
    try {
      const refused = await call(onB, 'create_transactions', create(memo));
      expect(textOf(refused)).toContain(`still pending: operation ${id}`);
      expect((await new SqlPending(t.db).list(alice)).map((e) => e.operation_id)).toEqual([id]);

      clock.forward(PENDING_MS); // nothing has shown it for its whole pending time
      await call(onB, 'list_accounts', { plan_id: PLAN });
      expect(await new SqlPending(t.db).list(alice)).toEqual([]);
      expect(await new SqlJournal(t.db).has(alice, id)).toBe(false);
      expect(copies(memo)).toEqual([]);
      expect(createsOf(memo)).toEqual([]);

      // and the same change can now be made, once
      const preview = await call(onB, 'create_transactions', create(memo));
      expect(preview.out.status).toBe('confirmation_required');
      const applied = await call(onB, 'create_transactions', {
        ...create(memo),
        confirmation: preview.out.confirmation,
      });
      expect(applied.out.status).toBe('applied');
      expect(copies(memo)).toHaveLength(1);
      expect(createsOf(memo)).toHaveLength(1);
    } finally {
      await onB.close();
    }
  });
});
