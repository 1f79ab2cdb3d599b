/**
 * Every test file takes its YNAB stand-in from the shared fixture (`test/helpers/fixture.ts`: one
 * stand-in per file, every session a test opens closed when it ends), never from a `startHarness()`
 * of its own in a `beforeAll`: two ways of setting up a test side by side made a newcomer learn both,
 * and a hand-made set-up forgot to close what it opened. The fixture is the one place that starts a
 * harness; this keeps it so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFiles } from '../helpers/test-files.js';

/** A call of the harness's starter, the fixture's job. */
const HAND_MADE = /\bstartHarness\s*\(/;

describe('test set-up', () => {
  it('every test file takes its stand-in from the shared fixture', () => {
    const selfPath = join('test', 'tooling', 'test-setup.test.ts');
    const byHand = testFiles('test').filter((f) => f !== selfPath && HAND_MADE.test(readFileSync(f, 'utf8')));
    expect(byHand).toEqual([]);
  });

  it('the rule catches a hand-made set-up', () => {
    expect(HAND_MADE.test('beforeAll(async () => {\n  h = await startHarness();\n});')).toBe(true);
    expect(HAND_MADE.test("it('reads', async ({ h }) => {});")).toBe(false);
  });
});
