/** Logging (core.md §2.9, D20): stderr lines, levels, JSON format, no names above DEBUG. */
import { describe, expect, it } from 'vitest';
import { createLog } from '../src/log.js';

describe('the log', () => {
  it('writes text lines at or above its level', () => {
    const lines: string[] = [];
    const log = createLog('WARNING', 'text', (l) => lines.push(l));
    log.debug('ynab', 'hidden');
    log.info('ynab', 'hidden too');
    log.warning('tools', 'Tool list_accounts failed (YNAB 404)');
    log.error('main', 'boom', new Error('bad'));
    expect(lines[0]).toBe('WARNING:tools:Tool list_accounts failed (YNAB 404)\n');
    expect(lines[1]).toMatch(/^ERROR:main:boom\nError: bad\n/);
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
