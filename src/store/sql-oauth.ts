/**
 * The authorization server's state on the store: the OAuthStore of src/transports/oauth/store.ts
 * (kind, id, a JSON payload, an expiry) on SQL, so that oidc-provider's adapter
 * (src/transports/oauth/adapter.ts) runs on it unchanged and every instance sees the same records:
 * in hosted mode all of them, from the registered clients to the sign-in pages, sessions,
 * authorization codes and access tokens, so that any instance answers any request. The interface is
 * repeated here as a type (the store imports nothing of the transports); a test holds the two to the
 * same shape.
 *
 * Every record that belongs to someone carries the person's id in a column, taken from oidc-provider's
 * `accountId` in the payload when it names a known person, so that deleting the person deletes their
 * grants, tokens and sessions with them. The records made before anyone signs in belong to no one:
 * they are the store's only shared rows, named in SHARED_KINDS.
 *
 * What the provider looks up by a payload field (a session by uid, a grant's tokens by grant id) is
 * found through an index on that field (migration 0004), never by reading every record of a kind; and
 * what may be spent once (a code, a refresh token, a sign-in's `state`) is spent by one statement, so
 * that when two instances race exactly one wins.
 *
 * What a new registration asks (is this client granted, which clients are idle) is answered by the
 * database through the index on a grant's client id and the clients' newest-first index (migration
 * 0005): the instance never reads every client and grant, which grow with the number of people.
 *
 * An expired record reads as absent, and expired records are pruned as new ones are written (at most
 * once a minute per instance: one indexed delete).
 */
import type { Database } from './sql.js';

export type Payload = Record<string, unknown>;

/** The payload fields records are looked up by (the same as LookupField of the transports' store). */
export type LookupField = 'uid' | 'userCode' | 'grantId';

/** The same shape as OAuthStore of src/transports/oauth/store.ts. */
export interface OAuthRecords {
  get(kind: string, id: string): Promise<Payload | undefined>;
  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void>;
  delete(kind: string, id: string): Promise<void>;
  list(kind: string, accountId?: string): Promise<Array<{ id: string; payload: Payload }>>;
  findBy(kind: string, field: LookupField, value: string): Promise<Payload | undefined>;
  deleteBy(kind: string, field: LookupField, value: string): Promise<number>;
  consume(kind: string, id: string, at: number): Promise<{ payload: Payload; first: boolean } | undefined>;
  take(kind: string, id: string): Promise<Payload | undefined>;
  claim(kind: string, id: string, payload: Payload): Promise<Payload>;
  signingInClients(): Promise<string[]>;
  countUngranted(clientIds: readonly string[]): Promise<number>;
  idleClients(except: readonly string[], skip: number, limit: number): Promise<string[]>;
  dropClients(ids: readonly string[]): Promise<number>;
}

/**
 * The kinds of record that exist before anyone signs in, so belong to no person: registered clients
 * and their registration tokens, sign-in pages under way (interactions, pushed requests; a finished
 * one names its person inside until it expires, within the hour), the trips to YNAB (`SignInState`),
 * replay markers, client-credential tokens (a client's own, not enabled here), and the provider's own
 * signing secrets.
 */
export const SHARED_KINDS: ReadonlySet<string> = new Set([
  'Client',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'Interaction',
  'PushedAuthorizationRequest',
  'ReplayDetection',
  'ClientCredentials',
  'ProviderSecret',
  'SignInState',
]);

/**
 * The kinds whose payload names the person in `accountId`: grants and everything issued from them.
 * A session carries one once its browser signed in; before, it is no one's and expires in the hour.
 */
