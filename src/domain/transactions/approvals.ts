/**
 * What an approval ended in, from the verdict on its one bulk update: the transactions YNAB holds
 * approved, those it does not (it left the flag as it was, or holds no such transaction), and those
 * nobody could check (the answer was lost and could not be read back). Approving only sets a flag, so
 * doing it again is harmless: the texts say so where the user would otherwise hesitate. Pure.
 */
import { clean } from '../text.js';
import { NOT_YET } from '../write-outcome.js';
import { holds, type Asked, type Verdict } from '../write-verify.js';

export interface Approvals {
  approved: string[];
  notApproved: string[];
  unknown: string[];
}

/** What each transaction asked is after the write. */
export function approvalsOf(asked: readonly Asked[], v: Verdict): Approvals {
  const ids = asked.map((a) => a.key);
  // nothing checked, or a lost answer no read shows yet: each may still be approved late
  if (v.why !== null || typeof v.unseenSeconds === 'number')
    return { approved: [], notApproved: [], unknown: ids };
  const approved = ids.filter((id) => holds(v, asked, id, 'approved'));
  const rest = ids.filter((id) => !approved.includes(id));
  if (v.lost && v.status !== 'applied') {
    // after a lost answer, one still unapproved may yet be approved late (those shown approved may
    // have been so before: nothing is read first); only one the read-back does not hold at all is
    // known not approved
    const absent = new Set(v.untouched);
    return {
      approved,
      notApproved: rest.filter((id) => absent.has(id)),
      unknown: rest.filter((id) => !absent.has(id)),
    };
  }
  return { approved, notApproved: rest, unknown: [] };
}

/** The status of an approval: unknown while any transaction may still be approved late. */
export const approvalStatus = (a: Approvals, v: Verdict): Verdict['status'] =>
  a.unknown.length > 0 ? 'unknown' : v.status;

const SHOWN = 5;

/** A few ids for a message, the rest counted. */
function some(ids: readonly string[]): string {
  const named = ids.slice(0, SHOWN).map(clean).join(', ');
  return ids.length <= SHOWN ? named : `${named} and ${ids.length - SHOWN} more`;
}

const count = (n: number): string => `${n} transaction${n === 1 ? '' : 's'}`;

/** Why those not approved are not: YNAB kept the flag, or does not show the transaction at all. */
function whyNot(v: Verdict): string {
  const kept = v.ignored.map((m) => m.label.replace(/^transaction /, ''));
  const parts: string[] = [];
  if (kept.length > 0) parts.push(`YNAB did not take approved of ${some(kept)} (still unapproved)`);
  if (v.untouched.length > 0) {
    const where = v.lost ? 'the read-back' : "YNAB's answer";
    parts.push(`${some(v.untouched)} not in ${where} (no such transaction, or deleted)`);
  }
  return parts.join('; ');
}

/** The message of an approval. */
export function approvalText(a: Approvals, v: Verdict): string {
  const n = a.approved.length + a.notApproved.length + a.unknown.length;
  if (v.why !== null) {
    return `${NOT_YET}: the approval of ${count(n)} may or may not be in YNAB (${v.why}). Check with find_transactions; approving them again then is harmless (it only sets the flag again).`;
  }
  if (typeof v.unseenSeconds === 'number') {
    return `${NOT_YET}: YNAB's answer was lost, and reads over ${v.unseenSeconds} s show ${n === 1 ? 'the transaction not' : `none of the ${count(n)}`} approved yet; YNAB may still apply it late. Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).`;
  }
  if (a.unknown.length > 0) {
    const gone =
      a.notApproved.length === 0
        ? ''
        : ` Not approved: ${some(a.notApproved)} not in the read-back (no such transaction, or deleted).`;
    return `${NOT_YET}: YNAB's answer was lost; a read-back shows ${a.approved.length} of ${count(n)} approved, and ${some(a.unknown)} not approved yet: YNAB may still apply it late.${gone} Check with find_transactions in a few minutes (approving them again then is harmless: it only sets the flag again).`;
  }
  if (v.status === 'applied') {
    const lost = v.lost ? " YNAB's answer was lost, but a read-back shows them approved." : '';
    return `Approved ${count(n)}.${lost}`;
  }
  if (a.approved.length === 0) {
    const none = n === 1 ? 'the transaction not' : `none of the ${count(n)}`;
    const lead = v.lost ? "YNAB's answer was lost, and a read-back shows" : 'YNAB answered, but holds';
    return `${lead} ${none} approved: ${whyNot(v)}.`;
  }
  const lead = v.lost ? "YNAB's answer was lost; a read-back shows " : '';
  return `${lead}${a.approved.length} of ${count(n)} approved. Not approved: ${whyNot(v)}.`;
}
