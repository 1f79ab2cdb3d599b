/**
 * The tests' `it`: Vitest's, extended so that every MCP session a test opens with `connect()` is
 * closed when the test ends, passed or failed (no `await s.close()` left outside a `finally`), and
 * with two fixtures a test can ask for by name: `h`, a YNAB stand-in for the whole file, and
 * `journal`, a fresh journal path in a temporary folder that is removed afterwards.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'vitest';
import { startHarness, trackSessions, type Harness } from './harness.js';
import { tempJournal } from './writes.js';

// Vitest reads which fixtures a fixture needs from the pattern of its first argument: these need none.
/* eslint-disable no-empty-pattern */
export const it = test
  .extend('sessions', { auto: true }, async ({}, { onCleanup }) => {
    onCleanup(trackSessions());
  })
  .extend('h', { scope: 'file' }, async ({}, { onCleanup }) => {
    const h: Harness = await startHarness();
    onCleanup(() => h.close());
    return h;
  })
  .extend('journal', async ({}, { onCleanup }) => {
    const path = tempJournal();
    onCleanup(() => rmSync(dirname(dirname(path)), { recursive: true, force: true }));
    return path;
  });
/* eslint-enable no-empty-pattern */
