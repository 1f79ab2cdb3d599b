/**
 * What a change of `get_changes` is, who made it, and the few lines that sum them up. Who: this server
 * when an entry of its journal since the mark names the object (its operation id comes along), a bank
 * import for a transaction added with an import id, elsewhere for anything else: YNAB does not say
 * whether its own app or another person of the plan made a change, so neither does this.
 */
export type ChangeGroup = 'transactions' | 'budget' | 'targets' | 'scheduled';
export type ChangeKind =
  | 'added'
  | 'edited'
  | 'deleted'
  | 'approved'
  | 'categorised'
  | 'dated'
  | 'assigned'
  | 'moved'
  | 'unassigned'
  | 'set'
  | 'changed'
  | 'removed';
export type Who = 'this_server' | 'bank_import' | 'elsewhere';

export interface Change {
  area: ChangeGroup;
  kind: ChangeKind;
  who: Who;
  /** The journal's operation id when this server made it. */
  operation_id: string | null;
  /** The import id of a transaction the bank's import brought. */
  import_id: string | null;
  /** The transaction, category or scheduled transaction changed. */
  id: string;
  what: string;
  /** Each field changed, `name: before → after`; null when the state at the mark is not known. */
  fields: string[] | null;
}

/** What a journal entry holds that names objects: its moves and details. */
export interface JournalMention {
  operation_id: string;
  kind: string;
  moves: readonly unknown[];
  details: Readonly<Record<string, unknown>>;
}

/** Every string a value holds, however deep. */
function strings(value: unknown, into: (s: string) => void): void {
  if (typeof value === 'string') into(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) strings(v, into);
}

/**
 * This server's operations by the ids they name, the latest operation winning: an id named by an
 * entry of one of `kinds` (any kind when omitted) was changed by that operation.
 */
export class Attribution {
  readonly #byKind = new Map<string, Map<string, string>>();

  constructor(entries: readonly JournalMention[]) {
    for (const e of entries) {
      let ids = this.#byKind.get(e.kind);
      if (ids === undefined) this.#byKind.set(e.kind, (ids = new Map<string, string>()));
      const own = ids;
      strings([e.moves, e.details], (s) => own.set(s, e.operation_id));
    }
  }

  operationOf(id: string, kinds?: readonly string[]): string | null {
    let found: string | null = null;
    for (const [kind, ids] of this.#byKind)
      if (kinds === undefined || kinds.includes(kind)) found = ids.get(id) ?? found;
    return found;
  }
}

/** The who of a change: this server (and the operation), a bank import, or elsewhere. */
export function whoOf(
  operation: string | null,
  importId: string | null = null,
): Pick<Change, 'who' | 'operation_id' | 'import_id'> {
  if (operation !== null) return { who: 'this_server', operation_id: operation, import_id: null };
  if (importId !== null) return { who: 'bank_import', operation_id: null, import_id: importId };
  return { who: 'elsewhere', operation_id: null, import_id: null };
}

const GROUP_WORDS: Record<ChangeGroup, string> = {
  transactions: 'transaction',
  budget: 'budget movement',
  targets: 'target',
  scheduled: 'scheduled transaction',
};

/** The counts by group and kind, e.g. `transactions.added`. */
export function countChanges(changes: readonly Change[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of changes) counts[`${c.area}.${c.kind}`] = (counts[`${c.area}.${c.kind}`] ?? 0) + 1;
  return counts;
}

/** The changes in a few words per group: "3 transactions (2 added, 1 edited); 1 target (1 changed)". */
export function changesLine(changes: readonly Change[]): string {
  if (changes.length === 0) return 'no change';
  const parts: string[] = [];
  for (const group of Object.keys(GROUP_WORDS) as ChangeGroup[]) {
    const own = changes.filter((c) => c.area === group);
    if (own.length === 0) continue;
    const kinds = new Map<string, number>();
    for (const c of own) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    const detail = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ');
    const here = own.filter((c) => c.who === 'this_server').length;
    const by = here > 0 ? `; ${here} by this server` : '';
    parts.push(`${own.length} ${GROUP_WORDS[group]}${own.length === 1 ? '' : 's'} (${detail}${by})`);
  }
  return parts.join('; ');
}
