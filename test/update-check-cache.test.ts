/**
 * The update check's day-long memory and the registry answers it distrusts: a cache
 * entry is used only when it says when it was written, that was less than a day ago and not in the
 * future; an answer without a version, or a failure that is not an Error, means "no notice".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLog } from '../src/log.js';
import { checkForUpdate } from '../src/update-check.js';

const NOW = new Date('2026-09-25T09:00:00Z');

function run(cache: unknown, registry: () => Promise<Response>) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'avenir-cache-'));
  if (cache !== undefined) writeFileSync(join(cacheDir, 'latest-version.json'), JSON.stringify(cache));
  const lines: string[] = [];
  let asked = 0;
  const fetch = (async () => {
    asked += 1;
    return registry();
  }) as unknown as typeof globalThis.fetch;
  const log = createLog('INFO', 'text', (l) => void lines.push(l));
  return checkForUpdate({ enabled: true, cacheDir, current: '0.1.0', now: NOW, log, fetch }).then(
    (notice) => ({ notice, asked, lines }),
  );
}

const newer = () => Promise.resolve(new Response(JSON.stringify({ version: '0.2.0' })));

describe('the update check cache', () => {
  it.each([
    ['no date', { latest: '0.2.0' }],
    ['a date that is not a string', { checked_at: 12, latest: '0.2.0' }],
    ['a date in the future', { checked_at: '2026-09-26T09:00:00+00:00', latest: '0.2.0' }],
    ['a day old', { checked_at: '2026-09-24T09:00:00+00:00', latest: '0.9.0' }],
  ])('asks the registry again for an entry with %s', async (_what, cache) => {
    const r = await run(cache, newer);
    expect(r.asked).toBe(1);
    expect(r.notice).toContain('avenir-mcp 0.2.0 is available');
  });

  it('takes a fresh entry as it is, without asking; a non-string latest counts as none', async () => {
    const fresh = await run({ checked_at: '2026-09-25T08:00:00+00:00', latest: '0.3.0' }, newer);
    expect(fresh).toMatchObject({ asked: 0 });
    expect(fresh.notice).toContain('avenir-mcp 0.3.0 is available');
    const odd = await run({ checked_at: '2026-09-25T08:00:00+00:00', latest: 3 }, newer);
    expect(odd).toMatchObject({ asked: 0, notice: null });
  });

  it('gives no notice for an answer without a version, or a failure that is not an Error', async () => {
    const empty = await run(undefined, () => Promise.resolve(new Response('{}')));
    expect(empty.notice).toBeNull();
    expect(empty.lines).toContain('INFO:update:Update check skipped: no version in the answer\n');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    const odd = await run(undefined, () => Promise.reject('offline'));
    expect(odd.notice).toBeNull();
    expect(odd.lines).toContain('INFO:update:Update check skipped: offline\n');
  });
});
