/**
 * Undo of a `rule` operation, on the rules this server keeps (no YNAB request): a rule added is
 * removed if it is still there as added; a rule removed comes back, under its number, unless another
 * rule has taken its condition since.
 */
import { AppError } from '../../domain/errors.js';
import { sameCondition } from '../../domain/rules/order.js';
import type { Rule } from '../../domain/rules/rule.js';
import type { RuleBook } from '../rules-book.js';
import type { KindDetails } from '../journal-kinds.js';
import type { UndoHandler } from './types.js';

export const RULE_CHANGED =
  'The rule was changed or removed since, or its condition is another rule’s now: nothing to undo, the rules are left as they are (list_rules shows them).';

const sameRule = (a: Rule, b: Rule): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The book with the operation reverted, or null when the rules moved on since. */
function reverted(book: RuleBook, details: KindDetails<'rule'>): RuleBook | null {
  if (details.added !== null) {
    const { added } = details;
    const now = book.rules.find((r) => r.number === added.number);
    if (now === undefined || !sameRule(now, added)) return null;
    return { ...book, rules: book.rules.filter((r) => r.number !== added.number) };
  }
  // a removal: the rule comes back only where its number and its condition are free
  const { removed } = details;
  if (book.rules.some((r) => r.number === removed.number) || sameCondition(book.rules, removed.condition))
    return null;
  return { ...book, rules: [...book.rules, removed].sort((a, b) => a.number - b.number) };
}

export const undoRule: UndoHandler<'rule'> = async (_ynab, plan, entry, details, _money, rules) => {
  const rule = details.added ?? details.removed;
  const ok = reverted(await rules.read(plan), details) !== null;
  const name = `rule ${String(rule.number)}`;
  return {
    conflicts: ok ? [] : [name],
    changes: [],
    fullConflict: ok ? null : RULE_CHANGED,
    question: details.added ? `Remove ${name} ("${rule.said}") again?` : `Put ${name} ("${rule.said}") back?`,
    subject: { undo: entry.operation_id, items: [name] },
    flow: 'merge',
    // the rules are this server's own: nothing is sent to YNAB
    sends: 0,
    apply: async () => {
      await rules.change(plan, (book) => {
        const next = reverted(book, details);
        // changed between the question and the yes: nothing is written
        if (next === null) throw new AppError(RULE_CHANGED);
        return { book: next, result: null };
      });
      return details.added ? `${name} is removed again.` : `${name} is back.`;
    },
  };
};
