/**
 * Hosted mode's safety pieces on the store (src/hosted/store-*.ts), on both engines, each used through
 * two instances on one database (on the server, two connection pools; PGlite lives in one process, so
 * the same one): what one instance issues, records or reserves, the other sees, spends once or counts,
 * and another person never reaches it. The refusals are the single-owner pacer's texts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { PacingRefusal } from '../../src/domain/write-outcome.js';
import { StorePacer } from '../../src/hosted/store-pacer.js';
import { storeSafety } from '../../src/hosted/store-safety.js';
import { sharedStateKey } from '../../src/hosted/state-key.js';
import { loadConfig } from '../../src/config.js';
import { Secret } from '../../src/domain/secret.js';
import { Pacer } from '../../src/ynab/pace.js';
import { openPostgres } from '../../src/store/pg-database.js';
import type { Database } from '../../src/store/sql.js';
import { ENGINES, SLOW, type TestDatabase } from '../store/engines.js';
import { twoPeople } from '../store/helpers.js';

const T0 = 1_780_000_000_000;

/** A wall clock the test moves (monotonic time is not used by the store pieces). */
function testClock(): Clock & { at: number } {
  const clock = {
    at: T0,
    today: () => '2026-09-25',
    monotonicMs: () => clock.at,
    now: () => new Date(clock.at),
  };
  return clock;
}

const entry = (id: string, plan = 'plan-1') => ({
  operation_id: id,
  plan_id: plan,
  kind: 'flag',
  applied_at: '2026-09-25T10:00:00+00:00',
  moves: [],
  details: { transactions: [{ id: 'tx-1', flag_color: null }] },
});

const pendingEntry = (id: string) => ({
  operation_id: id,
  plan_id: 'plan-1',
  tool: 'flag_transactions',
  subject: ['transaction:tx-1'],
  started_at: '2026-09-25T10:00:00+00:00',
  check_with: 'find_transactions',
});

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PacingRefusal);
  return (error as Error).message;
};

