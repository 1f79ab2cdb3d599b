/** Argument-schema violations are refused before any request, naming the field and the rule. */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { ERAS, call, connect, textOf } from '../helpers/harness.js';

describe.each(ERAS)('%s era', (era) => {
  it.for([
    [{ plan_id: 'demo-budget', limit: 500 }, 'limit: must be at most 200'],
    [{ plan_id: 'demo-budget', limit: 0 }, 'limit: must be at least 1'],
    [{ plan_id: 'demo-budget', search: '' }, 'search: must be at least 1 character'],
    [{ plan_id: 'demo-budget', search: 'x'.repeat(501) }, 'search: must be at most 500 characters'],
    [{ plan_id: 'demo-budget', extra: true }, 'Unrecognized key: "extra"'],
  ] as const)('list_payees %j → %s', async ([args, rule], { h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'list_payees', args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(rule);
    expect(h.standIn.requests).toHaveLength(0);
    await s.close();
  });
});
