/**
 * The guard of the tests that spawn the built CLI (test/helpers/built.ts): they fail, never skip,
 * when dist/ is missing, has no build stamp, or is older than a file of src/ or views/ (edited,
 * added or deleted). Checked on a throw-away tree whose times are set, not waited for.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuild } from '../helpers/built.js';

/** A fixed past time for every file of the tree, so that "newer" never depends on the clock. */
const BUILT = new Date('2026-01-01T00:00:00Z');
let root = '';

function put(path: string, text = ''): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Every file and folder of the tree back to BUILT, and a stamp that says the build saw BUILT. */
function builtAt(): void {
  for (const p of ['src/a.ts', 'src/sub/b.ts', 'src/sub', 'src', 'views/v.ts', 'views', 'dist/main.js'])
    utimesSync(join(root, p), BUILT, BUILT);
  put('dist/build-stamp.json', JSON.stringify({ sourcesAt: BUILT.getTime() }));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'avenir-fresh-build-'));
  put('src/a.ts', 'export const a = 1;\n');
  put('src/sub/b.ts', 'export const b = 2;\n');
  put('views/v.ts', 'export const v = 3;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the fresh-build guard of the end-to-end tests', () => {
  it('says to build when dist/main.js is missing', () => {
    expect(staleBuild(root)).toMatch(/dist\/main\.js is missing: run `npm run build`/);
  });

  it('says to build again when dist/ has no stamp', () => {
    put('dist/main.js');
    expect(staleBuild(root)).toMatch(/no build-stamp\.json.*run `npm run build`/);
  });

  it('passes a build stamped with the newest time of its sources', () => {
    put('dist/main.js');
    builtAt();
    expect(staleBuild(root)).toBeUndefined();
  });

  it('names the source file edited after the build, in src/ or in views/', () => {
    put('dist/main.js');
    builtAt();
    const later = new Date(BUILT.getTime() + 1000);
    utimesSync(join(root, 'src/sub/b.ts'), later, later);
    expect(staleBuild(root)).toMatch(/older than its sources \(src\/sub\/b\.ts changed.*npm run build/);
    utimesSync(join(root, 'src/sub/b.ts'), BUILT, BUILT);
    utimesSync(join(root, 'views/v.ts'), later, later);
    expect(staleBuild(root)).toMatch(/views\/v\.ts changed after the build/);
  });

  it('sees a source file deleted after the build (its folder changed)', () => {
    put('dist/main.js');
    builtAt();
    rmSync(join(root, 'src/sub/b.ts'));
    expect(staleBuild(root)).toMatch(/older than its sources \(src\/sub changed/);
  });
});
