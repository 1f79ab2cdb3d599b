#!/usr/bin/env node
/**
 * The CLI entry (package.json's `bin`, and what the desktop extension's launcher imports). It turns on
 * Node's module compile cache first, where the runtime has it (Node ≥ 22.1), so that every later start
 * reuses the compiled code of the bundle instead of compiling it again; then the CLI itself is loaded.
 * The cache lives in the system's temporary folder (NODE_COMPILE_CACHE names another one,
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off) and holds compiled code only, never data.
 */
import module from 'node:module';

const withCache = module as { enableCompileCache?: () => unknown };
try {
  withCache.enableCompileCache?.();
} catch {
  // a cache that cannot be written (read-only temporary folder) only means a slower start
}
await import('./cli/start.js');
