/**
 * The assertion reporter sums each test's assertion count (kept in its meta by test/setup.ts) per
 * file, and writes the file → count table with its total where AVENIR_MCP_ASSERTIONS_OUT says.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import AssertionCount from '../reporters/assertions.js';

const moduleOf = (file: string, counts: (number | undefined)[]) =>
  ({
    moduleId: join(process.cwd(), file),
    children: {
      *allTests() {
        for (const n of counts) yield { meta: () => (n === undefined ? {} : { assertions: n }) };
      },
    },
  }) as unknown as TestModule;

describe('the assertion reporter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assertions-'));
  afterEach(() => {
    delete process.env.AVENIR_MCP_ASSERTIONS_OUT;
  });

  it('sums the assertions per file, a test without a count as none, and writes the table', () => {
    const out = join(dir, 'assertions.json');
    process.env.AVENIR_MCP_ASSERTIONS_OUT = out;
    new AssertionCount().onTestRunEnd([
      moduleOf('test/b.test.ts', [3, undefined, 4]),
      moduleOf('test/a.test.ts', [1]),
    ]);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      total: 8,
      files: { 'test/a.test.ts': 1, 'test/b.test.ts': 7 },
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts this very test: the setup keeps its assertion count in its meta', ({ task, onTestFinished }) => {
    // runs after the setup's afterEach has recorded the count of the two assertions below
    onTestFinished(() => {
      if ((task.meta as { assertions?: number }).assertions !== 2) throw new Error('not counted');
    });
    expect(1).toBe(1);
    expect(2).toBe(2);
  });
});
