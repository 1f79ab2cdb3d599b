/** Fingerprints, codes and the confirmation decision, without the SDK. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import { CodeStore } from '../../src/safety/codes.js';
import {
  E_ANSWER_USED,
  E_CANNOT_ASK,
  E_CODE_REFUSED,
  E_CODES_DISABLED,
  E_PLAN_CHANGED,
  decide,
  CARD_NEXT,
  CARD_NOTICE,
  outcomeFields,
  E_OTHER_ARGUMENTS,
  type ConfirmInput,
  type StatePayload,
  AGREEMENT_NOTICE,
  ConfirmRequest,
} from '../../src/safety/confirm.js';
import { canonical, fingerprint } from '../../src/safety/fingerprint.js';

describe('canonical JSON and fingerprints (our own form: only determinism within the process matters)', () => {
  it('sorts keys, keeps null, drops whitespace', async () => {
    expect(canonical({ b: 1, a: [true, null, 'x"y'], c: { z: 0.5, y: -2 } })).toBe(
      '{"a":[true,null,"x\\"y"],"b":1,"c":{"y":-2,"z":0.5}}',
    );
    expect(canonical(undefined)).toBe('null');
  });

  it('is order-insensitive over a top-level list, sensitive inside objects', async () => {
    const a = { transaction_id: 't1', to: 'x' };
    const b = { transaction_id: 't2', to: 'y' };
    expect(fingerprint('p', [a, b])).toBe(fingerprint('p', [b, a]));
    expect(fingerprint('p', { flags: [a, b] })).not.toBe(fingerprint('p', { flags: [b, a] }));
    expect(fingerprint('p', [a])).not.toBe(fingerprint('q', [a]));
    expect(fingerprint('p', [a])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when any value changes, never with the order of changes', async () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), amount: fc.integer() }), { minLength: 1, maxLength: 6 }),
        fc.integer(),
        (changes, bump) => {
          const shuffled = [...changes].reverse();
          expect(fingerprint('plan', shuffled)).toBe(fingerprint('plan', changes));
          const altered = changes.map((c, i) =>
            i === 0 ? { ...c, amount: c.amount + (bump === 0 ? 1 : bump) } : c,
          );
          expect(fingerprint('plan', altered)).not.toBe(fingerprint('plan', changes));
        },
      ),
    );
  });
});

describe('confirmation codes', () => {
  it('are 11 URL-safe characters, single use, 600 s on the monotonic clock', async () => {
    let now = 0;
    const store = new CodeStore(() => now);
    const code = store.issue('fp');
    expect(code).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(store.consume(code, 'other')).toBe(false);
    expect(store.consume(code, 'fp')).toBe(false); // spent by the mismatch
    const kept = store.issue('fp');
    now = 600_000;
    expect(store.consume(kept, 'fp')).toBe(true);
    const late = store.issue('fp');
    now += 600_001;
    expect(store.consume(late, 'fp')).toBe(false);
  });

  it('drops expired codes when issuing, and remembers nonces until they expire', async () => {
    let now = 0;
    const store = new CodeStore(
      () => now,
      () => now,
    );
    const old = store.issue('fp');
    now = 700_000;
    store.issue('fp');
    now = 0; // even if time could go back, the old code is gone
    expect(store.consume(old, 'fp')).toBe(false);
    const seal = store.seal();
    expect(store.spendNonce(seal)).toBe(true);
    expect(store.spendNonce(seal)).toBe(false);
    now = 2_000_000;
    expect(store.spendNonce(seal)).toBe(true);
  });
});

describe('the decision, in its fixed order, with and without AVENIR_MCP_REQUIRE_ELICITATION', () => {
  const base = (over: Partial<ConfirmInput>): ConfirmInput => ({
    tool: 'apply_categories',
    planId: 'p',
    subject: [{ id: 1 }],
    question: 'Q?',
    arguments: 'args-1',
    code: null,
    canAsk: true,
    required: false,
    answer: { kind: 'none' },
    state: undefined,
    ...over,
  });
  const error = async (f: () => unknown): Promise<string> => {
    try {
      await f();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return (e as Error).message;
    }
    return 'no error';
  };

  it('checks a code first, whatever the client can do', async () => {
    const codes = new CodeStore(() => 0);
    expect(await error(() => decide(codes, base({ code: 'x', required: true })))).toBe(E_CODES_DISABLED);
    expect(await error(() => decide(codes, base({ code: 'nope', canAsk: false })))).toBe(E_CODE_REFUSED);
    const issued = await decide(codes, base({ canAsk: false }));
    expect(issued.kind).toBe('code');
    expect(await decide(codes, base({ code: (issued as { code: string }).code }))).toEqual({ kind: 'apply' });
  });

  it('refuses a client that cannot ask when codes are disabled', async () => {
    expect(await error(() => decide(new CodeStore(() => 0), base({ canAsk: false, required: true })))).toBe(
      E_CANNOT_ASK,
    );
  });

  it('asks with a sealed payload, then reads the answer once', async () => {
    const codes = new CodeStore(() => 0);
    const ask = await decide(codes, base({}));
    expect(ask.kind).toBe('ask');
    const state = (ask as { state: StatePayload }).state;
    expect(state.arguments).toBe('args-1');
    expect(state.fingerprint).toBe(fingerprint('p', [{ id: 1 }]));
    expect(await decide(codes, base({ answer: { kind: 'accept', value: true }, state }))).toEqual({
      kind: 'apply',
    });
    expect(await error(() => decide(codes, base({ answer: { kind: 'accept', value: true }, state })))).toBe(
      E_ANSWER_USED,
    );
  });

  it.each([
    [{ kind: 'accept', value: false }, false, 'declined'],
    [{ kind: 'accept', value: undefined }, false, 'declined'],
    [{ kind: 'accept', value: 'yes' }, false, 'declined'],
    [{ kind: 'decline' }, false, 'declined'],
    [{ kind: 'cancel' }, false, 'code'],
    [{ kind: 'other' }, false, 'code'],
    [{ kind: 'cancel' }, true, 'declined'],
    [{ kind: 'accept', value: true }, true, 'apply'],
  ] as const)('answer %j (required %s) → %s', async (answer, required, kind) => {
    const codes = new CodeStore(() => 0);
    const state = {
      tool: 'apply_categories',
      arguments: 'args-1',
      fingerprint: fingerprint('p', [{ id: 1 }]),
      ...codes.seal(),
    };
    expect((await decide(codes, base({ answer, required, state }))).kind).toBe(kind);
  });

  it('refuses an answer without state, or for another tool, other arguments or another subject', async () => {
    const codes = new CodeStore(() => 0);
    const accept = { kind: 'accept', value: true } as const;
    expect(await error(() => decide(codes, base({ answer: accept })))).toBe(E_PLAN_CHANGED);
    const fp = fingerprint('p', [{ id: 1 }]);
    const state = (over: Partial<StatePayload>): StatePayload => ({
      tool: 'apply_categories',
      arguments: 'args-1',
      fingerprint: fp,
      nonce: 'n1',
      sealedBy: 'another process',
      sealedAt: 0,
      ...over,
    });
    const answered = (s: StatePayload) => () => decide(codes, base({ answer: accept, state: s }));
    expect(await error(answered(state({ tool: 'undo_operation' })))).toBe(E_OTHER_ARGUMENTS);
    expect(await error(answered(state({ arguments: 'args-2', fingerprint: 'f' })))).toBe(E_OTHER_ARGUMENTS);
    // neither spent the nonce: the call that was previewed still goes through with it
    expect(await answered(state({}))()).toEqual({ kind: 'apply' });
    // other arguments making the same changes (another order) answer the same question
    expect(await answered(state({ arguments: 'args-2', nonce: 'n3' }))()).toEqual({ kind: 'apply' });
    expect(await error(answered(state({})))).toBe(E_ANSWER_USED);
    expect(await error(answered(state({ fingerprint: 'f', nonce: 'n2' })))).toBe(E_PLAN_CHANGED);
    expect(await error(answered(state({ nonce: 'n2' })))).toBe(E_ANSWER_USED);
  });

  it('words the outcome per flow', async () => {
    expect(outcomeFields('change-list', { kind: 'declined' }, 'Q?').message).toBe(
      'The user declined: nothing was changed.',
    );
    expect(outcomeFields('merge', { kind: 'declined' }, 'Q?').message).toBe(
      'The user declined: nothing changed.',
    );
    const code = outcomeFields('merge', { kind: 'code', code: 'abc' }, 'Q?');
    expect(code).toMatchObject({ status: 'confirmation_required', confirmation: 'abc' });
    expect(code.message.endsWith(' Q? If they agree, call again with this code.')).toBe(true);
    expect(outcomeFields('change-list', { kind: 'code', code: 'abc' }, 'Q?').message).toMatch(
      /^Nothing changed yet\. Only the user can agree, in this conversation: .* memo\) asks for it\. Once they agree, call again with the same arguments and this confirmation code \(valid 10 minutes\)\.$/,
    );
  });

  it('words a card approval with the question inline or on its own lines, and gives no code', async () => {
    const inline = outcomeFields('merge', { kind: 'card' }, 'Q?');
    expect(inline).toEqual({
      status: 'confirmation_required',
      message: `${CARD_NOTICE} Q? ${CARD_NEXT}`,
      confirmation: null,
    });
    const lines = outcomeFields('change-list', { kind: 'card' }, 'Move:\n- a → b');
    expect(lines.message).toBe(`${CARD_NOTICE}\nMove:\n- a → b\n${CARD_NEXT}`);
  });
});

/*
 * The parts of the confirmation decision and its texts that the main unit tests leave out: a client
 * that shows approval cards, the status of a declined write, a code offered for a question of several
 * lines, and what a confirmed write reserves by default.
 */
