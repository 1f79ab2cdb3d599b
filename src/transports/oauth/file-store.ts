/**
 * The OAuth state that lasts: one JSON file, mode 0600 in a 0700 folder, rewritten whole through a
 * temporary file and a rename so that a crash never leaves half a file. It is read again whenever it
 * changed on disk, so that `avenir-mcp revoke`, run beside a live server, takes effect at once.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  mapOps,
  type Consumed,
  type LookupField,
  type OAuthStore,
  type Payload,
  type StoredRecord,
} from './store.js';

interface FileShape {
  version: 1;
  records: Record<string, StoredRecord>;
}

export class FileStore implements OAuthStore {
  private records = new Map<string, StoredRecord>();
  private seen = '';
  private readonly ops = mapOps(() => this.records);

  constructor(readonly path: string) {}

  private stamp(): string {
    try {
      const s = statSync(this.path);
      return `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      return 'absent';
    }
  }

  private load(): void {
    const stamp = this.stamp();
    if (stamp === this.seen) return;
    this.seen = stamp;
    if (stamp === 'absent') {
      this.records = new Map();
      return;
    }
    let parsed: FileShape;
    try {
      parsed = JSON.parse(readFileSync(this.path, 'utf8')) as FileShape;
    } catch (error) {
      throw new Error(
        `The OAuth state file ${this.path} cannot be read (${(error as Error).message}); move it away to start afresh (every client then signs in again).`,
        { cause: error },
      );
    }
    this.records = new Map(Object.entries(parsed.records ?? {}));
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const body: FileShape = { version: 1, records: Object.fromEntries(this.records) };
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(body)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
    this.seen = this.stamp();
  }

  /** Runs one operation on the freshly loaded records; a failure becomes a rejection. */
  private run<T>(operation: () => T): Promise<T> {
    try {
      this.load();
      return Promise.resolve(operation());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  get(kind: string, id: string): Promise<Payload | undefined> {
    return this.run(() => this.ops.get(kind, id));
  }

  set(kind: string, id: string, payload: Payload, expiresAt: number | null): Promise<void> {
    return this.run(() => {
      this.ops.sweep();
      this.ops.set(kind, id, payload, expiresAt);
      this.save();
    });
  }

  delete(kind: string, id: string): Promise<void> {
    return this.run(() => {
      if (this.ops.delete(kind, id)) this.save();
    });
  }

  list(kind: string, accountId?: string): Promise<Array<{ id: string; payload: Payload }>> {
    return this.run(() => this.ops.list(kind, accountId));
  }

  findBy(kind: string, field: LookupField, value: string): Promise<Payload | undefined> {
    return this.run(() => this.ops.findBy(kind, field, value));
  }

  deleteBy(kind: string, field: LookupField, value: string): Promise<number> {
    return this.run(() => {
      const gone = this.ops.deleteBy(kind, field, value);
      if (gone.length > 0) this.save();
      return gone.length;
    });
  }

  consume(kind: string, id: string, at: number): Promise<Consumed | undefined> {
    return this.run(() => {
      const found = this.ops.consume(kind, id, at);
      if (found?.first) this.save();
      return found;
    });
  }

  take(kind: string, id: string): Promise<Payload | undefined> {
    return this.run(() => {
      const found = this.ops.take(kind, id);
      if (found) this.save();
      return found;
    });
  }

  claim(kind: string, id: string, payload: Payload): Promise<Payload> {
    return this.run(() => {
      const { kept, stored } = this.ops.claim(kind, id, payload);
      if (stored) this.save();
      return kept;
    });
  }

  signingInClients(): Promise<string[]> {
    return this.run(() => this.ops.signingInClients());
  }

  countUngranted(clientIds: readonly string[]): Promise<number> {
    return this.run(() => this.ops.countUngranted(clientIds));
  }

  idleClients(except: readonly string[], skip: number, limit: number): Promise<string[]> {
    return this.run(() => this.ops.idleClients(except, skip, limit));
  }

  dropClients(ids: readonly string[]): Promise<number> {
    return this.run(() => {
      const { dropped, changed } = this.ops.dropClients(ids);
      if (changed) this.save();
      return dropped;
    });
  }
}
