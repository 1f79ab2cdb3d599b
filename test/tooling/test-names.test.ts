/**
 * A test file is named for what it tests (a rule, a behaviour), never for when it was written: files
 * named `-edges`, `-mutants` or `-more` grew beside the file of their rule, so that a newcomer looking
 * for a rule's tests found half of them. They were folded into the file of the rule they pin or named
 * after it; this keeps new ones from growing again.
 */
import { describe, expect, it } from 'vitest';
import { testFiles } from '../helpers/test-files.js';

/** A name that says when a test was added rather than what it pins. */
const BY_WHEN = /-(edges|mutants|more|extra|misc|new)\.test\.ts$/;

describe('test file names', () => {
  it('say what they test, not when they were written', () => {
    expect(testFiles('test').filter((f) => BY_WHEN.test(f))).toEqual([]);
  });

  it('the rule catches the names it is for', () => {
    expect(
      ['a/consent-edges.test.ts', 'b/undo-mutants.test.ts', 'c/outcomes-more.test.ts'].map((f) =>
        BY_WHEN.test(f),
      ),
    ).toEqual([true, true, true]);
    expect(BY_WHEN.test('test/oauth/consent-page.test.ts')).toBe(false);
  });
});
