// Mutation testing of the pure logic and the safety layer (`npm run mutation`, not part of `npm test`):
// Stryker changes the code one small mutation at a time and checks that some test fails for each.
// It runs under the Node 22 of tooling/node22 (Stryker 10 needs it); the tests themselves are the
// ones `npm test` runs, limited to those that exercise src/domain and src/safety.
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
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
