/**
 * The one small interface behind which the OAuth state lives (clients, grants, refresh tokens, and
 * the short-lived pieces): the owner's file and this process's memory, or hosted mode's shared store
 * (src/store/sql-oauth.ts). Records are plain JSON payloads under a kind ("Client", "Grant", …) and an
 * id; an expired record reads as absent.
 */
export type Payload = Record<string, unknown>;

/**
 * The payload fields oidc-provider looks records up by: a session by its `uid`, a device code by its
 * `userCode`, every token of a grant by its `grantId` (to revoke them). The store may index each.
 */
export type LookupField = 'uid' | 'userCode' | 'grantId';

/** What `consume` found: the record, and whether this call was the one that consumed it. */
export interface Consumed {
  payload: Payload;
  /** False when it had been consumed already (by another request, on any instance). */
  first: boolean;
}

export interface OAuthStore {
  get(kind: string, id: string): Promise<Payload | undefined>;
  /** `expiresAt` in epoch milliseconds, or null for a record that does not expire by itself. */
  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void>;
  delete(kind: string, id: string): Promise<void>;
  /**
   * Every live record of a kind (the few clients and grants the owner's commands list); with
   * `accountId`, only those whose payload names that person (hosted mode's account page).
   */
  list(kind: string, accountId?: string): Promise<Array<{ id: string; payload: Payload }>>;
  /** A live record of the kind whose payload has `field` = `value` (any one, when several have). */
  findBy(kind: string, field: LookupField, value: string): Promise<Payload | undefined>;
  /** Deletes every record of the kind whose payload has `field` = `value`; returns how many went. */
  deleteBy(kind: string, field: LookupField, value: string): Promise<number>;
  /**
   * Marks a live record consumed (`consumed`: `at`, epoch seconds) in one step, so that of two
   * requests spending the same code or refresh token only one is `first`. Undefined when no live
   * record has the id.
   */
  consume(kind: string, id: string, at: number): Promise<Consumed | undefined>;
  /** Deletes a record and gives its payload when it was live: what may be used once. */
  take(kind: string, id: string): Promise<Payload | undefined>;
  /**
   * Stores a record that never expires unless one is there already, and returns the one kept: when
   * several instances start at once, each proposing a value, all of them end up with the same one.
   */
  claim(kind: string, id: string, payload: Payload): Promise<Payload>;

  // What a new registration asks (src/transports/oauth/grants.ts), each answered without reading
  // every client and grant: in hosted mode there is one grant per person and app.

  /** The client id of each sign-in page under way (a live interaction), each once. */
  signingInClients(): Promise<string[]>;
  /** How many of these ids are registered clients with no live grant. */
  countUngranted(clientIds: readonly string[]): Promise<number>;
  /**
   * Registered clients with no live grant and not in `except`, newest first (by registration date,
   * then the later stored first), after the newest `skip` of them, at most `limit`.
   */
  idleClients(except: readonly string[], skip: number, limit: number): Promise<string[]>;
  /**
   * Deletes these clients with their registration tokens, and any registration token whose client is
   * gone. Returns how many clients went.
   */
  dropClients(ids: readonly string[]): Promise<number>;
}

export interface StoredRecord {
  payload: Payload;
  expiresAt: number | null;
}

export const key = (kind: string, id: string): string => `${kind}:${id}`;
const live = (r: StoredRecord, now: number): boolean => r.expiresAt === null || r.expiresAt > now;

/**
 * Operations over a map of records; the memory store uses it directly, the file store around a load.
 * Each runs without a pause, so in one process a consume or a take is already one step.
 */
