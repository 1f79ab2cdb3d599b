/**
 * Hosted mode's weekly digests on SQL: each person's webhook address, sealed (the database alone never
 * reads it: a chat's incoming webhook is a secret in its path), and the sends, one row per person and
 * ISO week. `claim` inserts that row; its primary key lets one instance win and every other find it
 * taken, so a week's digest is sent once however many instances run the schedule.
 */
import type { PersonId } from './people.js';
import type { Sealer } from './seal.js';
import type { Database } from './sql.js';

/** How a claimed send ended; null while the instance that claimed it is sending. */
export type SendOutcome = 'sent' | 'failed';

export class SqlDigests {
  constructor(
    private readonly db: Database,
    private readonly sealer: Sealer,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sets the person's webhook, replacing any earlier one. */
  async setWebhook(person: PersonId, url: string): Promise<void> {
    const sealed = await this.sealer.seal(url);
    await this.db.query(
      `INSERT INTO digest_webhooks (person_id, sealed, saved_at) VALUES ($1, $2, $3)
       ON CONFLICT (person_id) DO UPDATE SET sealed = EXCLUDED.sealed, saved_at = EXCLUDED.saved_at`,
      [person, sealed, this.now()],
    );
  }

  /** The person's webhook, opened; null when they have none. */
  async webhook(person: PersonId): Promise<string | null> {
    const [row] = await this.db.query<{ sealed: string }>(
      'SELECT sealed FROM digest_webhooks WHERE person_id = $1',
      [person],
    );
    return row === undefined ? null : this.sealer.open(row.sealed);
  }

  /** Removes the person's webhook; false when there was none. */
  async removeWebhook(person: PersonId): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM digest_webhooks WHERE person_id = $1 RETURNING person_id', [
      person,
    ]);
    return rows.length > 0;
  }

  /** The people with a webhook whose send of `week` nobody has claimed yet, at most `limit`. */
  async due(week: string, limit: number): Promise<PersonId[]> {
    const rows = await this.db.query<{ person_id: string }>(
      `SELECT w.person_id FROM digest_webhooks w
       WHERE NOT EXISTS (SELECT 1 FROM digest_sends s WHERE s.person_id = w.person_id AND s.week = $1)
       ORDER BY w.saved_at, w.person_id LIMIT $2`,
      [week, limit],
    );
    return rows.map((r) => r.person_id);
  }

  /** Claims the person's send of `week`: true for the one caller that inserted it, false for all others. */
  async claim(person: PersonId, week: string): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO digest_sends (person_id, week, claimed_at) VALUES ($1, $2, $3)
       ON CONFLICT (person_id, week) DO NOTHING RETURNING person_id`,
      [person, week, this.now()],
    );
    return rows.length > 0;
  }

  /** Records how a claimed send ended. */
  async finish(person: PersonId, week: string, outcome: SendOutcome): Promise<void> {
    await this.db.query('UPDATE digest_sends SET outcome = $3 WHERE person_id = $1 AND week = $2', [
      person,
      week,
      outcome,
    ]);
  }

  /** How the person's send of `week` went: null when unclaimed, 'claimed' while under way. */
  async send(person: PersonId, week: string): Promise<SendOutcome | 'claimed' | null> {
    const [row] = await this.db.query<{ outcome: SendOutcome | null }>(
      'SELECT outcome FROM digest_sends WHERE person_id = $1 AND week = $2',
      [person, week],
    );
    return row === undefined ? null : (row.outcome ?? 'claimed');
  }

  /** Drops the records of sends claimed before `before` (epoch ms); how many went. */
  async prune(before: number): Promise<number> {
    const rows = await this.db.query('DELETE FROM digest_sends WHERE claimed_at < $1 RETURNING person_id', [
      before,
    ]);
    return rows.length;
  }
}
