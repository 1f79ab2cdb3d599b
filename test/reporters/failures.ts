/**
 * The tests that failed, and those that passed only when tried again, written to one short file
 * (`test-failures.txt`, or where AVENIR_MCP_FAILURES_OUT says) when the run ends. A CI log keeps
 * only its last lines, which the coverage table fills: `.ci/run` prints this file after the run, so
 * the test that failed (or wavered) is on the last screen, with the first lines of its error.
 *
 * A test that passed on its retry is listed as wavering: CI tries a failed test once more
 * (AVENIR_MCP_TEST_RETRY in `.ci/run`), so that one slow moment of a loaded machine does not hide a
 * whole submission, and this list keeps such a test in view so that its cause gets fixed.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** The first lines of a test's first error, enough to know what broke. */
function firstLines(t: TestCase): string {
  const error = t.result().errors?.[0];
  const text = error === undefined ? '' : `${error.message ?? ''}\n${error.stack ?? ''}`;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 6)
    .map((l) => `    ${l.slice(0, 300)}`)
    .join('\n');
}

export default class FailureList implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const failed: string[] = [];
    const wavered: string[] = [];
    for (const m of modules) {
      const file = relative(process.cwd(), m.moduleId);
      for (const e of m.errors()) failed.push(`${file} (outside a test)\n    ${e.message}`);
      // a hook that failed (beforeAll, a fixture) fails its suite's tests without an error of theirs
      for (const suite of m.children.allSuites())
        for (const e of suite.errors()) failed.push(`${file} > ${suite.fullName} (a hook)\n    ${e.message}`);
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'failed') failed.push(`${file} > ${t.fullName}\n${firstLines(t)}`);
        else if (state === 'passed' && t.diagnostic()?.flaky === true)
          wavered.push(`${file} > ${t.fullName}`);
      }
    }
    const lines = [
      `Failed: ${failed.length}`,
      ...failed,
      `Passed only when tried again: ${wavered.length}`,
      ...wavered.map((w) => `  ${w}`),
    ];
    const out = process.env.AVENIR_MCP_FAILURES_OUT || 'test-failures.txt';
    writeFileSync(out, `${lines.join('\n')}\n`);
  }
}
