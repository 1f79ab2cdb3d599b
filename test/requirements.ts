/**
 * The requirements the tests hold the server to, each with an id: the safety rules of docs/safety.md
 * and what hosted mode promises each person. A test of a requirement names it in its `describe` (or
 * `it`) title through `req`, so that every test of a rule is found by its id:
 *
 *   describe(`${req('yes-single-use')} confirmation codes`, () => { ... });
 *
 * and test/requirements.test.ts fails when a requirement has no test, so a rule added here must come
 * with one. An id unknown here does not compile.
 */
export const REQUIREMENTS = {
  'yes-before-write':
    'No change reaches YNAB without the user’s yes: a preview first, then a confirmation (an answer, a code or the approval card); a decline or no answer writes nothing.',
  'yes-bound':
    'A yes is bound to exactly the change previewed: other arguments, another change planned on the re-run, or a plan changed in YNAB since the preview are refused, with nothing written.',
  'yes-single-use':
    'A confirmation code, an answer and an approval-card ticket are spent by their first use, right or wrong, whatever the clock says.',
  'card-secret-hidden':
    'The approval card’s secret travels only in the _meta of the card’s own app-only call, never where a model can read it.',
  'writes-off-by-default':
    'Write tools exist only when the operator sets AVENIR_MCP_WRITE=1; without it the server cannot change the plan.',
  'outcome-truth':
    'A write is not_applied only when YNAB cannot have applied it; a lost answer is read back over the settling window and stays unknown until a read shows it; an unknown outcome never invites a retry, and a write that may have landed is never re-sent.',
  'pending-write-ahead':
    'Every confirmed write is pending before its first request; the same change is refused while it is pending, and the next call on the plan settles it.',
  'pending-other-process':
    'A write (or an undo) left pending by a process that stopped is settled by the next process from its pending entry alone: journaled and undoable, or marked undone, once YNAB shows it.',
  'journal-undoable': 'Every applied confirmed write is journaled, and undo_operation reverts it.',
  'undo-no-overwrite':
    'An undo never overwrites a change made since the operation: what changed is left alone and listed.',
  'undo-halfway':
    'An undo that stops halfway says what is back and what is not, and journals what is left for the next undo, which re-reads YNAB first.',
  'pacer-hourly':
    'At most 180 YNAB requests per hour per token; a change of several requests sends all or none; a 429 pauses every request.',
  'transfer-sides':
    'Deleting, undoing or recreating a transfer handles both linked sides, and never reports both gone without having seen both gone.',
  'refused-input':
    'Amounts that round to nothing and dates YNAB refuses are refused before any preview, with a text that says the bound.',
  'hosted-alone':
    'In hosted mode each person’s plans, journal, codes, tickets, answers and tokens are theirs alone: every cross-person path is refused with nothing written.',
  'token-sealed':
    'YNAB tokens are sealed at rest under the operator’s key (a rotated key still opens old rows) and never appear in a log, a result or an error.',
  'instances-shared':
    'Several instances on one store keep every safety property whichever instance answers: a code spent on one is refused on another, and one hourly budget holds per person.',
} as const;

export type RequirementId = keyof typeof REQUIREMENTS;

/** The tag a test title carries for a requirement: `[id]`. */
export const req = (id: RequirementId): string => `[${id}]`;
