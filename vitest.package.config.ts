import { defineConfig } from 'vitest/config';

/**
 * `npm run test:package`: the npm package and the desktop bundle, built and installed as a user gets
 * them. Kept out of the default run, and out of its network guard, because `npm pack`, the install
 * and the bundle take a minute and their npm processes reach the npm registry (with this machine's
 * proxy and certificate settings, which the guard would remove). The test code itself only talks
 * to loopback. One file at a time: both rebuild dist/.
 */
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
