/**
 * Every tool that writes a date YNAB checks, through a real client against the stand-in (today pinned
 * at 2026-09-25): a transaction, a transfer or an edited date more than a day ahead or more than five
 * years back, and a scheduled transaction's next date not after today or more than five years ahead,
 * are refused before any question, with the bound in the text, and nothing is written. The dates at
 * each bound are previewed, agreed and applied, and the stand-in (which refuses what YNAB refuses)
 * holds them.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf, type Harness } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { req } from '../requirements.js';

const P = 'demo-budget';
type Args = Record<string, unknown>;

interface Case {
  tool: string;
  args: (date: string) => Args;
  /** What the refusal puts before the date, and says after a future one. */
  prefix?: string;
  future?: string;
  /** Whether the date given is now in the stand-in. */
  holds: (h: Harness, date: string) => boolean;
}

const txHolds = (h: Harness, date: string) =>
  h.standIn.state.transactions.some((t) => !t.deleted && t.date === date && t.payee_name === 'Bakery');
const TRANSACTIONS: Case[] = [
  {
    tool: 'create_transactions',
    args: (date) => ({
      plan_id: P,
      account_id: 'acc-checking',
      transactions: [{ date, amount: -4.5, payee_name: 'Bakery' }],
    }),
    future: ' One still to come is a scheduled transaction: create_scheduled_transaction.',
    holds: txHolds,
  },
  {
    tool: 'create_transfer',
    args: (date) => ({
      plan_id: P,
      from_account_id: 'acc-checking',
      to_account_id: 'acc-savings',
      amount: 25,
      date,
    }),
    future: ' A transfer still to come is a scheduled transaction.',
    holds: (h, date) =>
      h.standIn.state.transactions.some(
        (t) => !t.deleted && t.date === date && t.transfer_account_id === 'acc-savings',
      ),
  },
  {
    tool: 'update_transactions',
    args: (date) => ({ plan_id: P, transactions: [{ transaction_id: 'tx-049', date }] }),
    prefix: 'Transaction tx-049: ',
    holds: (h, date) => h.standIn.state.transactions.find((t) => t.id === 'tx-049')?.date === date,
  },
];

const SCHEDULED: Case[] = [
  {
    tool: 'create_scheduled_transaction',
    args: (date) => ({
      plan_id: P,
      account_id: 'acc-checking',
      date,
      frequency: 'monthly',
      amount: -35,
      payee_name: 'Gym',
    }),
    holds: (h, date) =>
      h.standIn.state.scheduled_transactions.some((s) => !s.deleted && s.date_next === date),
  },
  {
    tool: 'update_scheduled_transaction',
    args: (date) => ({ plan_id: P, scheduled_transaction_id: 'sch-rent', date }),
    holds: (h, date) =>
      h.standIn.state.scheduled_transactions.find((s) => s.id === 'sch-rent')?.date_next === date,
  },
];

const FUTURE =
  'is in the future: YNAB only records transactions that happened, dated 2026-09-26 at the latest (today, 2026-09-25, and a day more for time zones).';
const OLD = 'is more than five years ago: YNAB takes no transaction dated before 2021-09-25.';
const NOT_AFTER =
  "is not after today (2026-09-25): a scheduled transaction's next date lies in the future. For one that happened, use create_transactions.";
const AHEAD = 'is more than five years ahead: YNAB takes a next date up to 2031-09-25.';

const transactionRefusals = (c: Case): [string, string][] => [
  ['2026-09-27', `${c.prefix ?? ''}2026-09-27 ${FUTURE}${c.future ?? ''}`],
  ['2030-01-01', `${c.prefix ?? ''}2030-01-01 ${FUTURE}${c.future ?? ''}`],
  ['2021-09-24', `${c.prefix ?? ''}2021-09-24 ${OLD}`],
  ['2019-01-01', `${c.prefix ?? ''}2019-01-01 ${OLD}`],
  ['0000-01-01', `${c.prefix ?? ''}0000-01-01 ${OLD}`],
];
const scheduledRefusals: [string, string][] = [
  ['2026-09-25', `2026-09-25 ${NOT_AFTER}`],
  ['2019-01-01', `2019-01-01 ${NOT_AFTER}`],
  ['0000-01-01', `0000-01-01 ${NOT_AFTER}`],
  ['2031-09-26', `2031-09-26 ${AHEAD}`],
  ['2040-01-01', `2040-01-01 ${AHEAD}`],
];

describe.each(ERAS)(`${req('refused-input')} %s era`, (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  const refuses = async (h: Harness, c: Case, date: string, message: string) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    h.standIn.clearRequests();
    const r = await call(s, c.tool, c.args(date));
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    // only reads were sent, and nothing holds the date
    expect(h.standIn.requests.filter((q) => q.method !== 'GET')).toEqual([]);
    expect(h.standIn.writes).toEqual([]);
    expect(c.holds(h, date)).toBe(false);
  };

  const applies = async (h: Harness, c: Case, date: string) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { elicit: a.handler });
    const r = await call(s, c.tool, c.args(date));
    expect(r.isError, textOf(r)).toBeFalsy();
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(a.questions).toHaveLength(1);
    expect(a.questions[0]).toContain(date);
    expect(c.holds(h, date)).toBe(true);
  };

  describe.each(TRANSACTIONS)('$tool', (c) => {
    it.for(transactionRefusals(c))(
      'refuses %s before asking anything',
      async ([date = '', message = ''], { h }) => refuses(h, c, date, message),
    );

    // a day past today allows for a user ahead of the server's zone; the earliest is five years back
    it.for(['2026-09-26', '2021-09-25'])('applies %s, a bound YNAB takes', async (date, { h }) =>
      applies(h, c, date),
    );
  });

  describe.each(SCHEDULED)('$tool', (c) => {
    it.for(scheduledRefusals)('refuses %s before asking anything', async ([date = '', message = ''], { h }) =>
      refuses(h, c, date, message),
    );

    it.for(['2026-09-26', '2031-09-25'])('applies %s, a bound YNAB takes', async (date, { h }) =>
      applies(h, c, date),
    );
  });
});
