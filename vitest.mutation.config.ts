// The tests Stryker runs for each mutant: the unit tests of src/domain and src/safety, and the tool
// tests that drive the safety layer (confirmations, journal, undo) through a real client.
// MUTATION_TESTS=unit keeps only the unit tests: much faster, and a lower bound on the score.
// The base configuration is copied, not merged: a merge would add these globs to the base ones.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const unit = ['test/domain/**/*.test.ts', 'test/safety/**/*.test.ts'];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: process.env.MUTATION_TESTS === 'unit' ? unit : [...unit, 'test/tools/**/*.test.ts'],
    coverage: { enabled: false },
  },
});
