/**
 * Whether YNAB holds what a write asked, field by field: YNAB is known to answer 200 and leave a
 * field as it was, and a write whose answer was lost can only be judged from what a read shows.
 * Pure: the objects YNAB shows (from the write's answer or one read) come in as plain rows.
 */
import { type MoneyText } from './money.js';
import { clean } from './text.js';
import { NOT_YET, unseenText } from './write-outcome.js';

export type Row = Readonly<Record<string, unknown>>;

/** One object a write changes or creates: its key, how a message names it, the fields asked. */
export interface Asked {
  key: string;
  label: string;
  fields: Readonly<Record<string, unknown>>;
}

/** A field YNAB does not hold as asked. */
export interface FieldMiss {
  label: string;
  field: string;
  asked: unknown;
  held: unknown;
}

export type Status = 'applied' | 'partial' | 'not_applied' | 'unknown';

export interface Verdict {
  status: Status;
  /** The write's answer was lost (what is known comes from a read-back). */
  lost: boolean;
  /**
   * Why nothing could be checked (the read-back was forbidden or failed), else null. With `lost`
   * false, YNAB answered success without showing the result: the verdict is YNAB's word, unchecked.
   */
  why: string | null;
  /** YNAB holds at least one field that the write changed: there is something to journal. */
  landed: boolean;
  /** `key\0field` of every field YNAB holds as asked. */
  held: ReadonlySet<string>;
  /** Fields left as they were on an object otherwise changed, or asked on a create and not taken. */
  ignored: readonly FieldMiss[];
  /** Fields that hold neither the old nor the new value: someone else changed them, or YNAB did. */
  strange: readonly FieldMiss[];
  /** Keys of objects YNAB does not hold at all (not changed, not created). */
  untouched: readonly string[];
  /**
   * The answer was lost and no read within the settling window showed any of it: the seconds read.
   * Not "not applied": YNAB may still apply it late (status `unknown`). Null otherwise.
   */
  unseenSeconds?: number | null;
}

/** Values as YNAB's JSON carries them: an absent field reads as null. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Judges a write from what YNAB shows. `shown` holds each object as YNAB now shows it (missing: YNAB
 * holds no such object, e.g. a create that did not land); `before` each object before the write (none
 * for a create, whose every field not taken counts as ignored); `project` reads a field of a row the
 * way the write sent it (e.g. a payee name, split lines).
 */
export function judge(
  asked: readonly Asked[],
  shown: ReadonlyMap<string, Row>,
  before: ReadonlyMap<string, Row>,
  project: (row: Row, field: string, asked: unknown) => unknown,
  lost: boolean,
): Verdict {
  const held = new Set<string>();
  const ignored: FieldMiss[] = [];
  const strange: FieldMiss[] = [];
  const untouched: string[] = [];
  let landed = 0;
  for (const a of asked) {
    const now = shown.get(a.key);
    if (now === undefined) {
      untouched.push(a.key);
      continue;
    }
    const old = before.get(a.key);
    const misses: FieldMiss[] = [];
    const left: FieldMiss[] = [];
    let changed = 0;
    for (const [field, value] of Object.entries(a.fields)) {
      const h = project(now, field, value);
      const was = old === undefined ? undefined : project(old, field, value);
      // a field sent as it already was (a split's cleared category) proves nothing either way
      const neutral = old !== undefined && same(was, value);
      if (neutral || same(h, value)) {
        held.add(`${a.key}\u0000${field}`);
        if (!neutral) changed += 1;
        continue;
      }
      const miss = { label: a.label, field, asked: value, held: h };
      if (old === undefined || same(h, was)) left.push(miss);
      else misses.push(miss);
    }
    strange.push(...misses);
    landed += changed;
    // an existing object holding none of what was asked was not changed at all
    if (old !== undefined && changed === 0 && misses.length === 0) untouched.push(a.key);
    else ignored.push(...left);
  }
  const status: Status =
    strange.length > 0
      ? 'unknown'
      : landed === 0
        ? 'not_applied'
        : ignored.length > 0 || untouched.length > 0
          ? 'partial'
          : 'applied';
  return { status, lost, why: null, landed: landed > 0, held, ignored, strange, untouched };
}

/**
 * Whether `rows` hold every field of `patches` (`{id, field: value}` each): true when all do, false
 * when none does, null when only some do (not settled). For a single-request write whose answer was
 * lost, read back once.
 */
