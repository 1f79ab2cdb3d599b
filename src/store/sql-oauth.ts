/**
 * The authorization server's state on the store: the OAuthStore of src/transports/oauth/store.ts
 * (kind, id, a JSON payload, an expiry) on SQL, so that oidc-provider's adapter
 * (src/transports/oauth/adapter.ts) runs on it unchanged and every instance sees the same clients,
 * grants and refresh tokens. The interface is repeated here as a type (the store imports nothing of the
 * transports); a test holds the two to the same shape.
 *
 * Every record that belongs to someone carries the person's id in a column, taken from oidc-provider's
 * `accountId` in the payload when it names a known person, so that deleting the person deletes their
 * grants, tokens and sessions with them. The records made before anyone signs in belong to no one:
 * they are the store's only shared rows, named in SHARED_KINDS.
 *
 * An expired record reads as absent, and expired records are pruned as new ones are written (at most
 * once a minute per instance: one indexed delete).
 */
import type { Database } from './sql.js';

export type Payload = Record<string, unknown>;

/** The same shape as OAuthStore of src/transports/oauth/store.ts. */
export interface OAuthRecords {
  get(kind: string, id: string): Promise<Payload | undefined>;
  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void>;
  delete(kind: string, id: string): Promise<void>;
  list(kind: string): Promise<Array<{ id: string; payload: Payload }>>;
}

/**
 * The kinds of record that exist before anyone signs in, so belong to no person: registered clients
 * and their registration tokens, sign-in pages under way (interactions, pushed requests), replay
 * markers, and the provider's own signing secrets.
 */
export const SHARED_KINDS: ReadonlySet<string> = new Set([
  'Client',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'Interaction',
  'PushedAuthorizationRequest',
  'ReplayDetection',
  'ProviderSecret',
]);

const PRUNE_EVERY_MS = 60_000;

export class SqlOAuthStore implements OAuthRecords {
  #prunedAt = -Infinity;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async get(kind: string, id: string): Promise<Payload | undefined> {
    const [row] = await this.db.query<{ payload: Payload }>(
      `SELECT payload FROM oauth_records
       WHERE kind = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > $3)`,
      [kind, id, this.now()],
    );
    return row?.payload;
  }

  async set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void> {
    await this.#prune();
    const account =
      SHARED_KINDS.has(kind) || typeof payload.accountId !== 'string' ? null : payload.accountId;
    // the person column is filled only when the account names a person: no row points at no one
    await this.db.query(
      `INSERT INTO oauth_records (kind, id, person_id, payload, expires_at)
       VALUES ($1, $2, (SELECT id FROM people WHERE id = $3), $4, $5)
       ON CONFLICT (kind, id) DO UPDATE
       SET person_id = EXCLUDED.person_id, payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at`,
      [kind, id, account, JSON.stringify(payload), expiresAt],
    );
  }

  /**
   * Stores a record that never expires unless one is there already, and returns the one that is: when
   * several instances start at once, each proposing a value, all of them end up with the same one.
   */
  async claim(kind: string, id: string, payload: Payload): Promise<Payload> {
    await this.db.query(
      `INSERT INTO oauth_records (kind, id, person_id, payload, expires_at) VALUES ($1, $2, NULL, $3, NULL)
       ON CONFLICT (kind, id) DO NOTHING`,
      [kind, id, JSON.stringify(payload)],
    );
    const [row] = await this.db.query<{ payload: Payload }>(
      'SELECT payload FROM oauth_records WHERE kind = $1 AND id = $2',
      [kind, id],
    );
    return row!.payload;
  }

  async delete(kind: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM oauth_records WHERE kind = $1 AND id = $2', [kind, id]);
  }

  async list(kind: string): Promise<Array<{ id: string; payload: Payload }>> {
    return this.db.query<{ id: string; payload: Payload }>(
      `SELECT id, payload FROM oauth_records
       WHERE kind = $1 AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
      [kind, this.now()],
    );
  }

  /** Drops expired records; returns how many went (also run on its own by a maintenance job). */
  async prune(): Promise<number> {
    const now = this.now();
    this.#prunedAt = now;
    const rows = await this.db.query('DELETE FROM oauth_records WHERE expires_at <= $1 RETURNING id', [now]);
    return rows.length;
  }

  async #prune(): Promise<void> {
    if (this.now() - this.#prunedAt >= PRUNE_EVERY_MS) await this.prune();
  }
}
