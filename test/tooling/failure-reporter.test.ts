/**
 * The failure reporter writes, when a run ends, the tests that failed (with the first lines of their
 * error), the errors of a file outside its tests, and the tests that passed only on their retry, to
 * the file that `.ci/run` prints last.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import FailureList from '../reporters/failures.js';

interface Case {
  name: string;
  state: 'passed' | 'failed' | 'skipped';
  flaky?: boolean;
  error?: { message: string; stack?: string };
}

const moduleOf = (
  file: string,
  cases: Case[],
  fileErrors: { message: string }[] = [],
  hookErrors: { message: string }[] = [],
) =>
  ({
    moduleId: join(process.cwd(), file),
    errors: () => fileErrors,
    children: {
      *allSuites() {
        yield { fullName: 'a suite', errors: () => hookErrors };
      },
      *allTests() {
        for (const c of cases)
          yield {
            fullName: c.name,
            result: () => ({ state: c.state, errors: c.error === undefined ? undefined : [c.error] }),
            diagnostic: () => (c.state === 'skipped' ? undefined : { flaky: c.flaky === true }),
          };
      },
    },
  }) as unknown as TestModule;

describe('the failure reporter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'failures-'));
  const out = join(dir, 'failures.txt');
  afterEach(() => {
    delete process.env.AVENIR_MCP_FAILURES_OUT;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the failed tests with their error, the file and hook errors, and the tests that passed on a retry', () => {
    process.env.AVENIR_MCP_FAILURES_OUT = out;
    new FailureList().onTestRunEnd([
      moduleOf('test/a.test.ts', [
        { name: 'a > passes', state: 'passed' },
        {
          name: 'a > breaks',
          state: 'failed',
          error: { message: 'expected 1 to be 2', stack: 'at a.test.ts:3' },
        },
        { name: 'a > wavers', state: 'passed', flaky: true },
        { name: 'a > skipped', state: 'skipped' },
      ]),
      moduleOf('test/b.test.ts', [], [{ message: 'Cannot find module x' }], [{ message: 'dist/ is stale' }]),
    ]);
    expect(readFileSync(out, 'utf8')).toBe(
      [
        'Failed: 3',
        'test/a.test.ts > a > breaks',
        '    expected 1 to be 2',
        '    at a.test.ts:3',
        'test/b.test.ts (outside a test)',
        '    Cannot find module x',
        'test/b.test.ts > a suite (a hook)',
        '    dist/ is stale',
        'Passed only when tried again: 1',
        '  test/a.test.ts > a > wavers',
        '',
      ].join('\n'),
    );
  });

  it('says none of either when every test passed at once', () => {
    process.env.AVENIR_MCP_FAILURES_OUT = out;
    new FailureList().onTestRunEnd([moduleOf('test/a.test.ts', [{ name: 'a > passes', state: 'passed' }])]);
    expect(readFileSync(out, 'utf8')).toBe('Failed: 0\nPassed only when tried again: 0\n');
  });
});
