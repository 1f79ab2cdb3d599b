/**
 * The README is also the npm package page, where a relative link leads nowhere: its links are
 * absolute, and those into this repository name files that exist. The pages of docs/ are read on
 * the repository's site, where relative links work: theirs must resolve.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: { url: string } };
const REPO = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const links = (markdown: string): string[] =>
  [...markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe('links', () => {
  it('README links are absolute, and those into the repository name existing files', () => {
    const found = links(readFileSync('README.md', 'utf8'));
    expect(found.length).toBeGreaterThan(5);
    for (const link of found) {
      expect(link, link).toMatch(/^(https:\/\/|#)/);
      if (link.startsWith(`${REPO}/blob/main/`)) {
        expect(existsSync(link.slice(`${REPO}/blob/main/`.length).replace(/#.*$/, '')), link).toBe(true);
      }
    }
  });

  it('the relative links of docs/ resolve', () => {
    for (const page of readdirSync('docs').filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join('docs', page), 'utf8');
      for (const link of links(text).filter((l) => !/^(https?:|#|mailto:)/.test(l))) {
        expect(
          existsSync(join(dirname(join('docs', page)), link.replace(/#.*$/, ''))),
          `${page}: ${link}`,
        ).toBe(true);
      }
      // In-page anchors name a heading of the page (GitHub's form: lower case, punctuation dropped).
      const anchors = new Set(
        [...text.matchAll(/^#+ (.+)$/gm)].map(
          (m) =>
            `#${m[1]!
              .toLowerCase()
              .replace(/[^a-z0-9 -]/g, '')
              .replace(/ /g, '-')}`,
        ),
      );
      for (const link of links(text).filter((l) => l.startsWith('#')))
        expect(anchors, `${page}: ${link}`).toContain(link);
    }
  });
});
