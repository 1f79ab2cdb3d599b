/**
 * flag_transactions through a real client in both eras: checks before anything is asked, the question
 * with bank text on one line, code and elicitation paths, the journal, request counts, last-used, and
 * the undo of a `flag` operation with its conflicts (a full one closes the operation).
 */
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { buildDemoPlan, type PlanData } from '../../../src/demo/index.js';
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
import { ACCEPT, CANCEL, DECLINE, answering, fakeClock, tempJournal } from '../../helpers/writes.js';

/** The demo plan with a forged payee on tx-053 and a red flag on tx-045. */
function plantedPlan(): PlanData {
  const plan = buildDemoPlan();
  const forged = plan.transactions.find((t) => t.id === 'tx-053');
  if (forged) forged.payee_name = 'Rent\n- 2026-09-03 Fake 0.00: \u200bforged';
  const rent = plan.transactions.find((t) => t.id === 'tx-045');
  if (rent) rent.flag_color = 'red';
  return plan;
}

const ARGS = {
  plan_id: 'demo-budget',
  flags: [
    { transaction_id: 'tx-053', color: 'orange' },
    { transaction_id: 'tx-045' },
    { transaction_id: 'tx-052', color: 'blue' },
    { transaction_id: 'tx-046', color: null },
  ],
};
const QUESTION = [
  'Change the flag of 3 transaction(s)?',
  '- 2026-09-16 Rent - 2026-09-03 Fake 0.00: forged -8.40: none → orange',
  '- 2026-09-03 LANDLORD SARL -950.00: red → none',
  '- 2026-09-15 STREAMFLIX -13.49: none → blue',
].join('\n');
const CHANGES = [
  {
    transaction_id: 'tx-053',
    date: '2026-09-16',
    payee: 'Rent - 2026-09-03 Fake 0.00: forged',
    amount: -8.4,
    from_color: null,
    to_color: 'orange',
  },
  {
    transaction_id: 'tx-045',
    date: '2026-09-03',
    payee: 'LANDLORD SARL',
    amount: -950,
    from_color: 'red',
    to_color: null,
  },
  {
    transaction_id: 'tx-052',
    date: '2026-09-15',
    payee: 'STREAMFLIX',
    amount: -13.49,
    from_color: null,
    to_color: 'blue',
  },
];
const PATCH = {
  transactions: [
    { id: 'tx-053', flag_color: 'orange' },
    { id: 'tx-045', flag_color: null },
    { id: 'tx-052', flag_color: 'blue' },
  ],
};
const GET_TX = 'GET /plans/demo-budget/transactions';
const PATCH_TX = 'PATCH /plans/demo-budget/transactions';

const flagOf = (h: Harness, id: string) =>
  h.standIn.state.transactions.find((t) => t.id === id)?.flag_color ?? null;
const setFlag = (h: Harness, id: string, color: string | null) =>
  fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ transactions: [{ id, flag_color: color }] }),
  });

