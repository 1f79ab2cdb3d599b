/**
 * Pictures of the sign-in and account pages, for docs/screenshots/: each page as the server writes it
 * (the functions of dist/, so `npm run build` first), filled with the demo household's apps, drawn by
 * Debian's Chromium through playwright-core at 400 and 900 px, in the light and the dark scheme.
 *
 * `renderPages({ context, outDir, ... })` is the part `npm run screenshots` calls (its pictures of the
 * views take the pages from here); run alone, this file renders the pages only:
 *   node scripts/screenshots-pages.mjs [out folder]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = (path) => import(pathToFileURL(join(import.meta.dirname, '..', 'dist', path)).href);

const HOST = 'ynab.example.net';
const LASTING = { grantDays: 365, idleDays: 30 };
const DYNAMIC = {
  clientName: 'Claude',
  clientId: 'b6Q0rVf3kz1YlE8m2sXcTn7uPa9dHw4jGiKo5qRyZeA',
  redirectUri: 'https://claude.ai/api/mcp/auth_callback',
};
const DAY_S = 86_400;
const SINCE = Date.UTC(2026, 8, 1) / 1000;

/** Each page: its file name and its HTML. */
export async function pages() {
  const { authorizePage, lockoutPage } = await dist('transports/oauth/page.js');
  const { consentPage } = await dist('transports/oauth/consent-page.js');
  const { errorPage } = await dist('transports/oauth/error-page.js');
  const { ownerAppsPage, ownerSignInPage } = await dist('transports/oauth/owner-account-page.js');
  const nonce = 'screenshot';
  const owner = { ...DYNAMIC, ...LASTING, uid: 'u', serverHost: HOST, writesOffered: true };
  return [
    ['sign-in', authorizePage(owner, nonce)],
    [
      'sign-in-wrong-passphrase',
      authorizePage(
        {
          ...owner,
          error:
            'That passphrase is not the one set for this server. 4 tries left, then sign-in pauses for 15 minutes.',
        },
        nonce,
      ),
    ],
    ['sign-in-paused', lockoutPage(14, nonce)],
    [
      'consent-hosted',
      consentPage(
        { ...DYNAMIC, ...LASTING, uid: 'u', serverHost: HOST, writesOffered: true, privacyUrl: null },
        nonce,
      ),
    ],
    ['sign-in-error', errorPage('invalid_client', 'client is invalid', nonce)],
    ['account-sign-in', ownerSignInPage({ serverHost: HOST }, nonce)],
    [
      'account',
      ownerAppsPage(
        {
          serverHost: HOST,
          csrf: 'c',
          writesOffered: true,
          notice: 'ChatGPT may now only read your plan, from its next call.',
          apps: [
            { clientId: DYNAMIC.clientId, name: 'Claude', grants: 1, write: true, since: SINCE + 30 * DAY_S },
            {
              clientId: 'https://chatgpt.com/oauth/client.json',
              name: 'ChatGPT',
              grants: 1,
              write: false,
              since: SINCE,
            },
          ],
        },
        nonce,
      ),
    ],
  ];
}

/**
 * Renders every page at each width in each scheme, as one picture per page (the light scheme above the
 * dark, the narrow width left of the wide), the way the views' pictures are laid out: `npm run
 * screenshots` calls this with its browser context and its `grid` and `write`. Returns the names of
 * the pictures written.
 * @param {{ context: import('playwright-core').BrowserContext, outDir: string, widths: number[],
 *   schemes: string[], grid: (rows: Buffer[][]) => Buffer, write: (dir: string, name: string, png: Buffer) => void }} options
 */
export async function renderPages({ context, outDir, widths, schemes, grid, write }) {
  const written = [];
  for (const [name, html] of await pages()) {
    const rows = [];
    for (const scheme of schemes) {
      const row = [];
      for (const width of widths) {
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width, height: 700 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.setContent(html, { waitUntil: 'load' });
          row.push(await page.screenshot({ fullPage: true, animations: 'disabled' }));
        } finally {
          await page.close();
        }
      }
      rows.push(row);
    }
    write(outDir, name, grid(rows));
    written.push(name);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // alone: the pages only, into docs/screenshots (or the folder given), laid out as npm run screenshots does
  const { chromium } = await import('playwright-core');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { grid, write, WIDTHS, SCHEMES } = await import('./screenshots.mjs');
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'avenir-chromium-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--disable-lcd-text'],
  });
  try {
    const outDir = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
    const names = await renderPages({ context, outDir, widths: WIDTHS, schemes: SCHEMES, grid, write });
    process.stdout.write(`Wrote ${names.join(', ')}\n`);
  } finally {
    await context.close();
  }
}
