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
  /** Every live record of a kind (the few clients and grants the owner's commands list). */
  list(kind: string): Promise<Array<{ id: string; payload: Payload }>>;
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
    list(kind: string): Array<{ id: string; payload: Payload }> {
      const prefix = `${kind}:`;
      const out: Array<{ id: string; payload: Payload }> = [];
      for (const [k, r] of records())
        if (k.startsWith(prefix) && live(r, now()))
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
  list(kind: string): Promise<Array<{ id: string; payload: Payload }>> {
    return Promise.resolve(this.ops.list(kind));
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
}
