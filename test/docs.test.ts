/**
 * Documentation checks: every variable the code reads is documented, the attribution is there, and
 * the pages that list the write tools by hand (the README's count, safety.md's table) keep up with them.
 * (That only config.ts reads process.env is a lint rule, tested in test/lint-rules.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeTools } from '../src/tools/index.js';

/** A count as the README's headings write it, in words (the write tools are twenty today). */
const SMALL =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const inWords = (n: number): string =>
  n < 20
    ? SMALL[n]!
    : `${['twenty', 'thirty', 'forty'][Math.floor(n / 10) - 2]!}${n % 10 ? `-${SMALL[n % 10]!}` : ''}`;

describe('documentation', () => {
  it('documents every environment variable config.ts reads', () => {
    const code = readFileSync('src/config.ts', 'utf8');
    const read = new Set([...code.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));
    read.delete('HOME');
    const page = readFileSync('docs/configuration.md', 'utf8');
    expect(read.size).toBeGreaterThan(15);
    for (const name of read) expect(page, name).toContain(`\`${String(name)}\``);
  });

  it("counts the write tools in the README's heading", () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(
      readme,
      'a write tool added or removed: fix the count in the heading "Changing the plan (…): N write tools"',
    ).toContain(`: ${inWords(writeTools.length)} write tools\n`);
  });

  it("names every confirmed write in safety.md's table of what counts as the same change", () => {
    const page = readFileSync('docs/safety.md', 'utf8');
    const start = page.indexOf('| Tool | The same subject |');
    const table = page.slice(start, page.indexOf('\n\n', start));
    const named = new Set([...table.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
    for (const tool of writeTools.filter((t) => t.confirmed))
      expect(
        named.has(tool.name),
        `${tool.name}: add it to the table "What counts as the same change" of docs/safety.md, with the keys its sameSubject lists`,
      ).toBe(true);
  });

  it('shows the YNAB attribution word for word and the two commands first', () => {
    const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      'We are not affiliated, associated, or in any way officially connected with YNAB or any of its subsidiaries or affiliates. The official YNAB website can be found at https://www.ynab.com. The names YNAB and You Need A Budget, as well as related names, tradenames, marks, trademarks, emblems, and images are registered trademarks of YNAB.',
    );
    expect(readme.indexOf('npm ci && npm run demo')).toBeLessThan(readme.indexOf('## '));
    expect(readme.indexOf('npm ci && npm test')).toBeLessThan(readme.indexOf('## '));
  });
});
