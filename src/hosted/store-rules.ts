/**
 * Hosted mode's household rules: one person's books on the store (src/store/sql-rules.ts) instead of
 * a file, so that a rule set through one instance shapes the suggestions of every other.
 */
import { AppError } from '../domain/errors.js';
import { bookSchema, emptyBook, type RuleBook, type RulesStore } from '../safety/rules-book.js';
import type { PersonId } from '../store/people.js';
import { SqlRules } from '../store/sql-rules.js';
import type { Database } from '../store/sql.js';

const DAMAGED =
  'The rules kept for this plan cannot be read: nothing was changed. Tell the operator of this server.';

function bookOf(stored: unknown): RuleBook {
  if (stored === null) return emptyBook();
  const parsed = bookSchema.safeParse(stored);
  if (!parsed.success) throw new AppError(DAMAGED);
  return parsed.data;
}

export class StoreRules implements RulesStore {
  readonly #sql: SqlRules;

  constructor(
    db: Database,
    private readonly person: PersonId,
  ) {
    this.#sql = new SqlRules(db);
  }

  async read(plan: string): Promise<RuleBook> {
    return bookOf(await this.#sql.get(this.person, plan));
  }

  change<T>(plan: string, edit: (book: RuleBook) => { book: RuleBook; result: T }): Promise<T> {
    return this.#sql.change(this.person, plan, (stored) => edit(bookOf(stored)));
  }
}
