/**
 * The journal: JSON Lines, append-only, mode 0600, one write per line, read back for undo. Only ids and
 * what undo needs; memos and payee names only where undo must write them back (journal-kinds.ts).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { appendLine, checkWritable, linesBackwards, linesHolding } from './journal-files.js';

const move = z.strictObject({
  transaction_id: z.string(),
  from_category_id: z.string().nullable(),
  to_category_id: z.string().nullable(),
});

const entrySchema = z
  .object({
    operation_id: z.string(),
    plan_id: z.string().optional(),
    budget_id: z.string().optional(),
    kind: z.string(),
    applied_at: z.string(),
    moves: z.array(move),
    details: z.record(z.string(), z.unknown()),
  })
  .refine((e) => typeof (e.plan_id ?? e.budget_id) === 'string');

export type Move = z.infer<typeof move>;

export interface JournalEntry {
  operation_id: string;
  plan_id: string;
  kind: string;
  applied_at: string;
  moves: Move[];
  details: Record<string, unknown>;
}

/** 6 random bytes as 12 lowercase hex characters. */
export const newOperationId = (): string => randomBytes(6).toString('hex');

/** UTC, ISO 8601 to the second, `+00:00` (never `Z`, no milliseconds). */
export const appliedAt = (now: Date): string => `${now.toISOString().slice(0, 19)}+00:00`;

/** One parsed line: an entry, an undone marker, nothing (blank) or damaged. */
type Line =
  | { kind: 'entry'; entry: JournalEntry }
  | { kind: 'undone'; id: string }
  | { kind: 'blank' }
  | { kind: 'damaged' };
type EntryOrMarker = Extract<Line, { kind: 'entry' | 'undone' }>;

const decoder = new TextDecoder('utf-8', { fatal: true });

function parseLine(raw: Buffer | null): Line {
  if (raw === null) return { kind: 'damaged' };
  let value: unknown;
  try {
    const text = decoder.decode(raw);
    if (text.trim() === '') return { kind: 'blank' };
    value = JSON.parse(text);
  } catch {
    return { kind: 'damaged' };
  }
  const undone = (value as { undone?: unknown } | null)?.undone;
  if (typeof undone === 'string') return { kind: 'undone', id: undone };
  const parsed = entrySchema.safeParse(value);
  if (!parsed.success) return { kind: 'damaged' };
  const e = parsed.data;
  return {
    kind: 'entry',
    entry: {
      operation_id: e.operation_id,
      plan_id: (e.plan_id ?? e.budget_id) as string,
      kind: e.kind,
      applied_at: e.applied_at,
      moves: e.moves,
      details: e.details,
    },
  };
}

/**
 * What the tools need of a journal: this file one in single-owner modes, or hosted mode's rows on the
 * store (src/hosted/store-journal.ts), which every instance reads.
 */
export interface JournalStore {
  /** Refuses (an AppError saying what to fix) unless a record can succeed. */
  checkWritable(): Promise<void>;
  record(entry: JournalEntry): Promise<void>;
  markUndone(operationId: string, conflict?: boolean): Promise<void>;
  has(operationId: string): Promise<boolean>;
  find(
    planId: string,
    calledWithLastUsed: boolean,
    knownKinds: ReadonlySet<string>,
    operationId: string | null,
  ): Promise<JournalEntry | null>;
  /**
   * The plan's entries applied at or after `appliedAt` (the journal's own format), oldest first, undone
   * ones included: what get_changes tells this server's writes by.
   */
  since(planId: string, appliedAt: string): Promise<JournalEntry[]>;
  /**
   * Whether the operation was in the journal and pruned for its age (hosted mode keeps undo records
   * AVENIR_MCP_RETENTION_DAYS days); absent where nothing is pruned (the owner's file keeps all).
   */
  wasPruned?(operationId: string): Promise<boolean>;
}

export class Journal implements JournalStore {
  readonly #path: () => string;
  readonly #warn: (message: string) => void;
  constructor(path: () => string, warn: (message: string) => void = () => {}) {
    this.#path = path;
    this.#warn = warn;
  }

