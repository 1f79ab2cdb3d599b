/**
 * The result of a write judged field by field (checked-step.ts), built in one place for every tool:
 * its status, a message that says what YNAB holds, and its journal id. A tool gives only the words
 * of a plain applied write, the read tool that shows the objects, and how it journals.
 */
import type { MoneyText } from '../../domain/money.js';
import { verdictText, type Asked, type Verdict } from '../../domain/write-verify.js';

export interface Finish<O extends Record<string, unknown>> {
  preview: O;
  verdict: Verdict;
  asked: readonly Asked[];
  /** The read tool that shows the objects, named when the user should check. */
  check: string;
  /** The message of a plain applied write, e.g. `Flagged.` */
  done: string;
  /** Journals what YNAB holds (called when anything is held); returns the id and the undo sentence. */
  record?: () => Promise<{ id: string; undo: string }>;
  /** Fields that depend on the verdict (e.g. the ids created). */
  fields?: Partial<O>;
  /** How the call writes amounts (a value YNAB did not take is named in the plan's currency). */
  money: MoneyText;
}

/** The result of a verified write: its status, a message that says what YNAB holds, its journal id. */
export async function finishWrite<O extends Record<string, unknown>>(f: Finish<O>): Promise<O> {
  const v = f.verdict;
  const journaled = v.landed && f.record !== undefined ? await f.record() : null;
  const text = verdictText(v, f.asked, f.check, f.money);
  const message = [v.status === 'applied' ? f.done : '', text, journaled?.undo ?? '']
    .filter((s) => s !== '')
    .join(' ');
  return {
    ...f.preview,
    ...f.fields,
    status: v.status,
    message,
    confirmation: null,
    ...('operation_id' in f.preview ? { operation_id: journaled?.id ?? null } : {}),
  };
}
