#!/usr/bin/env node
/**
 * The CLI entry (package.json's `bin`, and what the desktop extension's launcher imports). It turns on
 * Node's module compile cache first, where the runtime has it (Node ≥ 22.1), so that every later start
 * reuses the compiled code of the bundle instead of compiling it again; then the CLI itself is loaded.
 * The cache lives in the system's temporary folder (NODE_COMPILE_CACHE names another one,
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off) and holds compiled code only, never data.
 */
import module from 'node:module';
import v8 from 'node:v8';

/*
 * The young generation stays at its starting size. V8 doubles it whenever many young objects
 * survive a collection, and the first download of a large plan is exactly that (sixty thousand rows
 * that all survive): it then stays at its largest for the life of the process, a large part of the
 * server's peak memory after the rows themselves. Kept small, the heaviest single read peaks about
 * 30 MiB lower, for no more CPU on the cold path (docs/performance.md has the A/B). The growth
 * factor is read each time V8 considers growing, so it takes effect when set here, after start,
 * unlike the size limits, which are fixed at start.
 */
try {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
} catch {
  // a runtime that refuses the flag keeps V8's default: more memory, nothing else
}

const withCache = module as { enableCompileCache?: () => unknown };
try {
  withCache.enableCompileCache?.();
} catch {
  // a cache that cannot be written (read-only temporary folder) only means a slower start
}
await import('./cli/start.js');
