/**
 * What the log holds: at INFO, ids and counts only (never an amount, a bank balance or a monthly budget);
 * every logged value on one line, so an id with a line break cannot forge a line of its own.
 */
import { describe, expect } from 'vitest';
import { createLog } from '../../src/log.js';
import { it } from '../helpers/fixture.js';
import { call, connect } from '../helpers/harness.js';

const LINE = /^(DEBUG|INFO|WARNING|ERROR):[a-z]+:[^\n\r\u2028\u2029]*\n$/;

describe('the log', () => {
  it('holds no amount at INFO: set_category_budget, reconcile_account', async ({ h }) => {
    const lines: string[] = [];
    const s = await connect(h, 'modern', { log: createLog('INFO', 'text', (l) => void lines.push(l)) });
    await call(s, 'set_category_budget', {
      plan_id: 'demo-budget',
      month: '2026-09-01',
      category_id: 'cat-restaurants',
      amount: 151.37,
    });
    await call(s, 'reconcile_account', {
      plan_id: 'demo-budget',
      account_id: 'acc-savings',
      bank_balance: 612.34,
    });
    await call(s, 'list_payees', { plan_id: 'demo-budget', limit: 3 });
    expect(lines).toContain(
      'INFO:tools:Tool called: set_category_budget(plan_id=demo-budget, category_id=cat-restaurants)\n',
    );
    expect(lines).toContain(
      'INFO:tools:Tool called: reconcile_account(plan_id=demo-budget, account_id=acc-savings)\n',
    );
    expect(lines).toContain('INFO:tools:Tool called: list_payees(plan_id=demo-budget, limit=3)\n');
    const all = lines.join('');
    for (const amount of ['151', '612']) expect(all).not.toContain(amount);
  });

  it.for(['text', 'json'] as const)(
    'writes an id with line breaks on one line (%s)',
    async (format, { h }) => {
      const lines: string[] = [];
      const s = await connect(h, 'legacy', { log: createLog('DEBUG', format, (l) => void lines.push(l)) });
      const forged = 'demo-budget\nERROR:main:forged line\r\u2028WARNING:x:y';
      await call(s, 'list_accounts', { plan_id: forged });
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) {
        if (format === 'text') expect(line).toMatch(LINE);
        else expect(line).toMatch(/^\{[^\n\r\u2028\u2029]*\}\n$/);
      }
      const called = lines.find((l) => l.includes('Tool called: list_accounts'));
      if (format === 'text')
        expect(called).toBe(
          'INFO:tools:Tool called: list_accounts(plan_id=demo-budget\\nERROR:main:forged line\\r\\u2028WARNING:x:y)\n',
        );
      else
        expect(JSON.parse(called ?? '{}')).toMatchObject({
          message: `Tool called: list_accounts(plan_id=${forged})`,
        });
    },
  );

  it('indents a stack so that none of its lines passes for a log line', () => {
    const lines: string[] = [];
    const log = createLog('ERROR', 'text', (l) => void lines.push(l));
    log.error('main', 'boom', new Error('bad\nINFO:tools:forged'));
    const [line] = lines;
    expect(line?.startsWith('ERROR:main:boom\n    Error: bad\n    INFO:tools:forged\n    at ')).toBe(true);
    for (const rest of (line ?? '').split('\n').slice(1, -1)) expect(rest).toMatch(/^ {4}\S/);
  });
});
