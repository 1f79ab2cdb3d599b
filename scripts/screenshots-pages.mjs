/**
 * Pictures of the sign-in and account pages, for docs/screenshots/: each page as the server writes it
 * (the functions of dist/, so `npm run build` first), filled with the demo household's apps, drawn by
 * Debian's Chromium through playwright-core at 400 and 900 px, in the light and the dark scheme.
 *
 * `renderPages(browser, outDir)` is the part another script calls (the views' screenshots take their
 * pages from here); run alone, this file renders the pages only:
 *   node scripts/screenshots-pages.mjs [out folder]
 */
import { mkdirSync } from 'node:fs';
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

/** Renders every page at both widths in both schemes; returns the files written. */
export async function renderPages(browser, outDir) {
  mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const [name, html] of await pages())
    for (const width of [400, 900])
      for (const scheme of ['light', 'dark']) {
        const page = await browser.newPage({ viewport: { width, height: 700 }, colorScheme: scheme });
        await page.setContent(html, { waitUntil: 'load' });
        const file = join(outDir, `${name}-${width}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await page.close();
        written.push(file);
      }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
  try {
    const out = process.argv[2] ?? join(import.meta.dirname, '..', 'docs', 'screenshots');
    for (const file of await renderPages(browser, out)) console.log(file);
  } finally {
    await browser.close();
  }
}
