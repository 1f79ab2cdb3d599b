// Mutation testing of the pure logic and the safety layer (`npm run mutation`, not part of `npm test`):
// Stryker changes the code one small mutation at a time and checks that some test fails for each.
// Stryker 10 needs Node 22: it is installed in tooling/node22-tools and runs under the Node 22 of
// tooling/node22 (scripts/node22.mjs). Its Vitest runner finds the project's own Vitest (that folder
// installs no peers), so the tests are the ones `npm test` runs, limited to those that exercise
// src/domain and src/safety.
// It is run in parts on small machines (docs/mutation.md): MUTATION_PART names a part, so that each
// keeps its own report and incremental file (a rerun tests only the mutants whose code or tests changed).
const part = process.env.MUTATION_PART ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : ['src/domain/**/*.ts', 'src/safety/**/*.ts'],
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run of every test, under load with the tool tests, takes longer than the default 5 minutes.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: `reports/mutation/incremental-${part}.json`,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${part}.json` },
  htmlReporter: { fileName: `reports/mutation/${part}.html` },
  tempDirName: `.stryker-tmp-${part}`,
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
