/**
 * The pictures in docs/screenshots/ are what the views look like now: every view is rendered again
 * (`npm run screenshots`'s own renderer, real Chromium through the ext-apps host) and compared with
 * its picture pixel by pixel (pixelmatch), with a threshold: a layout break, a lost colour or a
 * missing line fails; antialiasing does not. After a change meant to show, run `npm run screenshots`
 * and commit the pictures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderScreenshots, VIEWS } from '../../scripts/screenshots.mjs';

/** The share of pixels that may differ (text antialiasing moves a few along the edges of glyphs). */
const MOST_CHANGED = 0.005;

describe('docs/screenshots', () => {
  it('draws with the pinned fonts (.ci/chromium.sh installs them)', () => {
    const match = (family: string) => execFileSync('fc-match', [family], { encoding: 'utf8' });
    expect(match('sans-serif')).toContain('DejaVu Sans');
    expect(match('Arial')).toContain('Liberation Sans');
  });

  it('matches every view as it renders now, within the threshold', async () => {
    const out = mkdtempSync(join(tmpdir(), 'avenir-shots-'));
    const names = await renderScreenshots({ outDir: out });
    expect(names).toEqual(expect.arrayContaining(VIEWS.map(([name]) => name)));
    // every picture in the repository is one the script writes (none left over from a removed view)
    expect(readdirSync('docs/screenshots').sort()).toEqual(names.map((n) => `${n}.png`).sort());
    for (const name of names) {
      const now = PNG.sync.read(readFileSync(join(out, `${name}.png`)));
      const kept = PNG.sync.read(readFileSync(join('docs', 'screenshots', `${name}.png`)));
      const hint = `${name}: run npm run screenshots and look at the pictures`;
      expect([now.width, now.height], hint).toEqual([kept.width, kept.height]);
      const changed = pixelmatch(now.data, kept.data, undefined, now.width, now.height, { threshold: 0.1 });
      expect(changed / (now.width * now.height), hint).toBeLessThanOrEqual(MOST_CHANGED);
    }
  }, 240_000);
});