export const PERSON_KINDS: ReadonlySet<string> = new Set([
  'Grant',
  'Session',
  'AuthorizationCode',
  'AccessToken',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Each lookup field as the expression its index (migration 0004) is built on: never spliced from input. */
const BY: Readonly<Record<LookupField, string>> = {
  uid: "payload->>'uid'",
  userCode: "payload->>'userCode'",
  grantId: "payload->>'grantId'",
};

function by(field: LookupField): string {
  if (!Object.hasOwn(BY, field))
    throw new Error(`OAuth records are looked up by ${Object.keys(BY).join(', ')}, not ${String(field)}.`);
  return BY[field];
}

const PRUNE_EVERY_MS = 60_000;

/** A live record of alias `r`, against the clock in parameter `$n`. */
const live = (r: string, n: number): string => `(${r}.expires_at IS NULL OR ${r}.expires_at > $${n})`;

/** Client `c` has no live grant (found through the index on a grant's client id). */
const ungranted = (n: number): string =>
  `NOT EXISTS (SELECT 1 FROM oauth_records g
     WHERE g.kind = 'Grant' AND g.payload->>'clientId' = c.id AND ${live('g', n)})`;

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

  /** With `accountId`, the person's records only, found through the index on the person column. */
  async list(kind: string, accountId?: string): Promise<Array<{ id: string; payload: Payload }>> {
    if (accountId !== undefined)
      return this.db.query<{ id: string; payload: Payload }>(
        `SELECT id, payload FROM oauth_records
         WHERE person_id = $3 AND kind = $1 AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
        [kind, this.now(), accountId],
      );
    return this.db.query<{ id: string; payload: Payload }>(
      `SELECT id, payload FROM oauth_records
       WHERE kind = $1 AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
      [kind, this.now()],
    );
  }

  async findBy(kind: string, field: LookupField, value: string): Promise<Payload | undefined> {
    const [row] = await this.db.query<{ payload: Payload }>(
      `SELECT payload FROM oauth_records
       WHERE kind = $1 AND ${by(field)} = $2 AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`,
      [kind, value, this.now()],
    );
    return row?.payload;
  }

  async deleteBy(kind: string, field: LookupField, value: string): Promise<number> {
    const rows = await this.db.query(
      `DELETE FROM oauth_records WHERE kind = $1 AND ${by(field)} = $2 RETURNING id`,
      [kind, value],
    );
    return rows.length;
  }

  /** One UPDATE marks the record consumed unless it was: of two racing instances, one is first. */
  async consume(
    kind: string,
    id: string,
    at: number,
  ): Promise<{ payload: Payload; first: boolean } | undefined> {
    const [row] = await this.db.query<{ payload: Payload }>(
      `UPDATE oauth_records SET payload = payload || jsonb_build_object('consumed', $3::bigint)
       WHERE kind = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > $4)
         AND payload->'consumed' IS NULL
       RETURNING payload`,
      [kind, id, at, this.now()],
    );
    if (row) return { payload: row.payload, first: true };
    const spent = await this.get(kind, id);
    return spent ? { payload: spent, first: false } : undefined;
  }

  /** One DELETE … RETURNING: of two racing instances, only one gets the record. */
  async take(kind: string, id: string): Promise<Payload | undefined> {
    const [row] = await this.db.query<{ payload: Payload; expires_at: number | null }>(
      'DELETE FROM oauth_records WHERE kind = $1 AND id = $2 RETURNING payload, expires_at',
      [kind, id],
    );
    return row && (row.expires_at === null || row.expires_at > this.now()) ? row.payload : undefined;
  }

  async signingInClients(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT DISTINCT i.payload->'params'->>'client_id' AS id FROM oauth_records i
       WHERE i.kind = 'Interaction' AND ${live('i', 1)} AND i.payload->'params'->>'client_id' IS NOT NULL`,
      [this.now()],
    );
    return rows.map((r) => r.id);
  }

  async countUngranted(clientIds: readonly string[]): Promise<number> {
    if (clientIds.length === 0) return 0;
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM oauth_records c
       WHERE c.kind = 'Client' AND c.id = ANY($1::text[]) AND ${live('c', 2)} AND ${ungranted(2)}`,
      [clientIds, this.now()],
    );
    return row?.n ?? 0;
  }

  async idleClients(except: readonly string[], skip: number, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT c.id FROM oauth_records c
       WHERE c.kind = 'Client' AND NOT (c.id = ANY($1::text[])) AND ${live('c', 2)} AND ${ungranted(2)}
       ORDER BY (c.payload->>'client_id_issued_at')::bigint DESC NULLS LAST, c.stored_order DESC
       OFFSET $3 LIMIT $4`,
      [except, this.now(), skip, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Registration tokens whose client is gone are found by their client's primary key; the server
   * issues none today (registration management is off), so that part normally finds nothing.
   */
  async dropClients(ids: readonly string[]): Promise<number> {
    const rows =
      ids.length === 0
        ? []
        : await this.db.query(
            "DELETE FROM oauth_records WHERE kind = 'Client' AND id = ANY($1::text[]) RETURNING id",
            [ids],
          );
    await this.db.query(
      `DELETE FROM oauth_records t WHERE t.kind = 'RegistrationAccessToken' AND NOT EXISTS (
         SELECT 1 FROM oauth_records c
         WHERE c.kind = 'Client' AND c.id = t.payload->>'clientId' AND ${live('c', 1)})`,
      [this.now()],
    );
    return rows.length;
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
