/**
 * The API-coverage list: the endpoints the YNAB API methods send are exactly the operations listed as
 * used, and each of YNAB's operations has one status and a reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, YNAB_API_VERSION } from '../../src/ynab/coverage.js';
import { ENDPOINTS } from '../../src/ynab/endpoints.js';

describe('the YNAB API coverage list', () => {
  it('lists the 44 operations once each, with a reason', () => {
    expect(OPERATIONS).toHaveLength(44);
    const keys = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(44);
    for (const o of OPERATIONS) expect(o.why.length, `${o.method} ${o.path}`).toBeGreaterThan(5);
    expect(OPERATIONS.every((o) => !o.path.startsWith('/budgets'))).toBe(true);
  });

  it('names the API version it is built against in the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`YNAB API v${YNAB_API_VERSION}`);
  });

  it('matches the endpoints the YNAB API methods send, both ways', () => {
    const used = OPERATIONS.filter((o) => o.use === 'used').map((o) => `${o.method} ${o.path}`);
    const sent = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(sent).size).toBe(sent.length);
    expect([...sent].sort()).toEqual([...used].sort());
  });
});