export function mapOps(records: () => Map<string, StoredRecord>, now: () => number = Date.now) {
  const ops = {
    get(kind: string, id: string): Payload | undefined {
      const r = records().get(key(kind, id));
      return r && live(r, now()) ? structuredClone(r.payload) : undefined;
    },
    set(kind: string, id: string, payload: Payload, expiresAt: number | null): void {
      records().set(key(kind, id), { payload: structuredClone(payload), expiresAt });
    },
    delete(kind: string, id: string): boolean {
      return records().delete(key(kind, id));
    },
    list(kind: string, accountId?: string): Array<{ id: string; payload: Payload }> {
      const prefix = `${kind}:`;
      const out: Array<{ id: string; payload: Payload }> = [];
      for (const [k, r] of records())
        if (
          k.startsWith(prefix) &&
          live(r, now()) &&
          (accountId === undefined || r.payload.accountId === accountId)
        )
          out.push({ id: k.slice(prefix.length), payload: structuredClone(r.payload) });
      return out;
    },
    findBy(kind: string, field: LookupField, value: string): Payload | undefined {
      return ops.list(kind).find((r) => r.payload[field] === value)?.payload;
    },
    /** The ids of the records it deleted. */
    deleteBy(kind: string, field: LookupField, value: string): string[] {
      const gone = ops
        .list(kind)
        .filter((r) => r.payload[field] === value)
        .map((r) => r.id);
      for (const id of gone) records().delete(key(kind, id));
      return gone;
    },
    consume(kind: string, id: string, at: number): Consumed | undefined {
      const r = records().get(key(kind, id));
      if (!r || !live(r, now())) return undefined;
      if (r.payload.consumed) return { payload: structuredClone(r.payload), first: false };
      r.payload = { ...r.payload, consumed: at };
      return { payload: structuredClone(r.payload), first: true };
    },
    take(kind: string, id: string): Payload | undefined {
      const found = ops.get(kind, id);
      records().delete(key(kind, id));
      return found;
    },
    /** The record kept, and whether it is the one proposed (a write is then due). */
    claim(kind: string, id: string, payload: Payload): { kept: Payload; stored: boolean } {
      const found = ops.get(kind, id);
      if (found) return { kept: found, stored: false };
      ops.set(kind, id, payload, null);
      return { kept: structuredClone(payload), stored: true };
    },
    signingInClients(): string[] {
      const ids = new Set<string>();
      for (const { payload } of ops.list('Interaction')) {
        const clientId = (payload.params as Record<string, unknown> | undefined)?.client_id;
        if (typeof clientId === 'string') ids.add(clientId);
      }
      return [...ids];
    },
    /** The registered clients with no live grant, in the order they were first stored. */
    ungranted(): Array<{ id: string; payload: Payload }> {
      const granted = new Set(ops.list('Grant').map((g) => g.payload.clientId));
      return ops.list('Client').filter((c) => !granted.has(c.id));
    },
    countUngranted(clientIds: readonly string[]): number {
      const wanted = new Set(clientIds);
      return ops.ungranted().filter((c) => wanted.has(c.id)).length;
    },
    idleClients(except: readonly string[], skip: number, limit: number): string[] {
      const left = new Set(except);
      const issued = (c: { payload: Payload }) => Number(c.payload.client_id_issued_at ?? 0);
      return ops
        .ungranted()
        .map((c, order) => ({ id: c.id, at: issued(c), order }))
        .filter((c) => !left.has(c.id))
        .sort((a, b) => b.at - a.at || b.order - a.order)
        .slice(skip, skip + limit)
        .map((c) => c.id);
    },
    /** The clients dropped, and whether anything (a client or a token) went. */
    dropClients(ids: readonly string[]): { dropped: number; changed: boolean } {
      let dropped = 0;
      for (const id of ids) if (records().delete(key('Client', id))) dropped += 1;
      const kept = new Set(ops.list('Client').map((c) => c.id));
      let changed = dropped > 0;
      for (const token of ops.list('RegistrationAccessToken'))
        if (!kept.has(String(token.payload.clientId)))
          changed = records().delete(key('RegistrationAccessToken', token.id)) || changed;
      return { dropped, changed };
    },
    /** Drops expired records; true when any went. */
    sweep(): boolean {
      let dropped = false;
      for (const [k, r] of records()) if (!live(r, now())) dropped = records().delete(k) || dropped;
      return dropped;
    },
  };
  return ops;
}

/** Records in this process only: what need not survive a restart (sign-in pages, codes, access tokens). */
export class MemoryStore implements OAuthStore {
  private readonly records = new Map<string, StoredRecord>();
  private readonly ops = mapOps(() => this.records);

  get(kind: string, id: string): Promise<Payload | undefined> {
    return Promise.resolve(this.ops.get(kind, id));
  }
  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void> {
    this.ops.sweep();
    this.ops.set(kind, id, payload, expiresAt);
    return Promise.resolve();
  }
  delete(kind: string, id: string): Promise<void> {
    this.ops.delete(kind, id);
    return Promise.resolve();
  }
  list(kind: string, accountId?: string): Promise<Array<{ id: string; payload: Payload }>> {
    return Promise.resolve(this.ops.list(kind, accountId));
  }
  findBy(kind: string, field: LookupField, value: string): Promise<Payload | undefined> {
    return Promise.resolve(this.ops.findBy(kind, field, value));
  }
  deleteBy(kind: string, field: LookupField, value: string): Promise<number> {
    return Promise.resolve(this.ops.deleteBy(kind, field, value).length);
  }
  consume(kind: string, id: string, at: number): Promise<Consumed | undefined> {
    return Promise.resolve(this.ops.consume(kind, id, at));
  }
  take(kind: string, id: string): Promise<Payload | undefined> {
    return Promise.resolve(this.ops.take(kind, id));
  }
  claim(kind: string, id: string, payload: Payload): Promise<Payload> {
    return Promise.resolve(this.ops.claim(kind, id, payload).kept);
  }
  signingInClients(): Promise<string[]> {
    return Promise.resolve(this.ops.signingInClients());
  }
  countUngranted(clientIds: readonly string[]): Promise<number> {
    return Promise.resolve(this.ops.countUngranted(clientIds));
  }
  idleClients(except: readonly string[], skip: number, limit: number): Promise<string[]> {
    return Promise.resolve(this.ops.idleClients(except, skip, limit));
  }
  dropClients(ids: readonly string[]): Promise<number> {
    return Promise.resolve(this.ops.dropClients(ids).dropped);
  }
}
