/**
 * The API-coverage list (core.md §1.13): the client calls only operations listed as used, every used
 * one is called somewhere in src/, and each operation has one status and a reason.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, YNAB_API_VERSION } from '../../src/ynab/coverage.js';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });

/** `METHOD /a/{}/b` for every request the code makes: literal segments kept, variables as `{}`. */
function calls(): Map<string, string> {
  const found = new Map<string, string>();
  const shape = (segments: string[]): string =>
    `/${segments.map((s) => (/^'[^']*'$/.test(s.trim()) ? s.trim().slice(1, -1) : '{}')).join('/')}`;
  for (const file of files('src').filter((f) => !f.startsWith(join('src', 'demo')))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /\.request(?:<[\s\S]*?>)?\(\s*'(GET|POST|PATCH|PUT|DELETE)',\s*\[([^\]]*)\]/g,
    )) {
      const segments = (m[2] ?? '').split(',').filter((s) => s.trim() !== '');
      // the list reader's generic request: its paths are the #fetcher calls below
      if (segments.some((s) => s.trim() === 'path')) continue;
      found.set(`${m[1]} ${shape(segments)}`, file);
    }
    for (const m of text.matchAll(/#fetcher<\w+>\(\s*planId,\s*'(\w+)'/g))
      found.set(`GET /plans/{}/${m[1]}`, file);
  }
  return found;
}

const normalise = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

describe('the YNAB API coverage list', () => {
  it('lists the 44 operations once each, with a reason', () => {
    expect(OPERATIONS).toHaveLength(44);
    const keys = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(44);
    for (const o of OPERATIONS) expect(o.why.length, `${o.method} ${o.path}`).toBeGreaterThan(5);
    expect(OPERATIONS.every((o) => !o.path.startsWith('/budgets'))).toBe(true);
  });

  it('names the API version it is built against in the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`YNAB API v${YNAB_API_VERSION}`);
  });

  it('matches the calls the code makes, both ways', () => {
    const used = new Set(
      OPERATIONS.filter((o) => o.use === 'used').map((o) => `${o.method} ${normalise(o.path)}`),
    );
    const made = calls();
    expect(made.size).toBeGreaterThan(10);
    for (const [call, file] of made)
      expect(used.has(call), `${call} (${file}) is not listed as used`).toBe(true);
    for (const u of used) expect(made.has(u), `${u} is listed as used but never called`).toBe(true);
  });
});
