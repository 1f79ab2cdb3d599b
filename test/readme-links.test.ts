/**
 * The README is also the npm package page, where a relative link leads nowhere: its links are
 * absolute, and those into this repository name files that exist. The pages of docs/ and SECURITY.md
 * are read on the repository's site, where relative links work: theirs must resolve, and so must the
 * headings their anchors name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: { url: string } };
const REPO = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const links = (markdown: string): string[] =>
  [...markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** The anchors of a page's headings, in GitHub's form: lower case, punctuation dropped, spaces as dashes. */
const anchorsOf = (markdown: string): Set<string> =>
  new Set(
    [...markdown.matchAll(/^#+ (.+)$/gm)].map(
      (m) =>
        `#${m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-')}`,
    ),
  );

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

  it('the relative links of docs/ and SECURITY.md resolve, anchors included', () => {
    const pages = [
      'SECURITY.md',
      ...readdirSync('docs')
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      for (const link of links(text).filter((l) => !/^(https?:|mailto:)/.test(l))) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? page : join(dirname(page), path);
        expect(existsSync(target), `${page}: ${link}`).toBe(true);
        // An anchor names a heading of the page it points into.
        if (anchor !== undefined && target.endsWith('.md'))
          expect(anchorsOf(readFileSync(target, 'utf8')), `${page}: ${link}`).toContain(`#${anchor}`);
      }
    }
  });

  it('SECURITY.md says where to report, privately, and names only documented variables', () => {
    const text = readFileSync('SECURITY.md', 'utf8');
    expect(links(text)).toContain(`${REPO}/security/advisories/new`);
    const configuration = readFileSync('docs/configuration.md', 'utf8');
    const named = new Set([...text.matchAll(/`((?:AVENIR_MCP|YNAB|XDG)_[A-Z_]+)/g)].map((m) => m[1]!));
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(configuration, name).toContain(`| \`${name}\` |`);
  });
});
