/**
 * The contrast of an element's text against the background it is drawn on, from Chromium's computed
 * styles (WCAG 2 relative luminance): the background is the first opaque one among the element and
 * its ancestors, the page's canvas when none is.
 */
import type { Page } from 'playwright-core';

type Rgb = [number, number, number];

const parse = (css: string): { rgb: Rgb; alpha: number } => {
  const parts = (css.match(/[\d.]+/g) ?? []).map(Number);
  return { rgb: [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0], alpha: parts[3] ?? 1 };
};

const luminance = ([r, g, b]: Rgb): number => {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

export const ratio = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The colours of the first element matching `selector`: its text and its effective background. */
export async function colours(page: Page, selector: string): Promise<{ fg: Rgb; bg: Rgb }> {
  // the script runs in the page (this project's types have no DOM): the first opaque background up
  // the tree, else the canvas, white in light and the scheme's dark in dark
  const [fg, bg] = await page.evaluate<[string, string]>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    let node = el, background = '';
    for (; node; node = node.parentElement) {
      const c = getComputedStyle(node).backgroundColor;
      if (c && c !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(c)) { background = c; break; }
    }
    return [getComputedStyle(el).color, background || 'rgb(255, 255, 255)'];
  })()`);
  return { fg: parse(fg).rgb, bg: parse(bg).rgb };
}

/** The contrast ratio of the first element matching `selector`. */
export async function contrastOf(page: Page, selector: string): Promise<number> {
  const { fg, bg } = await colours(page, selector);
  return ratio(fg, bg);
}
