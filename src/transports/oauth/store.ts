/**
 * The one small interface behind which the OAuth state lives (clients, grants, refresh tokens, and
 * the short-lived pieces), so that a shared store can replace the file later. Records are plain JSON
 * payloads under a kind ("Client", "Grant", …) and an id; an expired record reads as absent.
 */
export type Payload = Record<string, unknown>;

export interface OAuthStore {
  get(kind: string, id: string): Promise<Payload | undefined>;
  /** `expiresAt` in epoch milliseconds, or null for a record that does not expire by itself. */
  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void>;
  delete(kind: string, id: string): Promise<void>;
  /** Every live record of a kind (the owner's few clients and grants: no index needed). */
  list(kind: string): Promise<Array<{ id: string; payload: Payload }>>;
}

export interface StoredRecord {
  payload: Payload;
  expiresAt: number | null;
}

export const key = (kind: string, id: string): string => `${kind}:${id}`;
const live = (r: StoredRecord, now: number): boolean => r.expiresAt === null || r.expiresAt > now;

/** Operations over a map of records; the memory store uses it directly, the file store around a load. */
export function mapOps(records: () => Map<string, StoredRecord>, now: () => number = Date.now) {
  return {
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
    /** Drops expired records; true when any went. */
    sweep(): boolean {
      let dropped = false;
      for (const [k, r] of records()) if (!live(r, now())) dropped = records().delete(k) || dropped;
      return dropped;
    },
  };
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
}
