/**
 * Pending operations: every confirmed write is written here before its first request leaves
 * (write-ahead), and stays here while its outcome is not known. A write YNAB answered (applied,
 * refused, partial) is removed at once; one whose answer was lost and that no read showed stays, so
 * that a later call can settle it and so that the same change cannot be asked again meanwhile
 * (asking again could make it twice). A process killed mid-write leaves its entry behind too.
 *
 * A small JSON file beside the journal (`<journal>.pending.json`, mode 0600), rewritten whole
 * through a temporary file and a rename: the journal itself is append-only and can be very large,
 * and this file is read at every call that names a plan. Writes within one process are queued.
 */
import { replaceFile } from './state-file.js';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '../domain/errors.js';
import type { Later } from './outcome/run.js';
import { recogniseSchema } from './recognise.js';

export const pendingEntrySchema = z.strictObject({
  operation_id: z.string(),
  plan_id: z.string(),
  tool: z.string(),
  /** Keys of what the write changes (`transaction:tx-046`, `month:2026-09-01:cat-x`, ...). */
  subject: z.array(z.string()),
  /** UTC, ISO 8601: when the write was announced, before its first request. */
  started_at: z.string(),
  /** The read tool that shows what the write changed, for the texts. */
  check_with: z.string(),
  /**
   * How any process recognises the write in YNAB, and journals it (recognise.ts); absent for some.
   * Data this build cannot read (written by another version) is dropped, not taken as a damaged
   * file: the entry still refuses the same change, and closes when its pending time is over.
   */
  recognise: recogniseSchema.optional().catch(undefined),
  /**
   * The operation an undo in one request puts back: marked undone once `recognise` shows the revert
   * (absent for every other write).
   */
  undoes: z.string().optional(),
});
const fileSchema = z.strictObject({ version: z.literal(1), entries: z.array(pendingEntrySchema) });

export type PendingEntry = z.infer<typeof pendingEntrySchema>;

const FIX =
  'fix or remove that file (it lists writes whose outcome is not known yet: check them in YNAB first)';

/** The pending store's file for a journal path. */
export const pendingPath = (journal: string): string => `${journal}.pending.json`;

/** A write kept in memory to settle later, and whether its pending id already names a journal entry. */
export interface Kept {
  later: Later;
  idUsed: boolean;
  /** The monotonic time of its last settling read (reads are spaced, since each one is a request). */
  triedAt: number;
}

/**
 * What the write engine needs of a pending store: this file one in single-owner modes, or hosted
 * mode's rows on the store (src/hosted/store-pending.ts), which any instance reads and settles.
 */
export interface Pending {
  list(plan?: string): Promise<PendingEntry[]>;
  open(entry: PendingEntry): Promise<void>;
  close(id: string): Promise<void>;
  keep(id: string, later: Kept | null): void;
  later(id: string): Kept | undefined;
}

export class PendingStore implements Pending {
  readonly #path: () => string;
  readonly #later = new Map<string, Kept>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(journalPath: () => string) {
    this.#path = () => pendingPath(journalPath());
  }

  /** The entries (of one plan, when given), oldest first. */
  async list(plan?: string): Promise<PendingEntry[]> {
    await this.#queue.catch(() => undefined);
    const all = await this.#read();
    return plan === undefined ? all : all.filter((e) => e.plan_id === plan);
  }

  /** Announces a write before its first request; refuses (nothing sent) when the file cannot be written. */
  open(entry: PendingEntry): Promise<void> {
    return this.#change((all) => [...all.filter((e) => e.operation_id !== entry.operation_id), entry]);
  }

  /** Removes an entry: its outcome is known (or it was settled). */
  close(id: string): Promise<void> {
    this.#later.delete(id);
    return this.#change((all) => all.filter((e) => e.operation_id !== id));
  }

  /**
   * Keeps, in this process's memory, how a write left unknown settles later. After a restart (or in
   * another process) the entry has none: it settles from its `recognise` data when it has some, and
   * otherwise still refuses the same change, and closes when its pending time is over.
   */
  keep(id: string, later: Kept | null): void {
    if (later !== null) this.#later.set(id, later);
  }

  /** How an entry settles, when this process wrote it. */
  later(id: string): Kept | undefined {
    return this.#later.get(id);
  }

  #change(edit: (all: PendingEntry[]) => PendingEntry[]): Promise<void> {
    const next = this.#queue.catch(() => undefined).then(async () => this.#write(edit(await this.#read())));
    this.#queue = next;
    return next;
  }

  async #read(): Promise<PendingEntry[]> {
    const path = this.#path();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      // no file (or no folder) there yet: nothing is pending
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      throw new AppError(`The pending operations file ${path} cannot be read (${String(error)}): ${FIX}.`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const file = fileSchema.safeParse(parsed);
    if (!file.success) throw new AppError(`The pending operations file ${path} is damaged: ${FIX}.`);
    return file.data.entries;
  }

  async #write(entries: PendingEntry[]): Promise<void> {
    const path = this.#path();
    try {
      await replaceFile(path, `${JSON.stringify({ version: 1, entries })}\n`);
    } catch (error) {
      throw new AppError(
        `The pending operations file ${path} cannot be written (${String(error)}): nothing was sent. Set AVENIR_MCP_JOURNAL to a writable place.`,
      );
    }
  }
}
