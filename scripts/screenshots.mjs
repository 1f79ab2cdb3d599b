// `npm run screenshots`: pictures of every MCP Apps view on the demo plan, for the README and
// docs/apps.md, in docs/screenshots/. Each view is shown as a host shows it (the ext-apps AppBridge
// in Debian's Chromium, driven by playwright-core), at 400 and 900 px, light and dark; the four
// pictures of a view are laid out in one PNG (light above dark, narrow left of wide) so that the
// repository holds a few compressed files. The browser test test/apps/screenshots.test.ts renders
// them again and compares pixel by pixel with a threshold: a layout break fails it, a font's
// antialiasing does not.
//
// The sign-in pages have their own renderer: when scripts/screenshots-pages.mjs exists and exports
// `renderPages({ context, outDir, widths, schemes, grid, write })`, it is called with the same browser,
// and lays its pictures out with the same `grid` and writes them with the same `write`.
import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import UPNG from 'upng-js';
import { startAppsHost } from './apps-host.mjs';

const root = resolve(import.meta.dirname, '..');
export const WIDTHS = [400, 900];
export const SCHEMES = ['light', 'dark'];
/** Space around and between the pictures of a grid, in px. */
const GAP = 16;
const BACKDROP = [128, 128, 128];

const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 250,
};

/** Each view once: the name of its picture, the tool the model calls, its arguments, its ready state. */
export const VIEWS = [
  ['approval-card', 'move_money', MOVE, 'ready'],
  [
    'chart-forecast',
    'forecast_balance',
    { plan_id: 'demo-budget', account_ids: ['acc-checking'], until: '2027-03' },
    'drawn',
  ],
  ['chart-spending', 'get_spending_trends', { plan_id: 'demo-budget', months_count: 4 }, 'drawn'],
  ['chart-net-worth', 'get_net_worth_trend', { plan_id: 'demo-budget', months_count: 4 }, 'drawn'],
  [
    'chart-budget-vs-actual',
    'get_budget_vs_actual',
    { plan_id: 'demo-budget', month: '2026-09-01' },
    'drawn',
  ],
  ['digest', 'get_digest', { plan_id: 'demo-budget' }, 'shown'],
];

/**
 * Pictures laid out in a grid: `rows` of PNG buffers, on a neutral backdrop, each row as tall as its
 * tallest picture.
 * @param {Buffer[][]} rows
 * @returns {Buffer}
 */
export function grid(rows) {
  const images = rows.map((row) => row.map((b) => PNG.sync.read(b)));
  const width = Math.max(...images.map((row) => row.reduce((w, i) => w + i.width + GAP, GAP)));
  const heights = images.map((row) => Math.max(...row.map((i) => i.height)));
  const height = heights.reduce((h, r) => h + r + GAP, GAP);
  const out = new PNG({ width, height });
  for (let p = 0; p < width * height; p++) {
    out.data[p * 4] = BACKDROP[0];
    out.data[p * 4 + 1] = BACKDROP[1];
    out.data[p * 4 + 2] = BACKDROP[2];
    out.data[p * 4 + 3] = 255;
  }
  let y = GAP;
  images.forEach((row, r) => {
    let x = GAP;
    for (const image of row) {
      PNG.bitblt(image, out, 0, 0, image.width, image.height, x, y);
      x += image.width + GAP;
    }
    y += (heights[r] ?? 0) + GAP;
  });
  // 256 colours (upng-js quantises): a picture of text and flat fills loses nothing a reader sees, and
  // weighs a third of a true-colour one
  const bytes = out.data.buffer.slice(out.data.byteOffset, out.data.byteOffset + out.data.byteLength);
  return Buffer.from(UPNG.encode([bytes], width, height, 256));
}

/** Writes a picture as `name`.png in `outDir`. */
export function write(outDir, name, png) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${name}.png`), png);
}

/** Starts the stand-in, the built server and the host page; the caller closes what it returns. */
async function startServer() {
  const dist = (file) => pathToFileURL(join(root, 'dist', file)).href;
  const { loadConfig } = await import(dist('config.js'));
  const { createDeps } = await import(dist('deps.js'));
  const { DEMO_TODAY, startStandIn } = await import(dist('demo/index.js'));
  const { silentLog } = await import(dist('log.js'));
  const { serverFactory } = await import(dist('server.js'));
  const standIn = await startStandIn({ today: DEMO_TODAY });
  const config = loadConfig({
    AVENIR_MCP_YNAB_URL: standIn.url,
    YNAB_API_KEY: 'demo-token',
    AVENIR_MCP_TODAY: DEMO_TODAY,
    AVENIR_MCP_WRITE: '1',
    AVENIR_MCP_NO_UPDATE_CHECK: '1',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'avenir-shots-')),
  });
  const handler = createMcpHandler(serverFactory(createDeps(config, silentLog)));
  const host = await startAppsHost({ handler, hostDir: join(root, 'build', 'apps-host') });
  return {
    url: host.url,
    close: async () => {
      await host.close();
      await standIn.close();
    },
  };
}

/**
 * One view at one width in one scheme, as a PNG of its frame. Each on a server of its own: a view
 * shows a plan as it is the first time (the digest would otherwise say what changed since the last
 * shot, dated by the clock).
 */
async function shoot(context, [, tool, args, ready], width, scheme) {
  const server = await startServer();
  const url = server.url;
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: width + 2 * GAP + 2, height: 800 });
    await page.goto(`${url}?test`);
    await page.evaluate(() => globalThis.avenirHost.ready);
    await page.evaluate(
      ([t, a, s, w]) => globalThis.avenirHost.show(t, a, s, { width: w }),
      [tool, args, scheme, width],
    );
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await frame.waitForSelector(`body[data-state="${ready}"]`);
    // the host fits the frame to the height the view reports: wait until it settled
    await page.waitForFunction(
      () => {
        const f = document.querySelector('iframe');
        const h = f?.style.height ?? '';
        const settled = h !== '' && globalThis.lastHeight === h;
        globalThis.lastHeight = h;
        return settled;
      },
      undefined,
      { polling: 150 },
    );
    return await (await page.$('iframe')).screenshot({ animations: 'disabled' });
  } finally {
    await page.close();
    await server.close();
  }
}

/**
 * Renders every view (and the sign-in pages, when their renderer is there) into `outDir`.
 * @param {{ outDir?: string, only?: string[] }} [options]
 * @returns {Promise<string[]>} the names of the pictures written
 */
export async function renderScreenshots({ outDir = join(root, 'docs', 'screenshots'), only } = {}) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'avenir-chromium-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--disable-lcd-text'],
  });
  const written = [];
  try {
    for (const view of VIEWS) {
      const [name] = view;
      if (only && !only.includes(name)) continue;
      const rows = [];
      for (const scheme of SCHEMES) {
        const row = [];
        for (const width of WIDTHS) row.push(await shoot(context, view, width, scheme));
        rows.push(row);
      }
      write(outDir, name, grid(rows));
      written.push(name);
    }
    const pages = join(root, 'scripts', 'screenshots-pages.mjs');
    if (!only && existsSync(pages)) {
      const { renderPages } = await import(pathToFileURL(pages).href);
      if (typeof renderPages === 'function')
        written.push(
          ...((await renderPages({ context, outDir, widths: WIDTHS, schemes: SCHEMES, grid, write })) ?? []),
        );
    }
  } finally {
    await context.close();
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = await renderScreenshots();
  process.stdout.write(`Wrote ${names.length} pictures to docs/screenshots/: ${names.join(', ')}\n`);
}
