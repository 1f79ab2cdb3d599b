import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { testFiles } from './test/helpers/test-files.js';

/**
 * The slow families: runs that start another program or wait on one — the built CLI and the
 * inspector and conformance suites (each spawns processes), the older SDK's client, the property
 * runs over every tool's inputs, and every file that drives Debian's Chromium. Together they are
 * about two fifths of the suite's time, and a change to a tool rarely needs them before it is
 * pushed. `npm test` (and so CI) runs everything, in one run with one coverage report;
 * `npx vitest run` without a file runs the rest, the quick loop; `npm run test:slow` runs these
 * alone. Naming a file or folder on the command line runs it whatever its family.
 */
const SLOW_FOLDERS = ['e2e', 'inspector', 'conformance', 'interop', 'properties'].map(
  (f) => `test/${f}/**/*.test.ts`,
);

/**
 * Every test file that launches a browser (itself, or through the screenshot scripts), found by what
 * it imports, so that a new one is found too.
 */
function browserFiles(): string[] {
  return testFiles().filter((path) =>
    /from '(playwright-core|[./]+helpers\/browser\.js|[./]+scripts\/screenshots[\w-]*\.mjs)'/.test(
      readFileSync(path, 'utf8'),
    ),
  );
}

const slow = [...SLOW_FOLDERS, ...browserFiles()];
const family = process.env.AVENIR_MCP_TESTS ?? 'quick';
// a file or folder named on the command line (`npx vitest run test/oauth/sign-in.test.ts`) runs
const named = process.argv.slice(2).some((a) => a.startsWith('test/') || a.endsWith('.test.ts'));

export default defineConfig({
  test: {
    include: family === 'slow' && !named ? slow : ['test/**/*.test.ts'],
    // test/package packs and installs the package: `npm run test:package` (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, 'test/package/**', ...(family === 'quick' && !named ? slow : [])],
    setupFiles: ['test/setup.ts'],
    // a migrated embedded store, made once and copied by the tests that need one (test/global-setup.ts)
    globalSetup: ['test/global-setup.ts'],
    // the usual report, the count of assertions made (test/reporters/assertions.ts), and the list of
    // failed tests that CI prints last (test/reporters/failures.ts)
    reporters: ['default', './test/reporters/assertions.ts', './test/reporters/failures.ts'],
    // CI tries a failed test once more (set by .ci/run); test/reporters/failures.ts lists every test
    // that needed it, so a wavering test is seen and mended, not hidden.
    retry: Number(process.env.AVENIR_MCP_TEST_RETRY ?? 0),
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the server's tool tree again for each of
    // three hundred files cost more wall time than the tests themselves (about 340 s of imports on a
    // loaded 2-core run, 40 s without isolation). Every test builds its own server, stand-in, store
    // and clock, and none mocks a module the others import (test/ops/metrics-missing.test.ts loads
    // its mocked module fresh), so sharing the imported modules shares no state between files.
    isolate: false,
    // Both cores of the 2-core machines this runs on: the suite is I/O-bound per file, so two workers
    // roughly halve the wall time. The quick loop waited on real timers (settling windows, YNAB
    // timeouts, trickled downloads; most of them are gone since, see docs/architecture.md) for much of
    // its time, about 1.3 of the 2 cores busy with two workers, so it took a third to fill the idle
    // time: 214 → 155 s on the 2-core machine, where a fourth made it slower (169 s). The whole suite,
    // with coverage and the slow families, keeps two: it is what CI runs, and its timing must hold on
    // a loaded machine.
    maxWorkers: family === 'quick' && !named ? 3 : 2,
    // Vitest keeps the modules it transformed (TypeScript to JavaScript, ~12 s of the main process's
    // CPU for the suite's ~700 modules) in node_modules/.experimental-vitest-cache, keyed by each file's
    // content, so that the next run of the loop on this checkout transforms only what changed: 139 →
    // 128 s for the quick loop on 2 cores. The whole suite (`npm test`, which CI runs on a fresh clone
    // where there is nothing to reuse) runs without it: the gate does not depend on an experimental cache.
    experimental: { fsModuleCache: family === 'quick' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Entry points that only run in a spawned CLI process, where in-process coverage cannot see them
      // (their behaviour is tested by spawning the built CLI; heap-growth.ts's V8 flags are measured by
      // the bench, since no test can read a V8 flag back).
      exclude: ['src/main.ts', 'src/heap-growth.ts', 'src/cli/**'],
      reporter: ['text-summary', 'text'],
      reportOnFailure: true,
      // The gate `npm test` enforces: a change that leaves code untested fails CI. The safety layer
      // (confirmations, journal, undo) guards the user's money, so every branch of it is tested.
      thresholds: {
        lines: 98,
        // 95 % of branches overall; it may only go up. What stays uncovered is mostly defensive: answers
        // YNAB or Node never give, and fallbacks the types ask for. Every branch of src/safety
        // (confirmation, journal, undo) is tested, and stays so.
        branches: 95,
        'src/safety/**/*.ts': { branches: 100 },
      },
    },
  },
});
