/**
 * What a client sees of the yes/no question and of an answer sent back with other arguments, through
 * real clients: the form's one boolean carries a label and a description, and an answer to the preview
 * of one call, sent with other arguments, is refused in words that say so, writes nothing, and leaves
 * the previewed call free to go through with it.
 */
import { describe, expect } from 'vitest';
import { E_OTHER_ARGUMENTS } from '../../src/safety/confirm.js';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect } from '../helpers/harness.js';
import { rawModern } from '../helpers/writes.js';

const ARGS = {
  plan_id: 'demo-budget',
  assignments: [{ transaction_id: 'tx-046', category_id: 'cat-groceries' }],
};
const FORM = {
  type: 'object',
  properties: {
    value: {
      type: 'boolean',
      title: 'Apply these changes',
      description: 'Yes applies the changes above to YNAB; no changes nothing.',
    },
  },
  required: ['value'],
};

it.beforeEach(({ h }) => h.standIn.reset());

describe.each(ERAS)('%s era', (era) => {
  it('the question is a one-boolean form whose field has a title and a description', async ({
    h,
    journal,
  }) => {
    const asked: unknown[] = [];
    const s = await connect(h, era, {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: async (req) => {
        const params = (req as { params?: { requestedSchema?: unknown } }).params ?? req;
        asked.push((params as { requestedSchema?: unknown }).requestedSchema);
        return { action: 'accept', content: { value: true } };
      },
    });
    const r = await call(s, 'apply_categories', ARGS);
    expect((r.structuredContent as { status: string }).status).toBe('applied');
    expect(asked).toEqual([FORM]);
  });
});

describe('an answer sent back with other arguments (2026-07-28)', () => {
  const yes = { confirm: { action: 'accept', content: { value: true } } };
  const result = (r: Record<string, unknown>) => r.result as Record<string, unknown>;
  const errorText = (r: Record<string, unknown>) =>
    ((result(r).content as { text: string }[])[0] as { text: string }).text;

  it('is refused as such, writes nothing, and the previewed call still applies with it', async ({
    h,
    journal,
  }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    try {
      const state = String(result(await raw.call('apply_categories', ARGS)).requestState);
      const other = {
        ...ARGS,
        assignments: [{ transaction_id: 'tx-046', category_id: 'cat-transport' }],
      };
      const refused = await raw.call('apply_categories', other, { inputResponses: yes, requestState: state });
      expect(result(refused).isError).toBe(true);
      expect(errorText(refused)).toBe(E_OTHER_ARGUMENTS);
      expect(E_OTHER_ARGUMENTS).not.toContain('plan changed');
      expect(h.standIn.writes).toEqual([]);
      const elsewhere = await raw.call(
        'flag_transactions',
        {
          plan_id: 'demo-budget',
          flags: [{ transaction_id: 'tx-046', color: 'red' }],
        },
        { inputResponses: yes, requestState: state },
      );
      expect(errorText(elsewhere)).toBe(E_OTHER_ARGUMENTS);
      const applied = await raw.call('apply_categories', ARGS, { inputResponses: yes, requestState: state });
      expect((result(applied).structuredContent as { status: string }).status).toBe('applied');
      expect(h.standIn.writes.map((w) => w.body)).toEqual([
        { transactions: [{ id: 'tx-046', category_id: 'cat-groceries' }] },
      ]);
    } finally {
      await raw.close();
    }
  });

  it('other arguments making the same changes (another order) still answer the preview', async ({
    h,
    journal,
  }) => {
    const raw = rawModern(h, { AVENIR_MCP_JOURNAL: journal });
    try {
      const a = { transaction_id: 'tx-046', category_id: 'cat-groceries' };
      const b = { transaction_id: 'tx-048', category_id: 'cat-groceries' };
      const first = { plan_id: 'demo-budget', assignments: [a, b] };
      const state = String(result(await raw.call('apply_categories', first)).requestState);
      const reordered = { plan_id: 'demo-budget', assignments: [b, a] };
      const applied = await raw.call('apply_categories', reordered, {
        inputResponses: yes,
        requestState: state,
      });
      expect((result(applied).structuredContent as { status: string }).status).toBe('applied');
      expect(h.standIn.writes).toHaveLength(1);
    } finally {
      await raw.close();
    }
  });
});
