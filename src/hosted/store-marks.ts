/** Hosted mode's marks of `get_changes`: the person's rows on the store, seen by every instance. */
import type { Mark } from '../domain/changes/mark.js';
import { parseMark, type MarkStore } from '../safety/marks.js';
import type { PersonId } from '../store/people.js';
import { SqlMarks } from '../store/sql-marks.js';
import type { Database } from '../store/sql.js';

export class StoreMarks implements MarkStore {
  readonly #sql: SqlMarks;
  readonly #person: PersonId;

  constructor(db: Database, person: PersonId) {
    this.#sql = new SqlMarks(db);
    this.#person = person;
  }

  async get(planId: string): Promise<Mark | null> {
    return parseMark(await this.#sql.get(this.#person, planId));
  }

  set(planId: string, mark: Mark): Promise<void> {
    return this.#sql.set(this.#person, planId, mark);
  }
}