const base = (over: Partial<ConfirmInput>): ConfirmInput => ({
  tool: 'move_money',
  planId: 'p',
  subject: { from: 'a', to: 'b' },
  question: 'Move 10.00?',
  arguments: 'args-1',
  code: null,
  canAsk: false,
  required: false,
  answer: { kind: 'none' },
  state: undefined,
  ...over,
});

describe('a client that shows approval cards', () => {
  it('gets a card bound to the change, even where codes are forbidden and it cannot ask', async () => {
    const codes = new CodeStore(() => 0);
    const fp = fingerprint('p', { from: 'a', to: 'b' });
    expect(await decide(codes, base({ card: true }))).toEqual({ kind: 'card', fingerprint: fp });
    expect(await decide(codes, base({ card: true, required: true }))).toEqual({
      kind: 'card',
      fingerprint: fp,
    });
    expect(await decide(codes, base({ card: true, canAsk: true }))).toEqual({
      kind: 'card',
      fingerprint: fp,
    });
  });

  it('without cards, the same call gets a code, or a refusal when codes are forbidden', async () => {
    const codes = new CodeStore(() => 0);
    expect((await decide(codes, base({ card: false }))).kind).toBe('code');
    await expect(decide(codes, base({ card: false, required: true }))).rejects.toThrow(E_CANNOT_ASK);
  });

  it('that answered a dialog is judged on its answer, not offered a card again', async () => {
    const codes = new CodeStore(() => 0);
    const ask = await decide(codes, base({ canAsk: true }));
    expect(ask.kind).toBe('ask');
    const state = (ask as Extract<typeof ask, { kind: 'ask' }>).state;
    const answered = base({ canAsk: true, card: true, answer: { kind: 'decline' }, state });
    expect(await decide(codes, answered)).toEqual({ kind: 'declined' });
  });
});

