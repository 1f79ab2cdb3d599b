/**
 * Hosted mode's weekly digest with two instances on ONE PostgreSQL database, each with its own pool
 * and its own people's Deps, as hosted mode wires them (personServers, personDigest), and a webhook
 * receiver on loopback TLS. Run together, the two schedules send Alice's digest of the week once:
 * the JSON get_digest answers, read with her own token from the YNAB stand-in, and nothing of the
 * token in the post. A failing webhook is tried a bounded number of times, recorded as failed and
 * logged without its path. The loopback receiver is reached only because the test hands the schedule
 * an address rule of its own; with hosted mode's default the same send is refused before connecting.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { demoPeople, startStandIn, type StandIn } from '../../src/demo/index.js';
import { isoWeek } from '../../src/domain/digest/iso-week.js';
import { Secret } from '../../src/domain/secret.js';
import { personDigest } from '../../src/hosted/person-digest.js';
import { startWeeklyDigest, type WeeklyDigest } from '../../src/hosted/weekly-digest.js';
import type { Log } from '../../src/log.js';
import { openPostgres } from '../../src/store/pg-database.js';
import { Sealer, newKeyLine } from '../../src/store/seal.js';
import { SqlDigests } from '../../src/store/sql-digests.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { personServers } from '../../src/transports/per-person.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';

const POSTGRES = ENGINES.find((e) => e.name === 'PostgreSQL')!;
const NOW = Date.parse('2026-09-25T08:00:00Z');
const WEEK = isoWeek(NOW);

let t: TestDatabase;
let second: Database;
let standIn: StandIn;
let alice: string;
let token: string;
let env: Record<string, string>;
const sealer = new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]);
const lines: string[] = [];
const log: Log = {
  debug: () => {},
  // the schedule's own lines (the YNAB client logs each request under its own name)
  info: (name, m) => void (name === 'hosted' && lines.push(`info ${m}`)),
  warning: (name, m) => void (name === 'hosted' && lines.push(`warning ${m}`)),
  error: (name, m) => void (name === 'hosted' && lines.push(`error ${m}`)),
};
const running: WeeklyDigest[] = [];

/** One instance's schedule: its own pool, its own people's Deps, the digest built as hosted mode does. */
function instance(db: Database, post: Parameters<typeof startWeeklyDigest>[0]['post']): WeeklyDigest {
  const config = loadConfig(env);
  const servers = personServers({
    config,
    log,
    people: new SqlPeopleStore(db, sealer),
    app: {
      clientId: 'app',
      clientSecret: new Secret('app-secret'),
      oauthUrl: standIn.origin,
      redirectUri: 'http://127.0.0.1/oauth/ynab/callback',
      apiUrl: () => config.ynabUrl(),
    },
    store: db,
  });
  const weekly = startWeeklyDigest({
    digests: new SqlDigests(db, sealer, () => NOW),
    digestOf: personDigest(servers.people),
    log,
    now: () => NOW,
    ...(post ? { post } : {}),
  });
  running.push(weekly);
  return weekly;
}

/** The receiver only this test trusts, on loopback: let in by the test's own address rule. */
const loopbackAllowed = (hook: WebhookReceiver) => ({
  allowAddress: (address: string) => address === '127.0.0.1',
  ca: hook.ca,
  backoffMs: 1,
});

beforeAll(async () => {
  t = await POSTGRES.open();
  second = await openPostgres(t.url!);
  standIn = await startStandIn({
    today: '2026-09-25',
    people: demoPeople(),
    oauthApps: [{ clientId: 'app', clientSecret: 'app-secret', redirectUris: ['http://127.0.0.1/cb'] }],
  });
  const people = new SqlPeopleStore(t.db, sealer);
  alice = (await people.signIn('alice-ynab', { allowed: 'read', timeZone: null })).id;
  const issued = standIn.issueToken('Alice');
  token = issued.access_token;
  await people.saveGrant(alice, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: NOW + 10 * 365 * 86_400_000,
    scope: '',
  });
  env = {
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'unused-in-hosted-mode',
    AVENIR_MCP_TODAY: '2026-09-25',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-weekly-')),
  };
}, SLOW);
afterEach(async () => {
  for (const w of running.splice(0)) await w.stop();
  await t.db.query('DELETE FROM digest_sends');
  await t.db.query('DELETE FROM digest_webhooks');
  lines.length = 0;
});
afterAll(async () => {
  await second?.close();
  await standIn?.close();
  await t?.drop();
}, SLOW);

