/**
 * `npm run test:node-versions`: the end-to-end tests of the built CLI (test/e2e: stdio in both
 * protocol eras, HTTP, the command line, ending with the client) under every Node.js line
 * package.json's `engines` names besides the one running this script (the main suite covers it).
 * The binaries are the npm packages pinned, with their integrity, in
 * test/node-versions/package-lock.json, so that `npm ci` there always brings the same ones. Vitest itself runs under each binary, so that the CLI it
 * spawns (process.execPath) and everything the tests start run on that Node.
 *
 * Linux x64 only (the packages hold Linux x64 binaries); elsewhere it says so and stops.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'test', 'node-versions');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `test:node-versions: skipped, the pinned Node binaries are for linux-x64 (this is ${process.platform}-${process.arch}).`,
  );
  process.exit(0);
}
if (!existsSync(join(root, 'dist', 'main.js'))) {
  throw new Error('dist/main.js is missing: run npm run build first (npm run test:node-versions does).');
}

const pinned = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).devDependencies;

// A binary for every line `engines` names and for no other, so that on any machine the end-to-end
// tests run on each line the package claims: a line added to the range without its binary here, or a
// binary left for a line the range dropped, stops the run.
const lineOf = (version) => version.match(/(\d+)\./)?.[1];
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const named = [...engines.node.matchAll(/\^(\d+)\./g)].map((m) => m[1]).sort();
const pinnedLines = Object.values(pinned).map(lineOf).sort();
if (named.join() !== pinnedLines.join()) {
  console.error(
    `test:node-versions: engines names Node ${named.join(', ')}, test/node-versions pins Node ${pinnedLines.join(', ')}: ` +
      'pin one binary per line of the range.',
  );
  process.exit(1);
}
execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const failed = [];
const passed = [];
// This script's own line needs no second run: the main suite has just run on it.
const own = lineOf(process.versions.node);
for (const alias of Object.keys(pinned).filter((a) => lineOf(pinned[a]) !== own)) {
  const bin = join(folder, 'node_modules', alias, 'bin');
  const node = join(bin, 'node');
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`\n== test/e2e under Node ${version} (${pinned[alias]})`);
  // The binary's folder first on PATH: anything a test starts by the name `node` runs on it too.
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
  const run = spawnSync(node, [vitest, 'run', 'test/e2e'], { cwd: root, env, stdio: 'inherit' });
  (run.status === 0 ? passed : failed).push(version);
}
if (failed.length > 0) {
  console.error(`\ntest:node-versions: the end-to-end tests failed under Node ${failed.join(', ')}.`);
  process.exit(1);
}
console.log(`\ntest:node-versions: the end-to-end tests passed under Node ${passed.join(', ')}.`);