export function patchesHeld(rows: readonly object[], patches: readonly object[]): boolean | null {
  const byId = new Map(rows.map((r) => [String((r as Row)['id']), r as Row]));
  let held = 0;
  let total = 0;
  for (const p of patches as readonly Row[]) {
    const now = byId.get(String(p['id']));
    for (const [field, value] of Object.entries(p)) {
      if (field === 'id') continue;
      total += 1;
      if (now !== undefined && same(now[field], value)) held += 1;
    }
  }
  return held === total ? true : held === 0 ? false : null;
}

/** The verdict when nothing could be checked: the state of every object is unknown. */
export const unchecked = (why: string): Verdict => ({
  status: 'unknown',
  lost: true,
  why,
  landed: false,
  held: new Set(),
  ignored: [],
  strange: [],
  untouched: [],
});

/** A lost write that no read showed: unknown, since YNAB may still apply it late. */
export const unseen = (v: Verdict, seconds: number): Verdict => ({
  ...v,
  status: 'unknown',
  unseenSeconds: seconds,
});

/** Whether YNAB holds `field` of `key` as asked (every asked field of `key` when none is named). */
export function holds(v: Verdict, asked: readonly Asked[], key: string, field?: string): boolean {
  if (field !== undefined) return v.held.has(`${key}\u0000${field}`);
  const a = asked.find((x) => x.key === key);
  return a !== undefined && Object.keys(a.fields).every((f) => v.held.has(`${key}\u0000${f}`));
}

function shownValue(field: string, value: unknown, money: MoneyText): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'amount' && typeof value === 'number') return money(value);
  if (field === 'date' && typeof value === 'string') return `'${money.date(clean(value))}'`;
  if (typeof value === 'string') return `'${clean(value)}'`;
  return clean(JSON.stringify(value));
}

const missText = (m: FieldMiss, money: MoneyText): string =>
  `${m.field} of ${m.label} (YNAB holds ${shownValue(m.field, m.held, money)}, not ${shownValue(m.field, m.asked, money)})`;

/** Names the objects by key with their labels. */
const labelsOf = (asked: readonly Asked[], keys: readonly string[]): string =>
  keys.map((k) => asked.find((a) => a.key === k)?.label ?? k).join(', ');

/**
 * What the verdict means, in sentences for the message (empty for a plain applied write). `check`
 * names the read tool that shows the objects (e.g. find_transactions).
 */
export function verdictText(v: Verdict, asked: readonly Asked[], check: string, money: MoneyText): string {
  if (v.why !== null && !v.lost) {
    return `YNAB answered that it made the change, but its answer did not show the result, and the one read to check it failed (${v.why}): this is YNAB's word, not checked. Check with ${check}.`;
  }
  if (v.why !== null) {
    return `${NOT_YET}: it may or may not be in YNAB (${v.why}). Check with ${check} before anything else; repeating it now may make it twice.`;
  }
  if (v.status === 'applied')
    return v.lost ? "YNAB's answer was lost, but a read-back shows the change in place." : '';
  if (typeof v.unseenSeconds === 'number') return unseenText('the change', check, v.unseenSeconds);
  if (v.status === 'not_applied') {
    return `YNAB answered, but holds none of the change: ${labelsOf(asked, v.untouched)} unchanged.`;
  }
  const parts: string[] = [];
  if (v.ignored.length > 0)
    parts.push(`YNAB did not take ${v.ignored.map((m) => missText(m, money)).join('; ')}`);
  if (v.untouched.length > 0) parts.push(`${labelsOf(asked, v.untouched)} not changed`);
  if (v.strange.length > 0) {
    parts.push(`${v.strange.map((m) => missText(m, money)).join('; ')}: neither the old nor the new value`);
  }
  if (v.status === 'unknown') {
    const lead = v.lost ? "YNAB's answer was lost, and a read-back does not settle it" : 'YNAB answered, but';
    return `${NOT_YET}: ${lead}: ${parts.join('; ')}. Check with ${check} before anything else; do not repeat it blindly.`;
  }
  const lead = v.lost
    ? "YNAB's answer was lost; a read-back shows only part of it applied"
    : 'Only part of it applied';
  return `${lead}: ${parts.join('; ')}. The rest is in place.`;
}
