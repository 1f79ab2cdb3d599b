/**
 * Counts the assertions the suite makes, per test file: each test's `expect.getState().assertionCalls`
 * is kept in its meta by test/setup.ts, and this reporter sums them by file when the run ends. A
 * move or merge of tests (one folder per tool, cases moved next to the rule they pin) must not
 * weaken them: the total before and after is compared, and a file that lost assertions shows.
 *
 * Every run prints the total; `npm run test:assertions` also writes `assertions.json` (file → count,
 * and the total), as any run does where AVENIR_MCP_ASSERTIONS_OUT says.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class AssertionCount implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byFile: Record<string, number> = {};
    let total = 0;
    for (const m of modules) {
      let sum = 0;
      for (const t of m.children.allTests()) {
        const n = (t.meta() as { assertions?: unknown }).assertions;
        if (typeof n === 'number') sum += n;
      }
      byFile[relative(process.cwd(), m.moduleId)] = sum;
      total += sum;
    }
    const out = process.env.AVENIR_MCP_ASSERTIONS_OUT;
    if (out !== undefined && out !== '') {
      const sorted = Object.fromEntries(Object.entries(byFile).sort(([a], [b]) => (a < b ? -1 : 1)));
      writeFileSync(out, `${JSON.stringify({ total, files: sorted }, null, 2)}\n`);
    }
    process.stdout.write(`Assertions: ${total} in ${modules.length} files\n`);
  }
}
