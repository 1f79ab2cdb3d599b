/**
 * The journal: JSON Lines, append-only, mode 0600, one write per line, read back for undo. Only ids and
 * what undo needs; never amounts of transactions, memos or payee names (but a renamed payee's).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AppError } from '../domain/errors.js';

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

/** Appends one line with a single write, creating the folders and the file (0600) when needed. */
async function appendLine(path: string, record: object): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.write(`${JSON.stringify(record)}\n`);
  } finally {
    await handle.close();
  }
}

export class Journal {
  readonly #path: () => string;
  constructor(path: () => string) {
    this.#path = path;
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

  /** Every entry and the set of undone ids; a damaged line is an error. */
  async read(): Promise<{ entries: JournalEntry[]; undone: Set<string> }> {
    const path = this.#path();
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], undone: new Set() };
      throw error;
    }
    const entries: JournalEntry[] = [];
    const undone = new Set<string>();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const lines = splitLines(bytes);
    lines.forEach((raw, index) => {
      const damaged = (): AppError =>
        new AppError(
          `${path}, line ${index + 1}, is not a journal entry: fix or remove that line, or move the file aside to start a new journal.`,
        );
      let text: string;
      let value: unknown;
      try {
        text = decoder.decode(raw);
        if (text.trim() === '') return;
        value = JSON.parse(text);
      } catch {
        throw damaged();
      }
      if (value && typeof value === 'object' && typeof (value as { undone?: unknown }).undone === 'string') {
        undone.add((value as { undone: string }).undone);
        return;
      }
      const parsed = entrySchema.safeParse(value);
      if (!parsed.success) throw damaged();
      const e = parsed.data;
      entries.push({
        operation_id: e.operation_id,
        plan_id: (e.plan_id ?? e.budget_id) as string,
        kind: e.kind,
        applied_at: e.applied_at,
        moves: e.moves,
        details: e.details,
      });
    });
    return { entries, undone };
  }

  /**
   * The operation undo acts on: from the most recent, skipping undone ones, other plans and unknown
   * kinds (never undone as some other kind); entries recorded with `last-used` match only a `last-used`
   * call.
   */
  async find(
    planId: string,
    calledWithLastUsed: boolean,
    knownKinds: ReadonlySet<string>,
    operationId: string | null,
  ): Promise<JournalEntry | null> {
    const { entries, undone } = await this.read();
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i] as JournalEntry;
      const samePlan = e.plan_id === planId || (calledWithLastUsed && e.plan_id === 'last-used');
      if (undone.has(e.operation_id) || !samePlan || !knownKinds.has(e.kind)) continue;
      if (operationId === null || e.operation_id === operationId) return e;
    }
    return null;
  }
}

/** Splits a buffer into lines on `\n` (a trailing `\r` is left to JSON's whitespace). */
function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}
