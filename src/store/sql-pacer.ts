/**
 * The pacer's count on the store, one per person's YNAB grant (kept under the person, so that a token
 * refresh, which gives a new token for the same grant, starts from the same count and cannot double
 * the budget), shared by every instance: sends are reserved in the store, atomically, so that N
 * instances together keep a person under the hourly budget, and a 429 pause seen by one instance holds
 * them all. It mirrors src/ynab/pace.ts, whose texts the caller builds from what a refusal returns.
 *
 * A reservation takes the person's pacer row `FOR UPDATE`: two instances reserving for one person run
 * one after the other, each seeing the other's sends; other people are not held up.
 */
import type { PersonId } from './people.js';
import type { Database, Sql } from './sql.js';

export const HOUR_MS = 3_600_000;

export type Reservation =
  /** `left`: the sends the hour still has room for after this one (0 when a compensation passed it). */
  | { readonly ok: true; readonly id: number; readonly left: number }
  | { readonly ok: false; readonly reason: 'paused'; readonly until: number }
  /** `sent`: the sends of the last hour; `freeAt`: when enough of them leave the hour for this one. */
  | { readonly ok: false; readonly reason: 'budget'; readonly sent: number; readonly freeAt: number };

export interface ReserveOptions {
  readonly now: number;
  readonly budget: number;
  /** A compensation write passes the hourly budget (a 429 pause still holds it back). */
  readonly compensating?: boolean;
}

async function lockRow(tx: Sql, person: PersonId): Promise<number> {
  await tx.query('INSERT INTO pacer_state (person_id) VALUES ($1) ON CONFLICT DO NOTHING', [person]);
  const [row] = await tx.query<{ paused_until: number }>(
    'SELECT paused_until FROM pacer_state WHERE person_id = $1 FOR UPDATE',
    [person],
  );
  return row!.paused_until;
}

export class SqlPacer {
  constructor(private readonly db: Database) {}

  /** Reserves `count` sends, all or none: refused while paused or when the hour has no room for all. */
  reserve(person: PersonId, count: number, options: ReserveOptions): Promise<Reservation> {
    const { now, budget, compensating = false } = options;
    return this.db.transaction(async (tx): Promise<Reservation> => {
      const pausedUntil = await lockRow(tx, person);
      if (now < pausedUntil) return { ok: false, reason: 'paused', until: pausedUntil };
      await tx.query('DELETE FROM pacer_sends WHERE person_id = $1 AND sent_at <= $2', [
        person,
        now - HOUR_MS,
      ]);
      const sends = await tx.query<{ sent_at: number; count: number }>(
        'SELECT sent_at, count FROM pacer_sends WHERE person_id = $1 ORDER BY sent_at, id',
        [person],
      );
      const sent = sends.reduce((n, s) => n + s.count, 0);
      if (!compensating && sent + count > budget) {
        // the send that frees enough room is the one `count` places after the budget's oldest
        let skip = Math.max(0, sent + count - budget - 1);
        const freeing = sends.find((s) => (skip -= s.count) < 0)?.sent_at ?? now;
        return { ok: false, reason: 'budget', sent, freeAt: freeing + HOUR_MS };
      }
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO pacer_sends (person_id, sent_at, count) VALUES ($1, $2, $3) RETURNING id',
        [person, now, count],
      );
      return { ok: true, id: row!.id, left: Math.max(0, budget - sent - count) };
    });
  }

  /** Gives back the sends a reservation did not use. */
  async release(person: PersonId, reservation: number, unused: number): Promise<void> {
    if (unused <= 0) return;
    await this.db.transaction(async (tx) => {
      const params = [person, reservation, unused];
      // a reservation used not at all goes; one partly used keeps what it sent (count stays > 0)
      await tx.query('DELETE FROM pacer_sends WHERE person_id = $1 AND id = $2 AND count <= $3', params);
      await tx.query(
        'UPDATE pacer_sends SET count = count - $3 WHERE person_id = $1 AND id = $2 AND count > $3',
        params,
      );
    });
  }

  /** Pauses every send of the person until `until` (epoch ms) after a 429; a longer pause stays. */
  async pause(person: PersonId, until: number): Promise<void> {
    await this.db.query(
      `INSERT INTO pacer_state (person_id, paused_until) VALUES ($1, $2)
       ON CONFLICT (person_id) DO UPDATE SET paused_until = greatest(pacer_state.paused_until, EXCLUDED.paused_until)`,
      [person, until],
    );
  }

  /** The end of the person's 429 pause (0 when none was ever seen). */
  async pausedUntil(person: PersonId): Promise<number> {
    const [row] = await this.db.query<{ paused_until: number }>(
      'SELECT paused_until FROM pacer_state WHERE person_id = $1',
      [person],
    );
    return row?.paused_until ?? 0;
  }

  /** The person's sends in the hour before `now`. */
  async sentLastHour(person: PersonId, now: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT coalesce(sum(count), 0)::int AS n FROM pacer_sends WHERE person_id = $1 AND sent_at > $2',
      [person, now - HOUR_MS],
    );
    return row!.n;
  }
}
