/**
 * The views in a real browser: Debian's Chromium (playwright-core) opens the test host page, whose
 * official MCP client (declaring the Apps extension) talks to the real server over loopback HTTP,
 * the server to the YNAB stand-in; the ext-apps AppBridge connects each view in its sandboxed iframe.
 * The test clicks the card's buttons and checks what the stand-in recorded: exactly the move on
 * Approve, nothing on Decline, nothing more on a second click, nothing for a forged or reused secret.
 * The digest view shows a real get_digest answer grouped by kind, each item with its tool.
 * Screenshots of every view go to test-results/apps/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { startAppsHost, type AppsHost } from '../../scripts/apps-host.mjs';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { SECRET_META_KEY } from '../../src/mcp/register-apps.js';
import { closePage, openBrowser, type Browser } from '../helpers/browser.js';
import { writeLines } from '../helpers/harness.js';

const SHOTS = join('test-results', 'apps');
const MOVE = {
  plan_id: 'demo-budget',
  month: '2026-09-01',
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 22.5,
};
const MOVE_WRITES = [
  'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-holidays',
  'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-restaurants',
];

let browser: Browser;
let host: AppsHost;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
}, 60_000);
afterAll(() => browser?.close());

it.beforeEach(async ({ h, journal }) => {
  // each test starts afresh, as on a stand-in of its own: the demo plan as built, nothing recorded,
  // and a journal of its own
  h.standIn.reset();
  const deps = createDeps(loadConfig({ ...h.env, AVENIR_MCP_JOURNAL: journal }), silentLog);
  host = await startAppsHost({ handler: createMcpHandler(serverFactory(deps)), hostDir: 'build/apps-host' });
  page = await browser.page();
  await page.goto(`${host.url}?test`);
  await page.evaluate(
    () => (globalThis as never as { avenirHost: { ready: Promise<void> } }).avenirHost.ready,
  );
});
afterEach(async () => {
  closePage(page);
  await host.close();
});

/** Calls a tool as the model would, through the host page, and returns its view's frame. */
async function show(name: string, args: Record<string, unknown>, theme = 'light'): Promise<Frame> {
  const r = await page.evaluate(
    ([n, a, t]) =>
      (globalThis as never as { avenirHost: { show(...x: unknown[]): Promise<unknown> } }).avenirHost.show(
        n,
        a,
        t,
      ),
    [name, args, theme] as const,
  );
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error(`${name} showed no view: ${JSON.stringify(r)}`);
  return frame;
}

const stateOf = (frame: Frame, state: string) => frame.waitForSelector(`body[data-state="${state}"]`);
const modelSaw = () =>
  page.evaluate(() =>
    JSON.stringify((globalThis as never as { avenirHost: { modelSaw: unknown[] } }).avenirHost.modelSaw),
  );
interface AppCall {
  name: string;
  arguments: Record<string, unknown>;
  isError: boolean;
  result: { content?: unknown; structuredContent?: unknown; _meta?: Record<string, unknown> };
}
const appCalls = () =>
  page.evaluate(() => (globalThis as never as { avenirHost: { appCalls: AppCall[] } }).avenirHost.appCalls);
/** A call as the card would send it, straight through the host's client. */
const callAsApp = (name: string, args: Record<string, unknown>) =>
  page.evaluate(
    ([n, a]) =>
      (
        globalThis as never as { avenirHost: { callAsApp(...x: unknown[]): Promise<{ isError?: boolean }> } }
      ).avenirHost.callAsApp(n, a),
    [name, args] as const,
  );
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe('the approval card in Chromium', () => {
  it('applies exactly the move on Approve, once, and tells the conversation without a secret', async ({
    h,
  }) => {
    const card = await show('move_money', MOVE);
    await stateOf(card, 'ready');
    expect(await card.textContent('h1')).toBe('Move 22.50 from Holidays to Restaurants for 2026-09-01?');
    expect(await card.$$eval('.changes li', (li) => li.map((l) => l.textContent))).toEqual([
      'Holidays: budgeted 200.00 → 177.50, available after 177.50',
      'Restaurants: budgeted 120.00 → 142.50, available after 0.00',
    ]);
    await shot('approval-card');
    expect(writeLines(h)).toEqual([]);
    // two clicks as fast as a person can: the first disables the buttons, the second sends nothing
    await card.evaluate(() => {
      const doc = (globalThis as never as { document: { getElementById(id: string): { click(): void } } })
        .document;
      const approve = doc.getElementById('approve');
      approve.click();
      approve.click();
    });
    await stateOf(card, 'applied');
    // what the person reads: done, with Undo, and no sentence written for the model
    expect(await card.textContent('#outcome')).toBe('Done. Undo');
    expect(await card.getAttribute('#undo', 'aria-label')).toContain('Undo this change');
    await shot('approval-applied');
    expect(writeLines(h)).toEqual(MOVE_WRITES);
    expect((await appCalls()).map((c) => c.name)).toEqual(['open_approval', 'answer_approval']);
    const secret = String((await appCalls())[1]?.arguments.secret);
    expect(secret).toMatch(/^[\w-]{43}$/);
    // the card got the secret from the result's _meta, the part hosts keep from the model
    const opened = (await appCalls())[0]?.result;
    expect(opened?._meta?.[SECRET_META_KEY]).toEqual({ secret });
    expect(JSON.stringify([opened?.content, opened?.structuredContent])).not.toContain(secret);
    const seen = await modelSaw();
    expect(seen).toContain('the user approved');
    // what the model read holds neither a code nor the secret
    expect(seen).not.toMatch(/"confirmation":"[^"]/);
    expect(seen).not.toContain(secret);
  });

  it('writes nothing on Decline, and the spent secret cannot approve afterwards', async ({ h }) => {
    const card = await show('move_money', MOVE, 'dark');
    await stateOf(card, 'ready');
    await shot('approval-card-dark');
    await card.click('#decline');
    await stateOf(card, 'declined');
    expect(await card.textContent('#outcome')).toBe('Declined: nothing was changed.');
    expect(writeLines(h)).toEqual([]);
    expect(await modelSaw()).toContain('the user declined');
  });

  it('refuses a forged secret and a reused one, and the model cannot call the card tools', async ({ h }) => {
    const card = await show('move_money', MOVE);
    await stateOf(card, 'ready');
    const refused = await page.evaluate(() =>
      (globalThis as never as { avenirHost: { show(...x: unknown[]): Promise<unknown> } }).avenirHost
        .show('answer_approval', { secret: 'forged', approve: true })
        .then(
          () => 'called',
          (e: Error) => e.message,
        ),
    );
    expect(refused).toBe('The model cannot call answer_approval');
    expect((await callAsApp('answer_approval', { secret: 'x'.repeat(43), approve: true })).isError).toBe(
      true,
    );
    expect(writeLines(h)).toEqual([]);
    await card.click('#approve');
    await stateOf(card, 'applied');
    const secret = String((await appCalls())[1]?.arguments.secret);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect((await callAsApp('answer_approval', { secret, approve: true })).isError).toBe(true);
    expect(writeLines(h)).toEqual(MOVE_WRITES);
  });
});

