/**
 * Every requirement of test/requirements.ts has a test that names it, so that a rule is never listed
 * without being held; and the tags are only ever written through `req` (a bare `[id]` in a title
 * could name a requirement that does not exist).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS, type RequirementId } from './requirements.js';

/** Every test file under test/, with its text. */
function testFiles(dir = 'test'): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [{ file: path, text: readFileSync(path, 'utf8') }] : [];
  });
}

/** The requirement ids each file's titles name through `req('…')`. */
export function namedIn(text: string): string[] {
  return [...text.matchAll(/\breq\('([a-z-]+)'\)/g)].map((m) => m[1] as string);
}

describe("the requirements' own checks", () => {
  const files = testFiles().filter((f) => f.file !== join('test', 'requirements.test.ts'));
  const named = new Map<string, string[]>();
  for (const f of files) for (const id of namedIn(f.text)) named.set(id, [...(named.get(id) ?? []), f.file]);

  it('every requirement is named by at least one test', () => {
    const untested = (Object.keys(REQUIREMENTS) as RequirementId[]).filter((id) => !named.has(id));
    expect(untested).toEqual([]);
  });

  it('every id a test names is a requirement', () => {
    expect([...named.keys()].filter((id) => !(id in REQUIREMENTS))).toEqual([]);
  });

  it('finds the ids in a title, and nothing in a bare bracket', () => {
    expect(namedIn("describe(`${req('yes-bound')} x ${req('pacer-hourly')}`")).toEqual([
      'yes-bound',
      'pacer-hourly',
    ]);
    expect(namedIn("describe('[yes-bound] x'")).toEqual([]);
  });
});
