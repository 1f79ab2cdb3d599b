/**
 * Times every query of hosted mode's store for the metrics, around the one interface all its SQL goes
 * through (src/store/sql.ts), so that no store module needs to know about metrics. A query is named
 * by its statement's first word (`select`, `insert`, `update`, `delete`, else `other`): a label made
 * from the statement's text, never from a parameter, and bounded to those five. A transaction is
 * timed whole as `transaction`, its statements each on their own; a lock is timed as `lock` from the
 * wait to the end of the work it guards.
 */
import type { Database, Row, Sql } from '../store/sql.js';
import { timedStoreQuery } from './hooks.js';

const VERBS = new Set(['select', 'insert', 'update', 'delete']);

/** The label of a statement: its first word when it is one of the four, else `other`. */
export function operationOf(text: string): string {
  const verb = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase() ?? '';
  return VERBS.has(verb) ? verb : 'other';
}

const timedSql = (sql: Sql): Sql => ({
  query: <R extends Row>(text: string, params?: readonly unknown[]) =>
    timedStoreQuery(operationOf(text), () => sql.query<R>(text, params)),
});

export function meteredDatabase(db: Database): Database {
  return {
    engine: db.engine,
    query: <R extends Row>(text: string, params?: readonly unknown[]) =>
      timedStoreQuery(operationOf(text), () => db.query<R>(text, params)),
    transaction: (work) => timedStoreQuery('transaction', () => db.transaction((tx) => work(timedSql(tx)))),
    withLock: (key, work) => timedStoreQuery('lock', () => db.withLock(key, work)),
    listen: (channel, heard) => db.listen(channel, heard),
    notify: (channel, payload) => timedStoreQuery('notify', () => db.notify(channel, payload)),
    close: () => db.close(),
  };
}
