/**
 * Reads lent within one tool call: when a tool's names are resolved to ids (tools/shared/names.ts), the
 * lists read for it are handed to the tool's own first read of each, so that taking a name costs no
 * request the tool would not send anyway. A write reads anew (freshness.ts), and without this its
 * planning would read the same list twice in a row.
 *
 * Each lent list is taken once, by the next read of it in the same call; what a write reads after it
 * sends (its checks, in `apply`) runs outside the call's planning and always reaches YNAB.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Lending {
  /** Reads made now are lent (the names' resolution), rather than taken. */
  lending: boolean;
  lent: Map<string, unknown>;
}

const call = new AsyncLocalStorage<Lending>();

/** Runs one call's planning: lists its `lend` step reads are handed to `run`'s first reads of them. */
export async function withLentReads<T>(lend: () => Promise<void>, run: () => Promise<T>): Promise<T> {
  const lent = new Map<string, unknown>();
  await call.run({ lending: true, lent }, lend);
  return call.run({ lending: false, lent }, run);
}

/** A list read: the one lent for it in this call if any (once), else `read`, kept when lending. */
export async function lentOr<T>(plan: string, list: string, read: () => Promise<T>): Promise<T> {
  const store = call.getStore();
  if (store === undefined) return read();
  const key = `${plan}\u0000${list}`;
  if (!store.lending && store.lent.has(key)) {
    const taken = store.lent.get(key) as T;
    store.lent.delete(key);
    return taken;
  }
  const rows = await read();
  if (store.lending) store.lent.set(key, rows);
  return rows;
}