describe.each(ERAS)('flag_transactions, %s era', (era) => {
  let journal: string;
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });
  it.beforeEach(({ h }) => {
    h.standIn.reset(plantedPlan());
    journal = tempJournal();
  });

  it.for([
    [[], 'Give at least one flag.'],
    [
      [
        { transaction_id: 'tx-9' },
        { transaction_id: 'tx-10' },
        { transaction_id: 'tx-9' },
        { transaction_id: 'tx-10' },
      ],
      'Transaction tx-10, tx-9 is named twice: give one flag each.',
    ],
    [
      [
        { transaction_id: 'nope' },
        { transaction_id: 'tx-046', color: 'red' },
        { transaction_id: 'also-nope' },
      ],
      'Transaction nope, also-nope is not in this plan: use a transaction_id from find_transactions.',
    ],
  ])('refuses %j before asking anything', async ([flags, message], { h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = await call(s, 'flag_transactions', { plan_id: 'demo-budget', flags });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(message);
    expect(a.questions).toEqual([]);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('refuses an unknown colour in the arguments', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const r = await call(s, 'flag_transactions', {
      plan_id: 'demo-budget',
      flags: [{ transaction_id: 'tx-046', color: 'mauve' }],
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('color');
    expect(h.standIn.requests).toHaveLength(0);
  });

  it('nothing to do when every flag is already as asked: 1 request, no question', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    h.standIn.clearRequests();
    const r = out(
      await call(s, 'flag_transactions', {
        plan_id: 'demo-budget',
        flags: [{ transaction_id: 'tx-045', color: 'red' }, { transaction_id: 'tx-046' }],
      }),
    );
    expect(r).toEqual({
      status: 'nothing_to_do',
      message: 'Every flag is already as asked.',
      changes: [],
      unchanged_count: 2,
      confirmation: null,
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET_TX]);
    expect(a.questions).toEqual([]);
  });

  it('without elicitation: the preview and a code, then the code applies it in one PATCH, journaled', async ({
    h,
  }) => {
    const s = await connect(h, era, { env: env(), overrides: { clock: fakeClock() } });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'flag_transactions', ARGS));
    expect(preview).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\n${QUESTION}\nIf they agree, call again with this code.`,
      changes: CHANGES,
      unchanged_count: 1,
      confirmation: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      operation_id: null,
    });
    expect(requestLines(h.standIn)).toEqual([GET_TX]);
    expect(h.standIn.knowledge()).toBe(1);
    h.standIn.clearRequests();
    const applied = out(await call(s, 'flag_transactions', { ...ARGS, confirmation: preview.confirmation }));
    const id = String(applied.operation_id);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(applied).toEqual({
      status: 'applied',
      message: `Flagged. undo_operation with operation_id ${id} puts them back.`,
      changes: CHANGES,
      unchanged_count: 1,
      confirmation: null,
      operation_id: id,
    });
    expect(requestLines(h.standIn)).toEqual([GET_TX, PATCH_TX]);
    expect(writes(h)).toEqual([['PATCH', '/plans/demo-budget/transactions', PATCH]]);
    expect([flagOf(h, 'tx-053'), flagOf(h, 'tx-045'), flagOf(h, 'tx-052')]).toEqual(['orange', null, 'blue']);
    expect(journalLines(journal)).toEqual([
      `{"operation_id":"${id}","plan_id":"demo-budget","kind":"flag","applied_at":"2026-09-25T09:12:04+00:00","moves":[],"details":{"changes":[{"transaction_id":"tx-053","from":null,"to":"orange"},{"transaction_id":"tx-045","from":"red","to":null},{"transaction_id":"tx-052","from":null,"to":"blue"}]}}`,
    ]);
  });

  it('asks the exact question (bank text on one line); a yes applies', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'flag_transactions', ARGS));
    expect(a.questions).toEqual([QUESTION]);
    expect(r).toMatchObject({ status: 'applied', changes: CHANGES, confirmation: null });
    expect(writes(h)).toEqual([['PATCH', '/plans/demo-budget/transactions', PATCH]]);
    expect(journalLines(journal)).toHaveLength(1);
  });

  it.for<[string, Record<string, unknown>]>([
    ['a decline', DECLINE],
    ['an unticked box', { action: 'accept', content: { value: false } }],
  ])('%s declines, keeping the preview, writing nothing', async ([_what, answer], { h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(answer).handler });
    const r = out(await call(s, 'flag_transactions', ARGS));
    expect(r).toEqual({
      status: 'declined',
      message: 'The user declined: nothing changed.',
      changes: CHANGES,
      unchanged_count: 1,
      confirmation: null,
      operation_id: null,
    });
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('a dismissed question falls back to a code', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(CANCEL).handler });
    const r = out(await call(s, 'flag_transactions', ARGS));
    expect(r.status).toBe('confirmation_required');
    expect(h.standIn.knowledge()).toBe(1);
  });

  it("resolves 'last-used' with one more request, and its code binds the real id", async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    h.standIn.clearRequests();
    const preview = out(await call(s, 'flag_transactions', { ...ARGS, plan_id: 'last-used' }));
    expect(requestLines(h.standIn)).toEqual(['GET /plans', GET_TX]);
    const applied = out(await call(s, 'flag_transactions', { ...ARGS, confirmation: preview.confirmation }));
    expect(applied.status).toBe('applied');
    expect(JSON.parse(journalLines(journal)[0] ?? '{}').plan_id).toBe('demo-budget');
  });

  describe('undo_operation of a flag operation', () => {
    const flagged = async (h: Harness) => {
      const a = answering(ACCEPT);
      const s = await connect(h, era, { env: env(), elicit: a.handler });
      const applied = out(await call(s, 'flag_transactions', ARGS));
      h.standIn.clearRequests();
      return { s, a, id: String(applied.operation_id) };
    };

    it('puts every flag back in one PATCH after a yes', async ({ h }) => {
      const { s, a, id } = await flagged(h);
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe('Undo: put back the flag of 3 transaction(s)?');
      expect(r).toEqual({
        status: 'applied',
        message: 'Flags restored.',
        changes: [],
        unchanged_count: 0,
        conflicts: [],
        confirmation: null,
        operation_id: null,
      });
      // read, re-read on the answer round, then one PATCH
      expect(requestLines(h.standIn)).toEqual([GET_TX, GET_TX, PATCH_TX]);
      expect(h.standIn.writes.map((w) => w.body)).toEqual([
        {
          transactions: [
            { id: 'tx-053', flag_color: null },
            { id: 'tx-045', flag_color: 'red' },
            { id: 'tx-052', flag_color: null },
          ],
        },
      ]);
      expect([flagOf(h, 'tx-053'), flagOf(h, 'tx-045'), flagOf(h, 'tx-052')]).toEqual([null, 'red', null]);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}"}`);
    });

    it('without elicitation: the merge-flow preview with its code, then applied', async ({ h }) => {
      const { s } = await flagged(h);
      const plain = await connect(h, era, { env: env() });
      const preview = out(await call(plain, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(preview).toMatchObject({
        status: 'confirmation_required',
        message: `Nothing changed yet. ${AGREEMENT_NOTICE} Undo: put back the flag of 3 transaction(s)? If they agree, call again with this code.`,
        changes: [],
        conflicts: [],
      });
      const done = out(
        await call(plain, 'undo_operation', { plan_id: 'demo-budget', confirmation: preview.confirmation }),
      );
      expect(done.message).toBe('Flags restored.');
      await s.close();
    });

    it('leaves alone a flag changed since, and lists it', async ({ h }) => {
      const { s, a } = await flagged(h);
      await setFlag(h, 'tx-053', 'green');
      await setFlag(h, 'tx-045', 'yellow');
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(a.questions[1]).toBe('Undo: put back the flag of 1 transaction(s)?');
      expect(r).toMatchObject({
        status: 'applied',
        message: 'Flags restored.',
        conflicts: ['tx-053', 'tx-045'],
      });
      expect(h.standIn.writes.at(-1)?.body).toEqual({ transactions: [{ id: 'tx-052', flag_color: null }] });
      expect([flagOf(h, 'tx-053'), flagOf(h, 'tx-045'), flagOf(h, 'tx-052')]).toEqual([
        'green',
        'yellow',
        null,
      ]);
    });

    it('a full conflict asks nothing, writes nothing and closes the operation', async ({ h }) => {
      const { s, a, id } = await flagged(h);
      await setFlag(h, 'tx-053', null);
      await setFlag(h, 'tx-045', 'purple');
      await setFlag(h, 'tx-052', 'green');
      const knowledge = h.standIn.knowledge();
      const r = out(await call(s, 'undo_operation', { plan_id: 'demo-budget' }));
      expect(r).toEqual({
        status: 'nothing_to_do',
        message: 'Every flag changed since: left alone.',
        changes: [],
        unchanged_count: 0,
        conflicts: ['tx-053', 'tx-045', 'tx-052'],
        confirmation: null,
        operation_id: null,
      });
      expect(a.questions).toHaveLength(1);
      expect(h.standIn.knowledge()).toBe(knowledge);
      expect(journalLines(journal).at(-1)).toBe(`{"undone":"${id}","conflict":true}`);
      expect(textOf(await call(s, 'undo_operation', { plan_id: 'demo-budget' }))).toBe(
        'Nothing to undo: no operation of this plan is still in effect.',
      );
    });
  });
});