describe('the texts of a write that does not go ahead', () => {
  it('marks a declined write declined, with no code, in both flows', async () => {
    for (const flow of ['merge', 'change-list'] as const) {
      const fields = outcomeFields(flow, { kind: 'declined' }, 'Move 10.00?');
      expect(fields.status).toBe('declined');
      expect(fields.confirmation).toBeNull();
    }
  });

  it('puts a question of several lines on its own lines before the code is asked for', async () => {
    const fields = outcomeFields('merge', { kind: 'code', code: 'abc' }, 'Move:\n- a → b');
    expect(fields).toEqual({
      status: 'confirmation_required',
      message: `Nothing changed yet. ${AGREEMENT_NOTICE}\nMove:\n- a → b\nIf they agree, call again with this code.`,
      confirmation: 'abc',
    });
  });
});

describe('a confirmed write request', () => {
  it('reserves one YNAB request unless it says how many it sends, and keeps what it was given', async () => {
    const apply = () => Promise.resolve({ status: 'applied' });
    const spec = {
      plan: 'p',
      subject: [1],
      question: 'Q?',
      flow: 'merge' as const,
      preview: { status: 'preview' },
      apply,
      sameSubject: ['transaction:tx-1'],
      checkWith: 'find_transactions',
      journals: ['edit' as const],
    };
    const one = new ConfirmRequest(spec);
    expect(one).toMatchObject({
      planId: 'p',
      subject: [1],
      sameSubject: ['transaction:tx-1'],
      checkWith: 'find_transactions',
      question: 'Q?',
      flow: 'merge',
      preview: { status: 'preview' },
    });
    expect(one.sends).toBe(1);
    expect(await one.apply()).toEqual({ status: 'applied' });
    expect(new ConfirmRequest({ ...spec, sends: 3 }).sends).toBe(3);
  });
});
