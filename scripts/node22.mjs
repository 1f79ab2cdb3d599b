#!/usr/bin/env node
// Runs a command under Node 22 (Stryker needs it), after installing the Node 22 tools when they are
// missing (scripts/node22-tools.mjs). Usage: node scripts/node22.mjs <script> [args...]
import { spawnSync } from 'node:child_process';
import { ensureNode22Tools } from './node22-tools.mjs';

const run = spawnSync(ensureNode22Tools(), process.argv.slice(2), { stdio: 'inherit' });
process.exit(run.status ?? 1);
