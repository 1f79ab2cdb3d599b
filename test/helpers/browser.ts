/**
 * Headless Chromium (Debian's, driven by playwright-core) for the pages a person sees: here, the
 * OAuth authorize page, filled in and submitted as the owner would.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Browser {
  context: BrowserContext;
  page(): Promise<Page>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  if (!existsSync('/usr/bin/chromium'))
    throw new Error(
      "Debian's Chromium is missing: run `bash .ci/chromium.sh` (it runs apt-get install -y chromium).",
    );
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'avenir-chromium-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return { context, page: () => context.newPage(), close: () => context.close() };
}

export interface Consent {
  passphrase: string;
  write?: boolean;
  decision?: 'allow' | 'deny';
  /** Expect the page back instead of a redirect; the status of the answer is written here. */
  refused?: { status: number };
}

/** Opens the authorization address and answers the page; resolves with the page after submitting. */
export async function consent(browser: Browser, url: URL, answer: Consent): Promise<Page> {
  const page = await browser.page();
  await page.goto(url.href);
  await page.fill('input[name=passphrase]', answer.passphrase);
  if (answer.write) await page.check('input[name=write]');
  const click = page.click(`button[value=${answer.decision ?? 'allow'}]`);
  if (answer.refused) {
    // The server answers the post with the page again (a wrong passphrase, too many tries).
    const response = await page.waitForResponse((r) => r.request().method() === 'POST');
    await click;
    await page.waitForLoadState('load');
    answer.refused.status = response.status();
  } else {
    await click;
  }
  return page;
}

/** Closes a page without waiting: Chromium sometimes takes long to close one that just navigated. */
export const closePage = (page: Page): void => void page.close().catch(() => undefined);
