/**
 * A single owner's household rules: `rules.json` beside the journal, mode 0600, replaced whole by an
 * atomic rename so that a crash leaves the old book or the new one, never half of either.
 */
import { replaceFile } from './state-file.js';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../domain/errors.js';
import { bookSchema, emptyBook, type RuleBook, type RulesStore } from './rules-book.js';

const fileSchema = z.strictObject({ version: z.literal(1), plans: z.record(z.string(), bookSchema) });
type RulesFileContent = z.infer<typeof fileSchema>;

const FIX = 'move it aside (the rules are then empty) or set AVENIR_MCP_JOURNAL to another place';

export const rulesPath = (journalPath: string): string => join(dirname(journalPath), 'rules.json');

export class RulesFile implements RulesStore {
  readonly #path: () => string;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(journalPath: () => string) {
    this.#path = () => rulesPath(journalPath());
  }

  async read(plan: string): Promise<RuleBook> {
    await this.#queue.catch(() => undefined);
    return (await this.#read()).plans[plan] ?? emptyBook();
  }

  change<T>(plan: string, edit: (book: RuleBook) => { book: RuleBook; result: T }): Promise<T> {
    const next = this.#queue
      .catch(() => undefined)
      .then(async () => {
        const file = await this.#read();
        const { book, result } = edit(file.plans[plan] ?? emptyBook());
        await this.#write({ version: 1, plans: { ...file.plans, [plan]: book } });
        return result;
      });
    this.#queue = next;
    return next;
  }

  async #read(): Promise<RulesFileContent> {
    const path = this.#path();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { version: 1, plans: {} };
      throw new AppError(`The rules file ${path} cannot be read (${String(error)}): ${FIX}.`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const file = fileSchema.safeParse(parsed);
    if (!file.success) throw new AppError(`The rules file ${path} is damaged: ${FIX}.`);
    return file.data;
  }

  async #write(content: RulesFileContent): Promise<void> {
    const path = this.#path();
    try {
      await replaceFile(path, `${JSON.stringify(content)}\n`);
    } catch (error) {
      throw new AppError(
        `The rules file ${path} cannot be written (${String(error)}): nothing was changed. Set AVENIR_MCP_JOURNAL to a writable place.`,
      );
    }
  }
}