describe.each(ENGINES)('hosted safety on $name', (engine) => {
  let t: TestDatabase;
  let other: Database;
  let a: string;
  let b: string;
  let clock: ReturnType<typeof testClock>;
  /** Person a's pieces on instance 1 and 2, and person b's on instance 2. */
  const pieces = (db: Database, person: string) => storeSafety(db, person)(clock);
  beforeEach(async () => {
    t = await engine.open();
    other = t.url === null ? t.db : await openPostgres(t.url);
    ({ a, b } = await twoPeople(t.db));
    clock = testClock();
  }, SLOW);
  afterEach(async () => {
    if (other !== t.db) await other.close();
    await t.drop();
  }, SLOW);

  it("a mark of get_changes set on one instance is read on the other, never another person's", async () => {
    const mark = {
      version: 1 as const,
      knowledge: 42,
      at: '2026-09-25T10:00:00+00:00',
      from: '2026-07-25',
      transactions: [],
      scheduled: [],
      targets: [],
      moved: { at: null, ids: [] },
    };
    await pieces(t.db, a).marks.set('plan-1', mark);
    expect(await pieces(other, a).marks.get('plan-1')).toEqual(mark);
    expect(await pieces(other, b).marks.get('plan-1')).toBeNull();
    // the journal's entries since the mark, for telling this server's writes, on either instance
    await pieces(t.db, a).journal.record(entry('op-1'));
    expect((await pieces(other, a).journal.since('plan-1', mark.at)).map((e) => e.operation_id)).toEqual([
      'op-1',
    ]);
    expect(await pieces(other, b).journal.since('plan-1', mark.at)).toEqual([]);
  });

  it('a code issued on one instance is spent once on the other, never by another person', async () => {
    const [one, two, bob] = [pieces(t.db, a), pieces(other, a), pieces(other, b)];
    const code = await one.codes.issue('fp-1');
    expect(await bob.codes.consume(code, 'fp-1')).toBe(false);
    const raced = await Promise.all([two.codes.consume(code, 'fp-1'), one.codes.consume(code, 'fp-1')]);
    expect(raced.filter(Boolean)).toEqual([true]);
    // a mismatch spends the code too, and an expired one is refused
    const wrong = await one.codes.issue('fp-2');
    expect(await two.codes.consume(wrong, 'fp-3')).toBe(false);
    expect(await one.codes.consume(wrong, 'fp-2')).toBe(false);
    const late = await one.codes.issue('fp-4');
    clock.at += 600_001;
    expect(await two.codes.consume(late, 'fp-4')).toBe(false);
  });

  it('an answer sealed on one instance is live on the other and its nonce spent once', async () => {
    const [one, two, bob] = [pieces(t.db, a), pieces(other, a), pieces(other, b)];
    const seal = one.codes.seal();
    expect(two.codes.live(seal)).toBe(true);
    expect(await bob.codes.spendNonce(seal)).toBe(true); // b's own nonces: a's are not touched
    const raced = await Promise.all([one.codes.spendNonce(seal), two.codes.spendNonce(seal)]);
    expect(raced.filter(Boolean)).toEqual([true]);
    clock.at += 600_001;
    expect(two.codes.live(seal)).toBe(false);
    // a state sealed by a process's memory is not one of the store's
    expect(two.codes.live({ ...one.codes.seal(), sealedBy: 'a process' })).toBe(false);
  });

  it('an approval ticket opened on one instance gives its secret once, spent once', async () => {
    const [one, two, bob] = [pieces(t.db, a), pieces(other, a), pieces(other, b)];
    const approval = {
      tool: 'flag_transactions',
      input: { x: 1 },
      planId: 'p',
      fingerprint: 'f',
      question: 'q?',
    };
    const ticket = await one.approvals.open(approval);
    expect(await bob.approvals.reveal(ticket)).toBeNull();
    const opened = await Promise.all([two.approvals.reveal(ticket), one.approvals.reveal(ticket)]);
    const secret = opened.find((o) => o !== null)!.secret;
    expect(opened.filter((o) => o !== null)).toHaveLength(1);
    expect(await bob.approvals.take(secret)).toBeNull();
    const taken = await Promise.all([one.approvals.take(secret), two.approvals.take(secret)]);
    expect(taken.filter((x) => x !== null)).toEqual([approval]);
  });

  it('the journal and pending writes of one instance are the other instance’s, per person', async () => {
    const [one, two, bob] = [pieces(t.db, a), pieces(other, a), pieces(other, b)];
    await one.journal.checkWritable();
    await one.journal.record(entry('op-1'));
    await one.journal.record(entry('op-2', 'plan-2'));
    const kinds = new Set(['flag']);
    expect(await two.journal.has('op-1')).toBe(true);
    expect(await bob.journal.has('op-1')).toBe(false);
    expect(await bob.journal.find('plan-1', false, kinds, 'op-1')).toBeNull();
    expect(await two.journal.find('plan-1', false, kinds, null)).toEqual(entry('op-1'));
    await two.journal.markUndone('op-1');
    expect(await one.journal.find('plan-1', false, kinds, null)).toBeNull();
    expect(await one.journal.has('op-1')).toBe(true);

    await one.pending.open(pendingEntry('op-3'));
    expect(await two.pending.list('plan-1')).toEqual([pendingEntry('op-3')]);
    expect(await two.pending.list('plan-2')).toEqual([]);
    expect(await bob.pending.list()).toEqual([]);
    await bob.pending.close('op-3'); // b cannot close a's
    expect(await one.pending.list()).toHaveLength(1);
    await two.pending.close('op-3');
    expect(await one.pending.list()).toEqual([]);
  });

  it('one hourly budget per person across instances, all sends of a change or none, with the same texts', async () => {
    const budget = 5;
    const one = new StorePacer(t.db, a, () => clock.at, budget);
    const two = new StorePacer(other, a, () => clock.at, budget);
    const bob = new StorePacer(other, b, () => clock.at, budget);
    const memory = new Pacer(() => clock.at, budget);
    for (let i = 0; i < 3; i++) await one.take();
    for (let i = 0; i < 3; i++) memory.take();
    // two sends fit, three do not: refused with nothing counted, in the memory pacer's words
    const sent: string[] = [];
    const three = await refusal(two.reserved(3, async () => void sent.push('x')));
    expect(three).toBe(await refusal(memory.reserved(3, async () => void sent.push('x'))));
    expect(sent).toEqual([]);
    expect(await two.sentLastHour()).toBe(3);
    // a change of two sends that uses one gives the other back
    await two.reserved(2, async () => {
      await two.take();
    });
    expect(await one.sentLastHour()).toBe(4);
    await one.take();
    memory.take();
    memory.take();
    expect(await refusal(two.take())).toBe(await refusal(Promise.resolve().then(() => memory.take())));
    // a compensation passes the budget; b's budget is b's own
    await two.compensating(() => Promise.resolve(two.take()));
    await bob.take();
    expect(await bob.sentLastHour()).toBe(1);
    // an hour later the budget is back
    clock.at += 3_600_000;
    await two.take();
  });

  it('a 429 pause seen by one instance holds the other, with the same text', async () => {
    const [one, two] = [pieces(t.db, a), pieces(other, a)];
    const memory = new Pacer(() => clock.at);
    expect(await one.pacer.pause('120')).toBe(120_000);
    memory.pause('120');
    clock.at += 30_000;
    expect(await refusal(Promise.resolve(two.pacer.take()))).toBe(
      await refusal(Promise.resolve().then(() => memory.take())),
    );
    await refusal(two.pacer.reserved(2, () => Promise.resolve()));
    await refusal(two.pacer.compensating(() => Promise.resolve(two.pacer.take())));
    clock.at += 90_000;
    await two.pacer.take();
  });

  it('the request-state key is the variable’s, else one kept in the store that every instance reads', async () => {
    const config = loadConfig({ YNAB_API_KEY: 'x' });
    const given = new Secret('k'.repeat(43));
    expect((await sharedStateKey({ ...config, stateKey: given }, t.db)).reveal()).toBe(given.reveal());
    const keys = await Promise.all([sharedStateKey(config, t.db), sharedStateKey(config, other)]);
    expect(keys[0].reveal()).toBe(keys[1].reveal());
    expect(keys[0].reveal()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await sharedStateKey(config, other)).reveal()).toBe(keys[0].reveal());
  });
});
