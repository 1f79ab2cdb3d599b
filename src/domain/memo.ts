/**
 * Work derived from a snapshot of a plan, done once per snapshot. The YNAB cache hands out the same
 * frozen array for a list until a change at YNAB (or a write) replaces it, so an index, a history or a
 * set of normalised names computed from that array stays true for as long as the array is the one
 * handed out. Keyed weakly on the array: when the cache lets go of a snapshot, what was derived from it
 * goes with it, so a plan's derived data never outlives its rows and never piles up.
 *
 * The result is shared by every later call on the same inputs: callers read it, never change it (the
 * types say readonly where they can; the derived arrays are frozen).
 */

interface Kept<Rest extends readonly unknown[], Result> {
  rest: Rest;
  result: Result;
}

const sameArguments = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * `derive` computed once per first argument (an object, compared by identity) and the same other
 * arguments (compared with Object.is): a call with the same ones answers the result kept from the last
 * call, without computing. One result is kept per first argument: the newest.
 */
export function perSnapshot<Key extends object, Rest extends readonly unknown[], Result>(
  derive: (key: Key, ...rest: Rest) => Result,
): (key: Key, ...rest: Rest) => Result {
  const kept = new WeakMap<Key, Kept<Rest, Result>>();
  return (key, ...rest) => {
    const hit = kept.get(key);
    if (hit !== undefined && sameArguments(hit.rest, rest)) return hit.result;
    const result = derive(key, ...rest);
    kept.set(key, { rest, result });
    return result;
  };
}
