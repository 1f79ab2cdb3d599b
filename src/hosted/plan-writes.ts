/**
 * A person's write, told to every instance. Each instance keeps its own cache of a person's plan, and
 * reads within a few seconds of a sync reuse it (the freshness window, src/ynab/freshness.ts). An
 * instance that sends a write ends its own window at once; this tells the others, through
 * PostgreSQL's NOTIFY, so that whichever instance answers the person's next call reads the plan from
 * YNAB and shows the change. What crosses the database is an opaque person id, a plan id and the
 * sending instance's random id: no name, no amount, no token.
 *
 * A notification lost (the listening connection dropped, and it listens again a second later) costs
 * no more than the window itself: the instance's cache is then at most that many seconds old, as it
 * would be after a change made in YNAB's own app.
 */
import { randomUUID } from 'node:crypto';
import type { Log } from '../log.js';
import type { Database } from '../store/sql.js';

export const PLAN_WRITTEN = 'avenir_mcp_plan_written';

interface Told {
  /** The instance that sent the write (it has ended its own window already). */
  from: string;
  person: string;
  /** The plan written to; null for `last-used`, whose plan is not known: every plan of the person. */
  plan: string | null;
}

export interface PlanWrites {
  /** Tells every other instance that this one sent a write to the person's plan (undefined: any plan). */
  tell(person: string, plan: string | undefined): void;
  /** Stops listening (closing the store stops it too). */
  stop(): Promise<void>;
}

const isTold = (value: unknown): value is Told => {
  const v = value as Partial<Told> | null;
  return (
    typeof v?.from === 'string' &&
    typeof v.person === 'string' &&
    (v.plan === null || typeof v.plan === 'string')
  );
};

/**
 * Listens for the writes other instances tell, and calls `heard` with each one's person and plan
 * (undefined: every plan of the person); returns how to tell this instance's own.
 */
export async function planWrites(
  db: Database,
  heard: (person: string, plan: string | undefined) => void,
  log: Log,
): Promise<PlanWrites> {
  const self = randomUUID();
  const stop = await db.listen(PLAN_WRITTEN, (payload) => {
    let told: unknown;
    try {
      told = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isTold(told) || told.from === self) return;
    heard(told.person, told.plan ?? undefined);
  });
  return {
    tell(person, plan) {
      const told: Told = { from: self, person, plan: plan ?? null };
      db.notify(PLAN_WRITTEN, JSON.stringify(told)).catch((error: unknown) =>
        // the others' windows then end on their own, within seconds
        log.warning('store', `A write could not be told to the other instances: ${String(error)}`),
      );
    },
    stop,
  };
}

/**
 * Builds what serves the people (`make`, given the `written` to pass to their Deps) with their
 * writes told to the other instances, and the others' writes ending this instance's windows: the
 * one wiring hosted mode and the tests of several instances share.
 */
export async function toldAcross<
  T extends { people: { expire(person: string, plan: string | undefined): void } },
>(
  db: Database,
  log: Log,
  make: (written: (person: string, plan: string | undefined) => void) => T,
): Promise<T> {
  let writes: PlanWrites | null = null;
  const made = make((person, plan) => writes?.tell(person, plan));
  writes = await planWrites(db, (person, plan) => made.people.expire(person, plan), log);
  return made;
}
