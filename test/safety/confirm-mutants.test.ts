/**
 * The parts of the confirmation decision and its texts that the main unit tests leave out: a client
 * that shows approval cards, the status of a declined write, a code offered for a question of several
 * lines, and what a confirmed write reserves by default.
 */
import { describe, expect, it } from 'vitest';
import { CodeStore } from '../../src/safety/codes.js';
import {
  AGREEMENT_NOTICE,
  ConfirmRequest,
  decide,
  E_CANNOT_ASK,
  outcomeFields,
  type ConfirmInput,
} from '../../src/safety/confirm.js';
import { fingerprint } from '../../src/safety/fingerprint.js';

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