  /** Refuses (an AppError naming the path and the fix) unless an append can succeed. */
  checkWritable(): Promise<void> {
    return checkWritable(this.#path());
  }

  /** Records an applied operation, fields in a fixed order. */
  async record(entry: JournalEntry): Promise<void> {
    const { operation_id, plan_id, kind, applied_at, moves, details } = entry;
    await appendLine(this.#path(), { operation_id, plan_id, kind, applied_at, moves, details });
  }

  /** Marks an operation undone (`conflict: true` after a full conflict, so the next undo moves on). */
  async markUndone(operationId: string, conflict = false): Promise<void> {
    await appendLine(
      this.#path(),
      conflict ? { undone: operationId, conflict: true } : { undone: operationId },
    );
  }

  /**
   * Every entry and the set of undone ids, read from the end; a damaged line (a torn append, a
   * hand edit) is skipped with a warning instead of blocking the others.
   */
  async read(): Promise<{ entries: JournalEntry[]; undone: Set<string> }> {
    const entries: JournalEntry[] = [];
    const undone = new Set<string>();
    for await (const line of this.#lines()) {
      if (line.kind === 'entry') entries.push(line.entry);
      else undone.add(line.id);
    }
    return { entries: entries.reverse(), undone };
  }

  /**
   * The entries and markers from the end (blank and damaged lines left out); `relevant` skips,
   * unparsed, lines that cannot matter to a caller, and `raws` gives the lines when not every one is read.
   */
  async *#lines(
    relevant: (raw: Buffer) => boolean = () => true,
    raws: AsyncIterable<Buffer | null> = linesBackwards(this.#path()),
  ): AsyncGenerator<EntryOrMarker> {
    let damaged = 0;
    try {
      for await (const raw of raws) {
        if (raw !== null && !relevant(raw)) continue;
        const line = parseLine(raw);
        if (line.kind === 'damaged') damaged++;
        else if (line.kind !== 'blank') yield line;
      }
    } finally {
      if (damaged > 0) {
        this.#warn(`The journal ${this.#path()} has ${damaged} damaged line(s), skipped.`);
      }
    }
  }

  async since(planId: string, appliedAt: string): Promise<JournalEntry[]> {
    const found: JournalEntry[] = [];
    const needle = JSON.stringify(planId);
    for await (const line of this.#lines((raw) => raw.includes(needle))) {
      if (line.kind === 'entry' && line.entry.plan_id === planId && line.entry.applied_at >= appliedAt)
        found.push(line.entry);
    }
    return found.reverse();
  }

  /** Whether an entry of this id is in the journal (undone or not): a byte search for the id. */
  async has(operationId: string): Promise<boolean> {
    const lines = this.#lines(undefined, linesHolding(this.#path(), JSON.stringify(operationId)));
    for await (const line of lines) {
      if (line.kind === 'entry' && line.entry.operation_id === operationId) return true;
    }
    return false;
  }

  /**
   * The operation undo acts on: from the most recent, skipping undone ones, other plans and unknown
   * kinds (never undone as some other kind); entries recorded with `last-used` match only a `last-used`
   * call. Reads backwards and stops at the match: a recent operation costs only the journal's end,
   * and one named by its id only a search of the journal's bytes for that id.
   */
  async find(
    planId: string,
    calledWithLastUsed: boolean,
    knownKinds: ReadonlySet<string>,
    operationId: string | null,
  ): Promise<JournalEntry | null> {
    // a marker always follows its entry, so reading backwards meets it first
    const undone = new Set<string>();
    // lines of other plans are skipped without parsing: a large journal costs a byte search per line
    const needles = [JSON.stringify(planId), ...(calledWithLastUsed ? ['"last-used"'] : []), '"undone"'];
    const relevant = (raw: Buffer) => needles.some((n) => raw.includes(n));
    // with an id, only the lines quoting it can matter (its entry, its marker): a byte search finds
    // them, however far back, without splitting the journal into lines; what it finds is still parsed
    // and checked below, since the id may also appear in another entry's details
    const lines =
      operationId === null
        ? this.#lines(relevant)
        : this.#lines(undefined, linesHolding(this.#path(), JSON.stringify(operationId)));
    for await (const line of lines) {
      if (line.kind === 'undone') {
        undone.add(line.id);
        continue;
      }
      const e = line.entry;
      const samePlan = e.plan_id === planId || (calledWithLastUsed && e.plan_id === 'last-used');
      if (undone.has(e.operation_id) || !samePlan || !knownKinds.has(e.kind)) continue;
      if (operationId === null || e.operation_id === operationId) return e;
    }
    return null;
  }
}
