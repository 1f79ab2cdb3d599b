/**
 * Every view in real Chromium through the ext-apps host bridge, light and dark, with the host's style
 * variables and without them (a host that sends only its theme's name), 400 and 900 px wide: every
 * text a person reads, the chart's axis and legend text included, stands out from its background by
 * WCAG's 4.5:1 at least, measured from the computed styles. Without variables in dark, the chart's
 * old fixed fallback (#222) would not: the check below proves the test catches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { colours, contrast, openAppsPage, stateOf, type AppsPage } from '../helpers/apps-page.js';

const VIEWS: [string, Record<string, unknown>, string, string][] = [
  [
    'move_money',
    {
      plan_id: 'demo-budget',
      month: '2026-09-01',
      from_category_id: 'cat-holidays',
      to_category_id: 'cat-restaurants',
      amount: 22.5,
    },
    'ready',
    'h1, .changes li, button',
  ],
  ['get_spending_trends', { plan_id: 'demo-budget', months_count: 4 }, 'drawn', 'h1, .note'],
  ['get_budget_vs_actual', { plan_id: 'demo-budget', month: '2026-09-01' }, 'drawn', 'h1, .note'],
  ['get_digest', { plan_id: 'demo-budget' }, 'shown', 'h1, h2, .summary, li'],
];

let browser: Browser;
let apps: AppsPage;

beforeAll(async () => {
  browser = await openBrowser();
  apps = await openAppsPage(browser);
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await browser?.close();
});

describe('the views in both schemes, with and without the host’s variables, at 400 and 900 px', () => {
  for (const [tool, args, ready, selector] of VIEWS) {
    it(`${tool}: every text reads on its background`, async () => {
      for (const theme of ['light', 'dark'])
        for (const variables of [true, false])
          for (const width of [400, 900]) {
            const view = await apps.show(tool, args, theme, { variables, width });
            await stateOf(view, ready);
            const where = `${tool} ${theme} ${variables ? 'with' : 'without'} variables at ${width} px`;
            const seen = await colours(view, selector);
            expect(seen.length, where).toBeGreaterThan(0);
            for (const c of seen)
              expect(
                contrast(c.fg, c.bg),
                `${where}: "${c.text.slice(0, 40)}" ${c.fg} on ${c.bg}`,
              ).toBeGreaterThanOrEqual(4.5);
            const [page] = await colours(view, 'body');
            // the scheme is the one asked for: a light background in light, a dark one in dark
            expect(contrast(page!.bg, '#000000') > contrast(page!.bg, '#ffffff'), where).toBe(
              theme === 'light',
            );
            if (ready === 'drawn') {
              // the chart's axis and legend text, drawn on the canvas in this colour
              const text = await view.$eval(
                '#root',
                (r) => (r as unknown as { dataset: { textColor: string } }).dataset.textColor,
              );
              expect(contrast(text, page!.bg), `${where}: chart text ${text}`).toBeGreaterThanOrEqual(4.5);
              if (theme === 'dark' && !variables)
                // the fallback the chart had, on the same background, is what this test exists to catch
                expect(contrast('#222', page!.bg)).toBeLessThan(4.5);
            }
            // nothing wider than the frame: the view fits 400 px without a horizontal scroll
            const overflow = await view.$eval(
              'html',
              (d) =>
                (d as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth -
                (d as unknown as { clientWidth: number }).clientWidth,
            );
            expect(overflow, where).toBeLessThanOrEqual(0);
          }
      expect(apps.writes()).toEqual([]);
    }, 60_000);
  }
});

describe('a host that names no theme', () => {
  it('follows the system’s scheme with the views’ own palettes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await apps.page.emulateMedia({ colorScheme: scheme });
      const view = await apps.show(
        'get_spending_trends',
        { plan_id: 'demo-budget', months_count: 4 },
        scheme,
        {
          variables: false,
          theme: false,
        },
      );
      await stateOf(view, 'drawn');
      expect(await view.getAttribute('html', 'data-theme')).toBeNull();
      const [page] = await colours(view, 'body');
      expect(contrast(page!.bg, '#000000') > contrast(page!.bg, '#ffffff'), scheme).toBe(scheme === 'light');
      for (const c of await colours(view, 'h1, .note'))
        expect(contrast(c.fg, c.bg)).toBeGreaterThanOrEqual(4.5);
      const text = await view.$eval(
        '#root',
        (r) => (r as unknown as { dataset: { textColor: string } }).dataset.textColor,
      );
      expect(contrast(text, page!.bg)).toBeGreaterThanOrEqual(4.5);
    }
    await apps.page.emulateMedia({ colorScheme: null });
  });
});
