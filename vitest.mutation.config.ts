// The tests Stryker runs for each mutant: the unit tests of src/domain and src/safety, and the tool
// tests that drive the safety layer (confirmations, journal, undo) through a real client.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['test/domain/**/*.test.ts', 'test/safety/**/*.test.ts', 'test/tools/**/*.test.ts'],
      exclude: [],
    },
  }),
);
