/**
 * Logging: stderr lines, levels, JSON format, and no names above DEBUG (a tool error's text can carry
 * payees or categories, so at WARNING its line holds only the tool and YNAB's status).
 */
import { describe, expect } from 'vitest';
import { it } from './helpers/fixture.js';
import { createLog } from '../src/log.js';
import { call, connect, textOf } from './helpers/harness.js';

describe('the log', () => {
  it('writes text lines at or above its level', () => {
    const lines: string[] = [];
    const log = createLog('WARNING', 'text', (l) => lines.push(l));
    log.debug('ynab', 'hidden');
    log.info('ynab', 'hidden too');
    log.warning('tools', 'Tool list_accounts failed (YNAB 404)');
    log.error('main', 'boom', new Error('bad'));
    expect(lines[0]).toBe('WARNING:tools:Tool list_accounts failed (YNAB 404)\n');
    expect(lines[1]).toMatch(/^ERROR:main:boom\n {4}Error: bad\n {4}at /);
    expect(lines).toHaveLength(2);
  });

  it('writes one JSON object per line, non-ASCII kept', () => {
    const lines: string[] = [];
    const log = createLog('DEBUG', 'json', (l) => lines.push(l));
    log.debug('journal', 'Épargne');
    log.error('main', 'boom', new Error('bad'));
    const first = JSON.parse(lines[0] ?? '') as Record<string, string>;
    expect(first).toMatchObject({ level: 'DEBUG', logger: 'journal', message: 'Épargne' });
    expect(first.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines[0]).toContain('Épargne');
    expect(JSON.parse(lines[1] ?? '').exception).toContain('Error: bad');
  });
});

describe('what the server logs', () => {
  it('at INFO: each tool call and YNAB request with ids only; a failure at WARNING without its text', async ({
    h,
  }) => {
    const lines: string[] = [];
    const s = await connect(h, 'modern', { log: createLog('INFO', 'text', (l) => lines.push(l)) });
    await call(s, 'list_payees', { plan_id: 'demo-budget', search: 'Secret Shop Name', limit: 5 });
    await call(s, 'list_accounts', { plan_id: 'no-such-plan' });
    await s.close();
    expect(lines).toContain('INFO:tools:Tool called: list_payees(plan_id=demo-budget, limit=5)\n');
    expect(lines).toContain('INFO:ynab:YNAB request: GET /plans/demo-budget/payees\n');
    expect(
      lines.some((l) =>
        l.startsWith('INFO:ynab:YNAB request: GET /plans/demo-budget/transactions?since_date=1970-01-01'),
      ),
    ).toBe(true);
    expect(lines).toContain('WARNING:tools:Tool list_accounts failed (YNAB 404)\n');
    expect(lines.join('')).not.toContain('Secret Shop Name');
    expect(lines.join('')).not.toContain('Resource not found');
  });
});

describe('an unexpected failure', () => {
  it('is an isError result, logged at ERROR with its stack', async ({ h }) => {
    const lines: string[] = [];
    const s = await connect(h, 'legacy', { log: createLog('ERROR', 'text', (l) => lines.push(l)) });
    h.standIn.fault({ path: '/plans', status: 200, body: '{"data":{}}' });
    const r = await call(s, 'list_plans');
    await s.close();
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^Error calling tool 'list_plans': /);
    expect(lines[0]).toMatch(/^ERROR:tools:Tool list_plans failed unexpectedly\n {4}\w*Error: /);
  });
});
