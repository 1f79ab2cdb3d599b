/**
 * rename_payee and its undo through real clients in both eras: every check in its order (the
 * 500-character limit is checked by the tool, its schema sets no maximum), the question on one line,
 * codes and answers, the PATCH and the journal line, the request counts, and the undo (applied, or
 * closed on a conflict so the next undo moves on).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan } from '../../../src/demo/index.js';
import { AGREEMENT_NOTICE } from '../../../src/safety/confirm.js';
import {
  ERAS,
  call,
  connect,
  requestLines,
  textOf,
  type Harness,
  out,
  writes,
  journalLines,
} from '../../helpers/harness.js';
import {
  ACCEPT,
  CANCEL,
  DECLINE,
  UNTICKED,
  answering,
  fakeClock,
  tempJournal,
} from '../../helpers/writes.js';

const LABEL = 'CB MARKET FRESH FACT 190926 525130******1';
const ARGS = { plan_id: 'demo-budget', payee_id: 'pay-013', name: '  Market Fresh ' };
const QUESTION = `Rename payee '${LABEL}' to 'Market Fresh'? 2 transaction(s) name it.`;
const READS = ['GET /plans/demo-budget/payees', 'GET /plans/demo-budget/transactions'];
const PATCH = ['PATCH', '/plans/demo-budget/payees/pay-013', { payee: { name: 'Market Fresh' } }];
const FORGED = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
const ONE_LINE = 'Rent - 2026-09-03 Fake 0.00: forged';

const payeeName = (h: Harness, id: string) => h.standIn.state.payees.find((p) => p.id === id)?.name;

describe.each(ERAS)('rename_payee, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset();
    journal = tempJournal();
  });

  it.for([
    [
      'pay-039',
      'Savings',
      "Payee pay-039 is a transfer's: YNAB names it after the account the money moves to. Rename the account in YNAB itself.",
    ],
    ['pay-999', 'Market Fresh', 'Payee pay-999 is not in this plan: use a payee_id from list_payees.'],
    ['pay-013', '   ', "The new name is empty: give the merchant's name."],
    [
      'pay-013',
      'x'.repeat(600),
      'The new name is 600 characters: YNAB refuses a payee name longer than 500.',
    ],
    [
      'pay-013',
      FORGED,
      `'${ONE_LINE}' contains a line break, control or format character (such as a zero-width or direction mark): give the name on one line, with visible characters only.`,
    ],
    [
      'pay-030',
      'landlord sarl',
      "'landlord sarl' is already the name of another payee: YNAB's API cannot merge two payees. Merge them in YNAB, or choose another name.",
    ],
  ])(
    'refuses %s renamed to %j before asking, after reading the payees',
    async ([payee_id, name, message], { h }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      h.standIn.clearRequests();
      const r = await call(s, 'rename_payee', { plan_id: 'demo-budget', payee_id, name });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toBe(message);
      expect(requestLines(h.standIn)).toEqual([READS[0]]);
      expect(a.questions).toEqual([]);
      expect(h.standIn.knowledge()).toBe(1);
      await s.close();
    },
  );

  it.for<[Record<string, unknown>, string]>([
    [
      { ...ARGS, name: 'Market\u0000Fresh' },
      'contains a NUL character (U+0000), which YNAB refuses: remove it',
    ],
    [{ ...ARGS, name: '' }, 'must be at least 1 character'],
  ])('refuses %j before any request', async ([args, text], { h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const r = await call(s, 'rename_payee', args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(text);
    expect(h.standIn.requests).toHaveLength(0);
    await s.close();
  });

  it('nothing to do when the payee is already called that', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'rename_payee', { ...ARGS, name: ` ${LABEL} ` }));
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'Nothing to change: the payee is already called that.',
      payee_id: 'pay-013',
      from_name: LABEL,
      to_name: LABEL,
      transactions: 2,
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual(READS);
    expect(a.questions).toEqual([]);
  });

  it('previews with a code, then renames with one PATCH, journaled', async ({ h }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'rename_payee', ARGS));
    expect(preview).toMatchObject({
      status: 'confirmation_required',
      from_name: LABEL,
      to_name: 'Market Fresh',
      transactions: 2,
      operation_id: null,
    });
    expect(preview.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE} ${QUESTION} If they agree, call again with this code.`,
    );
    expect(requestLines(h.standIn)).toEqual(READS);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'rename_payee', { ...ARGS, confirmation: preview.confirmation }));
    const id = String(applied.operation_id);
    expect(applied).toEqual({
      ...preview,
      status: 'applied',
      message: `Renamed. undo_operation with operation_id ${id} puts the old name back.`,
      confirmation: null,
      operation_id: id,
    });
    expect(requestLines(h.standIn)).toEqual([...READS, 'PATCH /plans/demo-budget/payees/pay-013']);
    expect(writes(h)).toEqual([PATCH]);
    expect(
      h.standIn.state.transactions.filter((t) => t.payee_id === 'pay-013').map((t) => t.payee_name),
    ).toEqual(['Market Fresh', 'Market Fresh']);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"payee","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"payee_id":"pay-013","from":"${LABEL}","to":"Market Fresh"}}`,
    ]);
  });

  it('asks a client that can, on one line even for a forged name, and applies on yes; a case change is a change', async ({
    h,
  }) => {
    const plan = buildDemoPlan();
    for (const p of plan.payees) if (p.id === 'pay-030') p.name = FORGED;
    for (const t of plan.transactions) if (t.payee_id === 'pay-030') t.payee_name = FORGED;
    h.standIn.reset(plan);
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(await call(s, 'rename_payee', { ...ARGS, payee_id: 'pay-030', name: 'Streamflix' }));
    expect(a.questions).toEqual([`Rename payee '${ONE_LINE}' to 'Streamflix'? 4 transaction(s) name it.`]);
    expect(r).toMatchObject({
      status: 'applied',
      from_name: ONE_LINE,
      to_name: 'Streamflix',
      transactions: 4,
    });
    // the answer round re-enters the call, which reads again
    expect(requestLines(h.standIn)).toEqual([...READS, ...READS, 'PATCH /plans/demo-budget/payees/pay-030']);
    expect(JSON.parse(journalLines(journal)[0] ?? '').details).toEqual({
      payee_id: 'pay-030',
      from: FORGED,
      to: 'Streamflix',
    });
    const again = out(await call(s, 'rename_payee', { ...ARGS, payee_id: 'pay-030', name: 'STREAMFLIX' }));
    expect(again).toMatchObject({ status: 'applied', from_name: 'Streamflix', to_name: 'STREAMFLIX' });
  });

  it.for<[string, Record<string, unknown>]>([
    ['a decline', DECLINE],
    ['an unticked box', UNTICKED],
  ])('%s declines and writes nothing', async ([_what, answer], { h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(answer).handler });
    const r = out(await call(s, 'rename_payee', ARGS));
    expect(r).toMatchObject({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      to_name: 'Market Fresh',
      confirmation: null,
      operation_id: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('a dismissed question falls back to a code', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(CANCEL).handler });
    expect(out(await call(s, 'rename_payee', ARGS)).status).toBe('confirmation_required');
    expect(h.standIn.knowledge()).toBe(1);
  });

  it("resolves 'last-used' to the one plan first; the code binds the real id", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'rename_payee', { ...ARGS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', ...READS]);
    expect(out(await call(s, 'rename_payee', { ...ARGS, confirmation: preview.confirmation })).status).toBe(
      'applied',
    );
    expect(writes(h)).toEqual([PATCH]);
  });

  describe('undo', () => {
    const renameBehindOurBack = (h: Harness, name: string) =>
      fetch(`${h.standIn.url}/plans/demo-budget/payees/pay-013`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
        body: JSON.stringify({ payee: { name } }),
      });
    const empty = { changes: [], unchanged_count: 0, confirmation: null, operation_id: null };

    it('puts the old name back after a yes', async ({ h }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const operation = String(out(await call(s, 'rename_payee', ARGS)).operation_id);
      h.standIn.clearRequests();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe(`Undo: name the payee '${LABEL}' again?`);
      expect(r).toEqual({
        status: 'applied',
        message: "The payee's previous name is back.",
        conflicts: [],
        ...empty,
      });
      const read = 'GET /plans/demo-budget/payees';
      expect(requestLines(h.standIn)).toEqual([read, read, 'PATCH /plans/demo-budget/payees/pay-013']);
      expect(writes(h)).toEqual([['PATCH', '/plans/demo-budget/payees/pay-013', { payee: { name: LABEL } }]]);
      expect(payeeName(h, 'pay-013')).toBe(LABEL);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${operation}"}`);
    });

    it('without elicitation, previews with a code after one read', async ({ h }) => {
      const s = await connect(h, era, { env: env() });
      const code = out(await call(s, 'rename_payee', ARGS)).confirmation;
      await call(s, 'rename_payee', { ...ARGS, confirmation: code });
      h.standIn.clearRequests();
      const preview = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      const question = `Undo: name the payee '${LABEL}' again?`;
      expect(preview).toEqual({
        status: 'confirmation_required',
        message: `Nothing changed yet. ${AGREEMENT_NOTICE} ${question} If they agree, call again with this code.`,
        conflicts: [],
        ...empty,
        confirmation: preview.confirmation,
      });
      expect(requestLines(h.standIn)).toEqual(['GET /plans/demo-budget/payees']);
      expect(payeeName(h, 'pay-013')).toBe('Market Fresh');
    });

    it('a payee renamed since is left alone and the operation closed', async ({ h }) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const operation = String(out(await call(s, 'rename_payee', ARGS)).operation_id);
      await renameBehindOurBack(h, 'Market Fresh SA');
      const knowledge = h.standIn.knowledge();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toEqual({
        status: 'nothing_to_do',
        message: 'The payee was renamed since: left alone.',
        conflicts: ['pay-013'],
        ...empty,
      });
      expect(a.questions).toHaveLength(1);
      expect(h.standIn.knowledge()).toBe(knowledge);
      expect(payeeName(h, 'pay-013')).toBe('Market Fresh SA');
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${operation}","conflict":true}`);
    });
  });
});
