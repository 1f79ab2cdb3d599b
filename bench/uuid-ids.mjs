// The bench plans with YNAB's own kind of ids. Both generators name things `tx-000123`, `cat-012`:
// ten characters or fewer, which V8 shares when it parses JSON, while YNAB's ids are 36-character
// UUIDs, each parsed into a string of its own. A plan with such ids shows what a real plan costs in
// memory (`node bench/one-tool.mjs all --ids=uuid`). Every id becomes the same UUID wherever it
// appears (rows, the budgets' keys, a call's arguments); the plan's own id is kept.
import { createHash } from 'node:crypto';

const cache = new Map();
/** The UUID standing for an id: the same one every time. */
export function uuidOf(id) {
  let uuid = cache.get(id);
  if (uuid === undefined) {
    const h = createHash('sha256').update(id).digest('hex');
    uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    cache.set(id, uuid);
  }
  return uuid;
}

const isIdKey = (key) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** A copy of `value` with every id (a field named `id`, `…_id` or `…_ids`) replaced by its UUID. */
export function withUuids(value, key = '') {
  if (Array.isArray(value)) return value.map((v) => withUuids(v, key));
  if (typeof value === 'string') return isIdKey(key) && key !== 'plan_id' ? uuidOf(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUuids(v, k)]));
}

/** A bench plan with UUID ids: its rows, and the budgets keyed by category id. */
export function planWithUuids(plan) {
  const { plan: meta, budgets, ...rest } = plan;
  const keyed = Object.fromEntries(
    Object.entries(budgets).map(([month, byCategory]) => [
      month,
      Object.fromEntries(Object.entries(byCategory).map(([id, row]) => [uuidOf(id), withUuids(row)])),
    ]),
  );
  return { plan: meta, ...withUuids(rest), budgets: keyed };
}
