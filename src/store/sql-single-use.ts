/**
 * What may be used once, per person, with the database enforcing the once: confirmation codes, used
 * answer nonces (protocol 2026-07-28's requestState) and approval-card tickets and their secrets. Each
 * spend is one statement (`DELETE … RETURNING`, `INSERT … ON CONFLICT DO NOTHING`, a guarded `UPDATE …
 * RETURNING`), so that when two instances race to spend the same thing exactly one wins. Everything is
 * looked up under the person's id as well: another person's code, nonce or ticket is simply not there,
 * and trying it spends nothing of theirs.
 *
 * The lifetimes mirror src/safety/codes.ts and approvals.ts (600 s), on the wall clock every instance
 * shares; `now` is an argument so that the callers' clock (and the tests') decides.
 */
import { randomBytes } from 'node:crypto';
import type { PersonId } from './people.js';
import type { Database } from './sql.js';

export const LIFETIME_MS = 600_000;

export class SqlSingleUse {
  constructor(
    private readonly db: Database,
    private readonly lifetimeMs = LIFETIME_MS,
  ) {}

  /** Issues a code bound to a fingerprint: 8 random bytes, base64url. */
  async issueCode(person: PersonId, fingerprint: string, now: number): Promise<string> {
    const code = randomBytes(8).toString('base64url');
    await this.db.query(
      'INSERT INTO confirmation_codes (person_id, code, fingerprint, expires_at) VALUES ($1, $2, $3, $4)',
      [person, code, fingerprint, now + this.lifetimeMs],
    );
    return code;
  }

  /** Spends a code, even on a mismatch: true only when it was live and carries this fingerprint. */
  async consumeCode(person: PersonId, code: string, fingerprint: string, now: number): Promise<boolean> {
    const [row] = await this.db.query<{ fingerprint: string; expires_at: number }>(
      'DELETE FROM confirmation_codes WHERE person_id = $1 AND code = $2 RETURNING fingerprint, expires_at',
      [person, code],
    );
    return row !== undefined && row.expires_at >= now && row.fingerprint === fingerprint;
  }

  /** Spends an answer's nonce: false when it was already spent (remembered until `keepUntil`). */
  async spendNonce(person: PersonId, nonce: string, keepUntil: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO used_nonces (person_id, nonce, keep_until) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING nonce`,
      [person, nonce, keepUntil],
    );
    return rows.length > 0;
  }

  /** Opens an approval ticket for a previewed change: 16 random bytes, base64url. */
  async openTicket(person: PersonId, approval: Record<string, unknown>, now: number): Promise<string> {
    const ticket = randomBytes(16).toString('base64url');
    await this.db.query(
      'INSERT INTO approval_tickets (person_id, ticket, approval, expires_at) VALUES ($1, $2, $3, $4)',
      [person, ticket, JSON.stringify(approval), now + this.lifetimeMs],
    );
    return ticket;
  }

  /** A ticket's secret and what it approves, given once; null when unknown, expired or already opened. */
  async revealTicket<A = Record<string, unknown>>(
    person: PersonId,
    ticket: string,
    now: number,
  ): Promise<{ secret: string; approval: A } | null> {
    const secret = randomBytes(32).toString('base64url');
    const [row] = await this.db.query<{ approval: A }>(
      `UPDATE approval_tickets SET secret = $3
       WHERE person_id = $1 AND ticket = $2 AND secret IS NULL AND expires_at >= $4 RETURNING approval`,
      [person, ticket, secret, now],
    );
    return row ? { secret, approval: row.approval } : null;
  }

  /** Spends a secret: what it approves when it is the person's and live, else null. */
  async takeSecret<A = Record<string, unknown>>(
    person: PersonId,
    secret: string,
    now: number,
  ): Promise<A | null> {
    const [row] = await this.db.query<{ approval: A; expires_at: number }>(
      'DELETE FROM approval_tickets WHERE person_id = $1 AND secret = $2 RETURNING approval, expires_at',
      [person, secret],
    );
    return row !== undefined && row.expires_at >= now ? row.approval : null;
  }

  /** Drops what can no longer be used (expired codes and tickets, nonces past their keeping). */
  async prune(now: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      // one statement after another: a connection runs one query at a time
      const counts = [
        await tx.query('DELETE FROM confirmation_codes WHERE expires_at < $1 RETURNING code', [now]),
        await tx.query('DELETE FROM used_nonces WHERE keep_until < $1 RETURNING nonce', [now]),
        await tx.query('DELETE FROM approval_tickets WHERE expires_at < $1 RETURNING ticket', [now]),
      ];
      return counts.reduce((n, rows) => n + rows.length, 0);
    });
  }
}