describe('the charts in Chromium', () => {
  const CHARTS: [string, Record<string, unknown>][] = [
    ['forecast_balance', { plan_id: 'demo-budget', account_ids: ['acc-checking'], until: '2027-03' }],
    ['get_spending_trends', { plan_id: 'demo-budget', months_count: 6 }],
    ['get_net_worth_trend', { plan_id: 'demo-budget', months_count: 6 }],
    ['get_budget_vs_actual', { plan_id: 'demo-budget', month: 'current' }],
  ];
  for (const [tool, args] of CHARTS) {
    it(`draws ${tool} within 500 px, light and dark`, async ({ h }) => {
      for (const theme of ['light', 'dark']) {
        const view = await show(tool, args, theme);
        await stateOf(view, 'drawn');
        const box = await view.$eval('#root', (r) => r.getBoundingClientRect().height);
        expect(box).toBeLessThanOrEqual(500);
        expect(await view.$eval('canvas', (c) => (c as unknown as { width: number }).width)).toBeGreaterThan(
          0,
        );
        await shot(`${tool}-${theme}`);
      }
      expect(writeLines(h)).toEqual([]);
    });
  }
});

describe('the digest view in Chromium', () => {
  it('shows get_digest grouped by kind, each item with its tool, within 500 px, light and dark', async ({
    h,
  }) => {
    for (const theme of ['light', 'dark']) {
      const view = await show('get_digest', { plan_id: 'demo-budget' }, theme);
      await stateOf(view, 'shown');
      // the answer the model read, as the server gave it
      const seen = JSON.parse(await modelSaw()) as { structuredContent: Record<string, unknown> }[];
      const out = seen.at(-1)!.structuredContent as {
        message: string;
        needs_you: { kind: string; what: string; tool: string | null }[];
      };
      expect(out.needs_you.length).toBeGreaterThan(1);
      expect(await view.textContent('.summary')).toBe(out.message);
      const kinds = [...new Set(out.needs_you.map((n) => n.kind))];
      expect(await view.$$eval('section.group', (s) => s.map((g) => g.getAttribute('data-kind')))).toEqual(
        kinds,
      );
      const shown = await view.$$eval('section.group', (sections) =>
        sections.map((g) => ({
          kind: g.getAttribute('data-kind'),
          items: [...g.querySelectorAll('li')].map((li) => [
            li.firstChild?.textContent,
            li.querySelector('.tool')?.textContent,
          ]),
        })),
      );
      expect(shown).toEqual(
        kinds.map((kind) => ({
          kind,
          items: out.needs_you
            .filter((n) => n.kind === kind)
            .map((n) => [n.what, n.tool ?? 'in YNAB itself']),
        })),
      );
      // no changes in this answer: no section for them
      expect(await view.$$('section.changed')).toEqual([]);
      const box = await view.$eval('#root', (r) => r.getBoundingClientRect().height);
      expect(box).toBeLessThanOrEqual(500);
      // the text follows the theme: dark text on light, light text on dark
      const color = await view.$eval(
        'body',
        (b) =>
          (globalThis as never as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(b)
            .color,
      );
      expect(color).toBe(theme === 'light' ? 'rgb(31, 35, 40)' : 'rgb(230, 230, 230)');
      await shot(`get_digest-${theme}`);
    }
    expect(writeLines(h)).toEqual([]);
  });
});
