/**
 * A write told to every instance (src/hosted/plan-writes.ts), on both engines: LISTEN on one instance
 * hears the NOTIFY of another (on the server, two connection pools on one database; PGlite is one
 * process, the same one), an instance never hears its own, a payload not of ours is ignored, and on
 * the server a listening connection the server drops listens again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_WRITTEN, planWrites, type PlanWrites } from '../../src/hosted/plan-writes.js';
import { createLog } from '../../src/log.js';
import { openPostgres, RELISTEN_MS } from '../../src/store/pg-database.js';
import { channelName, type Database } from '../../src/store/sql.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';

/** Waits (at most 10 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

describe.each(ENGINES)('writes told across instances on $name', (engine) => {
  let t: TestDatabase;
  let other: Database;
  const stops: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    t = await engine.open();
    other = t.url === null ? t.db : await openPostgres(t.url);
  }, SLOW);
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    if (other !== t.db) await other.close();
    await t.drop();
  }, SLOW);

  const instance = async (db: Database, heard: Array<[string, string | undefined]>): Promise<PlanWrites> => {
    const w = await planWrites(
      db,
      (person, plan) => heard.push([person, plan]),
      createLog('ERROR', 'text', () => {}),
    );
    stops.push(() => w.stop());
    return w;
  };

  it('each instance hears the writes the others tell, never its own', async () => {
    const heardA: Array<[string, string | undefined]> = [];
    const heardB: Array<[string, string | undefined]> = [];
    const a = await instance(t.db, heardA);
    const b = await instance(other, heardB);
    a.tell('person-1', 'plan-1');
    a.tell('person-1', undefined);
    b.tell('person-2', 'plan-9');
    await until(() => heardB.length === 2 && heardA.length === 1);
    expect(heardB).toEqual([
      ['person-1', 'plan-1'],
      ['person-1', undefined],
    ]);
    expect(heardA).toEqual([['person-2', 'plan-9']]);
  });

  it('ignores a payload that is not a told write', async () => {
    const heard: Array<[string, string | undefined]> = [];
    const b = await instance(other, heard);
    for (const payload of ['not json', '{"person":"p"}', '{"from":"x","person":7,"plan":null}'])
      await t.db.query('SELECT pg_notify($1, $2)', [PLAN_WRITTEN, payload]);
    const a = await instance(t.db, []);
    a.tell('person-3', 'plan-3');
    await until(() => heard.length > 0);
    expect(heard).toEqual([['person-3', 'plan-3']]);
    void b;
  });

  it('refuses a channel name that is not plain', async () => {
    await expect(t.db.listen('x; DROP TABLE people', () => {})).rejects.toThrow('Not a channel name');
    expect(() => channelName(PLAN_WRITTEN)).not.toThrow();
  });
});

describe('a listener whose connection the server drops', () => {
  const server = ENGINES.find((e) => e.name === 'PostgreSQL')!;
  it(
    `listens again ${RELISTEN_MS} ms later`,
    async () => {
      const t = await server.open();
      const other = await openPostgres(t.url!);
      try {
        const heard: string[] = [];
        const stop = await other.listen(PLAN_WRITTEN, (payload) => heard.push(payload));
        const listening = () =>
          t.db.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE query = $1 AND datname = current_database()',
            [`LISTEN ${PLAN_WRITTEN}`],
          );
        const [first] = await listening();
        expect(first).toBeDefined();
        await t.db.query('SELECT pg_terminate_backend($1)', [first!.pid]);
        // a new connection listens again: notifications reach it
        let again: { pid: number }[] = [];
        for (let i = 0; i < 500 && !again.some((r) => r.pid !== first!.pid); i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          again = await listening();
        }
        expect(again.some((r) => r.pid !== first!.pid)).toBe(true);
        await t.db.query('SELECT pg_notify($1, $2)', [PLAN_WRITTEN, 'after']);
        await until(() => heard.includes('after'));
        await stop();
      } finally {
        await other.close();
        await t.drop();
      }
    },
    SLOW,
  );
});
