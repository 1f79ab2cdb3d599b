/**
 * Every confirmation path through real clients in both eras (the input-required round trip, elicitation
 * during the call, confirmation codes), on apply_categories, checked on what the stand-in recorded:
 * nothing is written without a yes.
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { AGREEMENT_NOTICE } from '../../src/safety/confirm.js';
import { ERAS, call, connect, textOf, type Harness, out } from '../helpers/harness.js';
import {
  ACCEPT,
  CANCEL,
  DECLINE,
  UNTICKED,
  answering,
  fakeClock,
  rawModern,
  tempJournal,
} from '../helpers/writes.js';
import { req } from '../requirements.js';

const ARGS = {
  plan_id: 'demo-budget',
  assignments: [
    { transaction_id: 'tx-046', category_id: 'cat-groceries' },
    { transaction_id: 'tx-048', category_id: 'cat-groceries' },
  ],
};
const QUESTION = [
  'Recategorise 2 transaction(s)?',
  '- 2026-09-05 CB MARKET FRESH FACT 050926 525130******1 -66.12: no category → Groceries',
  '- 2026-09-08 TELCO MOBILE - PRELEV -19.99: Phone → Groceries',
].join('\n');
const PATCH_BODY = {
  transactions: [
    { id: 'tx-046', category_id: 'cat-groceries' },
    { id: 'tx-048', category_id: 'cat-groceries' },
  ],
};

let journal: string;
it.beforeEach(({ h }) => {
  h.standIn.reset();
  journal = tempJournal();
});

const patches = (h: Harness) => h.standIn.writes.map((w) => [w.method, w.path, w.body]);

describe.each(ERAS)(`${req('yes-before-write')} %s era`, (era) => {
  const env = () => ({ AVENIR_MCP_JOURNAL: journal });

  it('a client that can ask: the question, then one bulk PATCH on yes, journaled', async ({ h }) => {
    const a = answering(ACCEPT);
    const s = await connect(h, era, { env: env(), elicit: a.handler });
    const r = out(await call(s, 'apply_categories', ARGS));
    expect(a.questions).toEqual([QUESTION]);
    expect(r.status).toBe('applied');
    expect(r.operation_id).toMatch(/^[0-9a-f]{12}$/);
    expect(r.message).toBe(`Applied. undo_operation with operation_id ${String(r.operation_id)} reverts it.`);
    expect(patches(h)).toEqual([['PATCH', '/plans/demo-budget/transactions', PATCH_BODY]]);
    const line = JSON.parse(readFileSync(journal, 'utf8').trim());
    expect(line).toMatchObject({
      operation_id: r.operation_id,
      plan_id: 'demo-budget',
      kind: 'categorize',
      details: {},
    });
    expect(line.moves).toEqual([
      { transaction_id: 'tx-046', from_category_id: null, to_category_id: 'cat-groceries' },
      { transaction_id: 'tx-048', from_category_id: 'cat-phone', to_category_id: 'cat-groceries' },
    ]);
    expect(statSync(journal).mode & 0o777).toBe(0o600);
  });

  it.for([
    ['an unticked box', UNTICKED],
    ['a decline', DECLINE],
  ] as const)('%s declines and writes nothing', async ([, answer], { h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(answer).handler });
    const r = out(await call(s, 'apply_categories', ARGS));
    expect(r).toMatchObject({
      status: 'declined',
      message: 'The user declined: nothing was changed.',
      confirmation: null,
      operation_id: null,
    });
    expect((r.changes as unknown[]).length).toBe(2);
    expect(h.standIn.knowledge()).toBe(1);
    await s.close();
  });

  it('a dismissed question falls back to a code', async ({ h }) => {
    const s = await connect(h, era, { env: env(), elicit: answering(CANCEL).handler });
    const r = out(await call(s, 'apply_categories', ARGS));
    expect(r.status).toBe('confirmation_required');
    expect(r.confirmation).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('a client that cannot ask gets a code; the code applies exactly the preview, once', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const first = out(await call(s, 'apply_categories', ARGS));
    expect(first.status).toBe('confirmation_required');
    expect(first.message).toBe(
      `Nothing changed yet. ${AGREEMENT_NOTICE} Once they agree, call again with the same arguments and this confirmation code (valid 10 minutes).`,
    );
    expect(String(first.message)).toContain('in this conversation');
    expect(String(first.message)).toContain('Never use the code on your own initiative');
    expect(String(first.message)).toContain('memo');
    expect(
      (first.changes as { to_category: string; amount: number }[]).map((c) => [c.to_category, c.amount]),
    ).toEqual([
      ['Groceries', -66.12],
      ['Groceries', -19.99],
    ]);
    expect(h.standIn.knowledge()).toBe(1);
    const applied = out(await call(s, 'apply_categories', { ...ARGS, confirmation: first.confirmation }));
    expect(applied.status).toBe('applied');
    expect(patches(h)).toEqual([['PATCH', '/plans/demo-budget/transactions', PATCH_BODY]]);
  });

  it('a wrong, reused or mismatched code is refused and spent', async ({ h }) => {
    const s = await connect(h, era, { env: env() });
    const refused =
      'This confirmation code is unknown, expired, already used, or was issued for different changes. Call again without confirmation to get a new preview.';
    expect(textOf(await call(s, 'apply_categories', { ...ARGS, confirmation: 'AAAAAAAAAAA' }))).toBe(refused);
    const code = out(await call(s, 'apply_categories', ARGS)).confirmation;
    const other = {
      plan_id: 'demo-budget',
      assignments: [{ transaction_id: 'tx-046', category_id: 'cat-restaurants' }],
      confirmation: code,
    };
    const mismatch = await call(s, 'apply_categories', other);
    expect(mismatch.isError).toBe(true);
    expect(textOf(mismatch)).toContain('without confirmation');
    expect(textOf(await call(s, 'apply_categories', { ...ARGS, confirmation: code }))).toBe(refused);
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('a code expires after 600 s on the monotonic clock', async ({ h }) => {
    const clock = fakeClock();
    const s = await connect(h, era, { env: env(), overrides: { clock } });
    const code = out(await call(s, 'apply_categories', ARGS)).confirmation;
    clock.advance(600_001);
    expect(textOf(await call(s, 'apply_categories', { ...ARGS, confirmation: code }))).toContain(
      'unknown, expired, already used',
    );
    const fresh = out(await call(s, 'apply_categories', ARGS)).confirmation;
    clock.advance(600_000);
    expect(out(await call(s, 'apply_categories', { ...ARGS, confirmation: fresh })).status).toBe('applied');
  });

  describe('AVENIR_MCP_REQUIRE_ELICITATION=1', () => {
    const req = () => ({ ...env(), AVENIR_MCP_REQUIRE_ELICITATION: '1' });

    it('a yes still applies', async ({ h }) => {
      const s = await connect(h, era, { env: req(), elicit: answering(ACCEPT).handler });
      expect(out(await call(s, 'apply_categories', ARGS)).status).toBe('applied');
    });

    it('a dismissal is a no', async ({ h }) => {
      const s = await connect(h, era, { env: req(), elicit: answering(CANCEL).handler });
      expect(out(await call(s, 'apply_categories', ARGS))).toMatchObject({
        status: 'declined',
        confirmation: null,
      });
      expect(h.standIn.knowledge()).toBe(1);
    });

    it('a client that cannot ask is refused, and codes are refused', async ({ h }) => {
      const s = await connect(h, era, { env: req() });
      const cannot = await call(s, 'apply_categories', ARGS);
      expect(cannot.isError).toBe(true);
      expect(textOf(cannot)).toBe(
        'This client cannot ask the user to confirm, and AVENIR_MCP_REQUIRE_ELICITATION=1 forbids confirmation codes: nothing was changed. Use a client that supports MCP elicitation, or unset the variable.',
      );
      expect(textOf(await call(s, 'apply_categories', { ...ARGS, confirmation: 'AAAAAAAAAAA' }))).toBe(
        'Confirmation codes are disabled (AVENIR_MCP_REQUIRE_ELICITATION=1): call again without confirmation, and the user answers in the client.',
      );
      expect(h.standIn.knowledge()).toBe(1);
    });
  });
});

const YES_NO_FIELD = {
  type: 'boolean',
  title: 'Apply these changes',
  description: 'Yes applies the changes above to YNAB; no changes nothing.',
};

describe('the 2026-07-28 round trip, raw', () => {
  const yes = { confirm: { action: 'accept', content: { value: true } } };
  const result = (r: Record<string, unknown>) => r.result as Record<string, unknown>;
  const errorText = (r: Record<string, unknown>) =>
    ((result(r).content as { text: string }[])[0] as { text: string }).text;

  it('asks with the confirm key, a one-boolean form named value, and a signed state', async ({ h }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    const first = result(await raw.call('apply_categories', ARGS));
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests).toEqual({
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: QUESTION,
          requestedSchema: {
            type: 'object',
            properties: { value: YES_NO_FIELD },
            required: ['value'],
          },
        },
      },
    });
    const state = String(first.requestState);
    const payload = JSON.parse(Buffer.from(state.split('.')[1] ?? '', 'base64url').toString()) as {
      p: Record<string, string>;
    };
    expect(Object.keys(payload.p).sort()).toEqual([
      'arguments',
      'fingerprint',
      'nonce',
      'sealedAt',
      'sealedBy',
      'tool',
    ]);
    expect(payload.p.tool).toBe('apply_categories');
    const applied = result(
      await raw.call('apply_categories', ARGS, { inputResponses: yes, requestState: state }),
    );
    expect((applied.structuredContent as { status: string }).status).toBe('applied');
  });

  it('refuses a tampered state before the tool runs', async ({ h }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    const state = String(result(await raw.call('apply_categories', ARGS)).requestState);
    const tampered = await raw.call('apply_categories', ARGS, {
      inputResponses: yes,
      requestState: `${state.slice(0, -3)}AAA`,
    });
    expect(tampered.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('an answer without a preview, or on a changed plan, applies nothing', async ({ h }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    const changed =
      'The plan changed between the preview and the answer. Call again without an answer to get a new preview.';
    expect(errorText(await raw.call('apply_categories', ARGS, { inputResponses: yes }))).toBe(changed);
    const state = String(result(await raw.call('apply_categories', ARGS)).requestState);
    // someone recategorises tx-048 in YNAB between the preview and the answer
    await fetch(`${h.standIn.url}/plans/demo-budget/transactions`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: JSON.stringify({ transactions: [{ id: 'tx-048', category_id: 'cat-transport' }] }),
    });
    const knowledge = h.standIn.knowledge();
    expect(
      errorText(await raw.call('apply_categories', ARGS, { inputResponses: yes, requestState: state })),
    ).toBe(changed);
    expect(h.standIn.knowledge()).toBe(knowledge);
  });

  it('a used answer is not honoured twice', async ({ h }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    const state = String(result(await raw.call('apply_categories', ARGS)).requestState);
    const no = { confirm: { action: 'decline' } };
    expect(
      (
        result(await raw.call('apply_categories', ARGS, { inputResponses: no, requestState: state }))
          .structuredContent as { status: string }
      ).status,
    ).toBe('declined');
    expect(
      errorText(await raw.call('apply_categories', ARGS, { inputResponses: yes, requestState: state })),
    ).toBe(
      'This answer was already used: nothing was changed. Call again without an answer to get a new preview.',
    );
    expect(h.standIn.knowledge()).toBe(1);
  });

  it('a reply of another kind counts as no answer: a code', async ({ h }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    const state = String(result(await raw.call('apply_categories', ARGS)).requestState);
    const roots = { confirm: { roots: [{ uri: 'file:///tmp' }] } };
    const r = result(
      await raw.call('apply_categories', ARGS, { inputResponses: roots, requestState: state }),
    );
    expect((r.structuredContent as { status: string }).status).toBe('confirmation_required');
  });
});
