// The tests Stryker runs for each mutant: the unit tests of src/domain and src/safety, and the tool
// tests that drive the safety layer (confirmations, journal, undo) through a real client, and the
// approval card's flow (its secret, its binding to the previewed change), without the browser.
// MUTATION_TESTS=unit keeps only the unit tests: much faster, and a lower bound on the score;
// MUTATION_TESTS=<glob>,<glob> runs the tests named (e.g. the undo tests for MUTATE=src/safety/undo/**).
// The base configuration is copied, not merged: a merge would add these globs to the base ones.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const unit = ['test/domain/**/*.test.ts', 'test/safety/**/*.test.ts'];

function chosen(tests: string | undefined): string[] {
  if (tests === 'unit') return unit;
  if (tests) return tests.split(',');
  return [...unit, 'test/tools/**/*.test.ts', 'test/apps/approval-flow.test.ts'];
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: chosen(process.env.MUTATION_TESTS),
    coverage: { enabled: false },
  },
});
