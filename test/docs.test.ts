/**
 * Documentation checks: every variable the code reads is documented, and the attribution is there.
 * (That only config.ts reads process.env is a lint rule, tested in test/lint-rules.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('documentation', () => {
  it('documents every environment variable config.ts reads', () => {
    const code = readFileSync('src/config.ts', 'utf8');
    const read = new Set([...code.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));
    read.delete('HOME');
    const page = readFileSync('docs/configuration.md', 'utf8');
    expect(read.size).toBeGreaterThan(15);
    for (const name of read) expect(page, name).toContain(`\`${String(name)}\``);
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