const digestReads = () => standIn.requests.filter((r) => r.path.endsWith('/accounts')).length;

describe('the weekly digest across two instances on one PostgreSQL', () => {
  it('sends Alice her digest of the week once, the JSON of get_digest, never her token', async () => {
    const hook = await startWebhookReceiver();
    try {
      await new SqlDigests(t.db, sealer).setWebhook(alice, hook.url);
      const a = instance(t.db, loopbackAllowed(hook));
      const b = instance(second, loopbackAllowed(hook));
      const before = digestReads();
      // both at once: one wins the week's claim, the other finds it taken
      const sent = await Promise.all([a.run(), b.run()]);
      expect([...sent].sort()).toEqual([0, 1]);
      expect(hook.posts).toHaveLength(1);
      const post = hook.posts[0]!;
      expect(post.path).toBe('/hooks/secret-path');
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers.authorization).toBeUndefined();
      const digest = JSON.parse(post.body) as {
        message: string;
        needs_you: { kind: string; tool: string }[];
      };
      expect(digest.message).toMatch(/need you/);
      expect(digest.needs_you.map((n) => n.kind)).toContain('overspent');
      expect(JSON.stringify(post)).not.toContain(token);
      // read once, with Alice's own token
      expect(digestReads()).toBe(before + 1);
      expect(standIn.requests.at(-1)?.token).toBe(token);
      expect(await new SqlDigests(t.db, sealer).send(alice, WEEK)).toBe('sent');
      expect(lines).toEqual([
        `info Weekly digest ${WEEK} of person ${alice} sent to ${new URL(hook.url).host}`,
      ]);
      // the week is done: later runs on either instance send nothing
      expect(await Promise.all([a.run(), b.run()])).toEqual([0, 0]);
      expect(hook.posts).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('reaches a name only through the addresses its lookup checked', async () => {
    const hook = await startWebhookReceiver();
    try {
      await new SqlDigests(t.db, sealer).setWebhook(alice, hook.url.replace('127.0.0.1', 'localhost'));
      const asked: string[] = [];
      const allowLoopback = (address: string) => {
        asked.push(address);
        return address === '127.0.0.1' || address === '::1';
      };
      const a = instance(t.db, { allowAddress: allowLoopback, ca: hook.ca, backoffMs: 1 });
      expect(await a.run()).toBe(1);
      expect(hook.posts).toHaveLength(1);
      // the name was resolved by the post's own lookup, and each address checked before connecting
      expect(asked).toContain('127.0.0.1');
    } finally {
      await hook.close();
    }
  });

  it('tries a failing webhook a bounded number of times, then records and logs it without its path', async () => {
    const hook = await startWebhookReceiver([500, 502, 503, 200]);
    try {
      await new SqlDigests(t.db, sealer).setWebhook(alice, hook.url);
      const a = instance(t.db, loopbackAllowed(hook));
      expect(await a.run()).toBe(0);
      expect(hook.posts).toHaveLength(3);
      expect(await new SqlDigests(t.db, sealer).send(alice, WEEK)).toBe('failed');
      const host = new URL(hook.url).host;
      expect(lines).toEqual([
        `warning Weekly digest ${WEEK} of person ${alice} not sent to ${host}: HTTP 503`,
      ]);
      expect(lines.join('\n')).not.toContain('secret-path');
      // not tried again that week
      expect(await a.run()).toBe(0);
      expect(hook.posts).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it('refuses the loopback receiver before connecting under hosted mode’s own rule', async () => {
    const hook = await startWebhookReceiver();
    try {
      await new SqlDigests(t.db, sealer).setWebhook(alice, hook.url);
      // only the test's certificate is trusted: the address rule is hosted mode's default
      const a = instance(t.db, { ca: hook.ca, backoffMs: 1 });
      expect(await a.run()).toBe(0);
      expect(hook.posts).toEqual([]);
      expect(lines).toEqual([
        `warning Weekly digest ${WEEK} of person ${alice} not sent to ${new URL(hook.url).host}: not a public address`,
      ]);
      // a name that resolves to loopback is refused at connect time too
      await new SqlDigests(t.db, sealer).setWebhook(alice, hook.url.replace('127.0.0.1', 'localhost'));
      await t.db.query('DELETE FROM digest_sends');
      lines.length = 0;
      expect(await a.run()).toBe(0);
      expect(hook.posts).toEqual([]);
      expect(lines[0]).toMatch(/not sent to localhost:\d+: not a public address$/);
    } finally {
      await hook.close();
    }
  });
});
