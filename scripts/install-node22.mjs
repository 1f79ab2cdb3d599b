#!/usr/bin/env node
// The `prepare` step: installs the Node 22 the development tools need into tooling/node22 (its own
// lockfile), on `npm ci` and `npm install` only. `npm pack` and `npm publish` also run `prepare`;
// there it does nothing, and it never writes to stdout (`npm pack --json` prints its answer there).
import { spawnSync } from 'node:child_process';

if (!['ci', 'install'].includes(process.env.npm_command ?? '')) process.exit(0);
const run = spawnSync(
  'npm',
  ['ci', '--prefix', 'tooling/node22', '--no-audit', '--no-fund', '--loglevel=error'],
  { stdio: ['ignore', process.stderr, 'inherit'] },
);
process.exit(run.status ?? 1);
