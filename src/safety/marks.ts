/**
 * Where the marks of `get_changes` live, behind one small interface: a JSON file in the state folder
 * beside the journal for a single owner (this file), or each person's rows in hosted mode's store
 * (src/hosted/store-marks.ts). The tool never knows which.
 */
import { replaceFile } from './state-file.js';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../domain/errors.js';
import { z } from 'zod';
import type { Mark } from '../domain/changes/mark.js';

const id = z.string();
const maybe = z.string().nullable();
const markSchema = z.strictObject({
  version: z.literal(1),
  knowledge: z.number().int().nonnegative(),
  at: z.string(),
  from: z.string(),
  transactions: z.array(
    z.tuple([id, z.string(), z.number(), id, maybe, maybe, z.string(), z.string(), z.number(), maybe]),
  ),
  scheduled: z.array(z.tuple([id, z.string(), z.number(), z.string(), id, maybe, maybe, z.string(), maybe])),
  targets: z.array(z.tuple([id, maybe, z.number().nullable(), maybe])),
  moved: z.strictObject({ at: maybe, ids: z.array(id) }),
});

/** A stored mark, or null when it is missing or unreadable (then the next call sets a new one). */
export function parseMark(value: unknown): Mark | null {
  const parsed = markSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface MarkStore {
  /** The plan's mark, or null when none was set (or the stored one cannot be read). */
  get(planId: string): Promise<Mark | null>;
  set(planId: string, mark: Mark): Promise<void>;
}

/** The marks file of a journal path: `marks.json` in the same folder. */
export const marksPath = (journalPath: string): string => join(dirname(journalPath), 'marks.json');

/**
 * The owner's marks: one file, `{ "plans": { "<plan id>": mark } }`, mode 0600, replaced atomically (a
 * temporary file renamed over it), so a crash leaves the old marks or the new, never half of either.
 * Writes of one process run one after the other.
 */
export class FileMarks implements MarkStore {
  readonly #path: () => string;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(path: () => string) {
    this.#path = path;
  }

  async get(planId: string): Promise<Mark | null> {
    return parseMark((await this.#read())[planId]);
  }

  set(planId: string, mark: Mark): Promise<void> {
    const run = this.#turn.then(async () => {
      const plans = await this.#read();
      await this.#write({ ...plans, [planId]: mark });
    });
    this.#turn = run.catch(() => {});
    return run;
  }

  async #read(): Promise<Record<string, unknown>> {
    let text: string;
    try {
      text = await readFile(this.#path(), 'utf8');
    } catch {
      // no file yet (or none readable): no mark, and the next one written replaces it
      return {};
    }
    try {
      const plans = (JSON.parse(text) as { plans?: unknown }).plans;
      return typeof plans === 'object' && plans !== null ? (plans as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  async #write(plans: Record<string, unknown>): Promise<void> {
    const path = this.#path();
    try {
      await replaceFile(path, `${JSON.stringify({ version: 1, plans })}\n`);
    } catch (error) {
      throw new AppError(
        `The marks file ${path} cannot be written (${String(error)}): the mark did not move. Set AVENIR_MCP_JOURNAL to a writable place (the marks live beside the journal).`,
      );
    }
  }
}
