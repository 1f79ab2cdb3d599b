/**
 * The YNAB token as read from the environment or a file: a value that cannot be a header (a comment
 * line under it) is refused with a message that never quotes it, in the result and in the log; a token
 * file that is a FIFO neither freezes the server nor is read; a changed file is read again.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { createLog } from '../../src/log.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf } from '../helpers/harness.js';

const SECRET = 'ynab-token-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'avenir-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tokenFile = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  chmodSync(file, 0o600);
  return file;
};

describe('a token that cannot go into a header', () => {
  it.for([
    [
      'a token file with a comment line under it',
      { YNAB_API_KEY_FILE: tokenFile('t1', `${SECRET}\n# personal token\n`) },
      'YNAB_API_KEY_FILE holds more than one line',
    ],
    [
      'a variable with a line break inside',
      { YNAB_API_KEY: `${SECRET}\r\nX-Other: 1` },
      'YNAB_API_KEY holds more than one line',
    ],
    [
      'a variable with a space inside',
      { YNAB_API_KEY: `Bearer ${SECRET}` },
      'YNAB_API_KEY holds a space inside the token',
    ],
  ] as [string, Record<string, string>, string][])(
    '%s is refused without quoting it, in the result and the log',
    async ([, env, start], { h }) => {
      const lines: string[] = [];
      const log = createLog('DEBUG', 'text', (line) => void lines.push(line));
      const s = await connect(h, 'modern', { env: { YNAB_API_KEY: '', ...env }, log });
      const before = h.standIn.requests.length;
      const result = await call(s, 'list_plans');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `Error calling tool 'list_plans': ${start}: it must hold the YNAB token only, on one line (no comments, no quotes).`,
      );
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(lines.join('')).not.toContain(SECRET);
      expect(lines.join('')).not.toContain('invalid header');
      expect(h.standIn.requests.length).toBe(before);
    },
  );
});

describe('YNAB_API_KEY_FILE', () => {
  it('naming a FIFO is refused at once, and the server keeps serving', async ({ h }) => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    const s = await connect(h, 'modern', { env: { YNAB_API_KEY: '', YNAB_API_KEY_FILE: fifo } });
    const result = await call(s, 'list_plans');
    expect(textOf(result)).toBe(
      `Error calling tool 'list_plans': YNAB_API_KEY_FILE must name a regular file holding the token (${fifo} is not one).`,
    );
    const other = await connect(h, 'modern');
    expect((await call(other, 'list_plans')).isError).toBeFalsy();
  });

  it('larger than a token file is refused', async ({ h }) => {
    const big = tokenFile('big', 'x'.repeat(10_000));
    const s = await connect(h, 'modern', { env: { YNAB_API_KEY: '', YNAB_API_KEY_FILE: big } });
    expect(textOf(await call(s, 'list_plans'))).toBe(
      "Error calling tool 'list_plans': YNAB_API_KEY_FILE is 10000 bytes, more than a token file holds (at most 4096): it must hold the YNAB token only.",
    );
  });

  it('is read again when it changed, and the new token is sent', async ({ h }) => {
    const file = tokenFile('rotating', 'first-token\n');
    const s = await connect(h, 'modern', { env: { YNAB_API_KEY: '', YNAB_API_KEY_FILE: file } });
    await call(s, 'list_plans');
    expect(h.standIn.requests.at(-1)?.token).toBe('first-token');
    writeFileSync(file, 'second-token-longer\n');
    await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    expect(h.standIn.requests.at(-1)?.token).toBe('second-token-longer');
  });
});
