/**
 * The built CLI for the tests that spawn it. They used to skip when dist/main.js was missing, so a
 * run without a build passed in silence, and after a source change they tested the old build. Now
 * they fail, saying what to run: dist/ must exist and be newer than every file of src/ and views/
 * (the build writes the newest modification time it saw into dist/build-stamp.json; see
 * scripts/build-cli.mjs). `npm test` builds before it runs Vitest, so it always meets this.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled CLI, absolute, so that it does not depend on the working folder. */
export const BUILT_MAIN = join(ROOT, 'dist', 'main.js');

/** The newest file or folder under `folder` (a folder's time moves when a file is deleted). */
function newestUnder(folder: string): { path: string; at: number } {
  let newest = { path: folder, at: statSync(folder).mtimeMs };
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const found = entry.isDirectory() ? newestUnder(path) : { path, at: statSync(path).mtimeMs };
    if (found.at > newest.at) newest = found;
  }
  return newest;
}

/** Why dist/ cannot be tested as it is, or undefined when it was built from the sources as they are. */
export function staleBuild(root = ROOT): string | undefined {
  const main = join(root, 'dist', 'main.js');
  const stamp = join(root, 'dist', 'build-stamp.json');
  if (!existsSync(main)) return 'dist/main.js is missing: run `npm run build` first (`npm test` does).';
  if (!existsSync(stamp))
    return 'dist/ has no build-stamp.json (built by an older build script): run `npm run build`.';
  const { sourcesAt } = JSON.parse(readFileSync(stamp, 'utf8')) as { sourcesAt: number };
  const newest = [newestUnder(join(root, 'src')), newestUnder(join(root, 'views'))].reduce((a, b) =>
    b.at > a.at ? b : a,
  );
  if (newest.at <= sourcesAt) return undefined;
  return (
    `dist/ is older than its sources (${relative(root, newest.path)} changed after the build): ` +
    'run `npm run build` again.'
  );
}

/** Fails the calling test (or hook) with what to run when dist/ is missing or stale. */
export function requireFreshBuild(): void {
  const why = staleBuild();
  if (why !== undefined) throw new Error(why);
}

/**
 * A describe block of tests that spawn dist/main.js: each of its tests fails with what to run when
 * dist/ is missing or older than src/ and views/.
 */
export function describeBuilt(name: string, body: () => void): void {
  describe(name, () => {
    beforeAll(requireFreshBuild);
    body();
  });
}
