#!/usr/bin/env node
/**
 * The CLI entry (package.json's `bin`, and what the desktop extension's launcher imports). It turns on
 * Node's module compile cache first, where the runtime has it (Node ≥ 22.1), so that every later start
 * reuses the compiled code of the bundle instead of compiling it again; then the CLI itself is loaded.
 * The cache lives in the system's temporary folder (NODE_COMPILE_CACHE names another one,
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off) and holds compiled code only, never data. Before
 * anything else it sets how far V8 lets the heap grow before it collects (heap-growth.ts).
 */
import module from 'node:module';
import { limitHeapGrowth } from './heap-growth.js';

limitHeapGrowth();

const withCache = module as { enableCompileCache?: () => unknown };
try {
  withCache.enableCompileCache?.();
} catch {
  // a cache that cannot be written (read-only temporary folder) only means a slower start
}
await import('./cli/start.js');
