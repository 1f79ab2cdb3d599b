/**
 * Money and dates in the views as the plan writes them, in real Chromium through the ext-apps host:
 * the demo plan is in euros written the French way (`123 456,78 €`, DD/MM/YYYY), a second run puts it
 * in yen (no decimals, `¥` first). The axis, the figures a screen reader gets and the titles follow the
 * plan; month names follow the host's locale when it gives one. The structured content the model
 * reads keeps plain numbers and ISO months. The chart's marks: the month still running, overspent
 * categories, long names cut on the axis and whole in the figures, one month drawn as bars.
 */
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoPlan, inCurrency, YEN } from '../../src/demo/index.js';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { openAppsPage, stateOf, type AppsPage } from '../helpers/apps-page.js';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
}, 60_000);
afterAll(() => browser?.close());

const dataset = (frame: Frame, key: string) =>
  frame.$eval('#root', (r, k) => (r as unknown as { dataset: Record<string, string> }).dataset[k] ?? '', key);
const cells = (frame: Frame) =>
  frame.$$eval('#figures tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
  );

/** The structured content the model read last. */
async function lastAnswer(apps: AppsPage): Promise<Record<string, unknown>> {
  const seen = JSON.parse(await apps.modelSaw()) as { structuredContent: Record<string, unknown> }[];
  return seen.at(-1)!.structuredContent;
}

const LONG = 'Holidays with the family in the mountains, the summer after next';
const SHOPPING = 'Groceries and the weekly market, organic where we can find it';

describe('a euro plan, written the French way', () => {
  let apps: AppsPage;
  beforeAll(async () => {
    apps = await openAppsPage(browser, (h) => {
      const plan = buildDemoPlan();
      const holidays = plan.categories.find((c) => c.id === 'cat-holidays');
      if (holidays) holidays.name = LONG;
      const groceries = plan.categories.find((c) => c.id === 'cat-groceries');
      if (groceries) groceries.name = SHOPPING;
      h.standIn.reset(plan);
    });
  }, 60_000);
  afterAll(() => apps?.close());

  it('writes amounts in euros on the axis and in the figures, months in the plan’s format', async () => {
    const view = await apps.show('get_net_worth_trend', { plan_id: 'demo-budget', months_count: 4 });
    await stateOf(view, 'drawn');
    const ticks = (await dataset(view, 'valueTicks')).split('|');
    for (const t of ticks) expect(t).toMatch(/^-?\d{1,3}( \d{3})* €$/);
    expect(ticks.some((t) => / \d{3} €$/.test(t))).toBe(true);
    const out = (await lastAnswer(apps)) as { months: { month: string; net_worth: number }[] };
    // the model's answer: plain numbers, ISO months
    expect(typeof out.months[0]!.net_worth).toBe('number');
    expect(out.months[0]!.month).toMatch(/^\d{4}-\d{2}-01$/);
    const table = await cells(view);
    const [y, m] = out.months[0]!.month.split('-');
    expect(table[1]![0]).toBe(`${m}/${y}`);
    const euros = (v: number) =>
      `${v < 0 ? '-' : ''}${Math.abs(v)
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`;
    expect(table[1]![3]).toBe(euros(out.months[0]!.net_worth));
    expect(await view.textContent('h1')).toBe(
      `Net worth, ${m}/${y} – ${out.months.at(-1)!.month.slice(5, 7)}/${out.months.at(-1)!.month.slice(0, 4)}: assets, debts and net`,
    );
  });

  it('names months in the host’s locale when it gives one', async () => {
    const view = await apps.show(
      'get_net_worth_trend',
      { plan_id: 'demo-budget', months_count: 4 },
      'light',
      {
        locale: 'fr-FR',
      },
    );
    await stateOf(view, 'drawn');
    const out = (await lastAnswer(apps)) as { months: { month: string }[] };
    const name = (iso: string) =>
      new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso.slice(0, 7)}-01T00:00:00Z`),
      );
    expect(await view.textContent('h1')).toBe(
      `Net worth, ${name(out.months[0]!.month)} – ${name(out.months.at(-1)!.month)}: assets, debts and net`,
    );
    expect((await cells(view))[1]![0]).toBe(name(out.months[0]!.month));
  });

  it('marks the month still running and overspent categories, cuts long names on the axis only', async () => {
    const trends = await apps.show(
      'get_spending_trends',
      { plan_id: 'demo-budget', months_count: 4 },
      'light',
      {
        width: 400,
      },
    );
    await stateOf(trends, 'drawn');
    const out = (await lastAnswer(apps)) as { months: { partial: boolean }[] };
    expect(await dataset(trends, 'partial')).toBe(String(out.months.findIndex((m) => m.partial)));
    // a long name among the most spent: cut in the legend at 400 px, whole in the figures
    expect((await dataset(trends, 'legend')).split('|')).toContain(`${SHOPPING.slice(0, 15)}…`);
    expect((await cells(trends))[0]).toContain(SHOPPING);
    expect(await trends.textContent('.note')).toBe(
      'The month still running is dashed: its amounts are totals to today. Averages leave it out.',
    );
    const bva = await apps.show(
      'get_budget_vs_actual',
      { plan_id: 'demo-budget', month: '2026-09-01' },
      'dark',
      {
        width: 400,
      },
    );
    await stateOf(bva, 'drawn');
    const rows = (await lastAnswer(apps)) as { result: { name: string; budgeted: number; actual: number }[] };
    const over = rows.result.filter((r) => r.actual > r.budgeted).map((r) => r.name);
    expect(over).toContain('Restaurants');
    expect(await bva.textContent('.note')).toBe(
      `${over.length} ${over.length === 1 ? 'category' : 'categories'} overspent (spent more than budgeted): marked ⚠ and in red.`,
    );
    const axis = (await dataset(bva, 'categoryTicks')).split('|');
    expect(axis).toContain('⚠ Restaurants');
    // the long name cut to fit 400 px on the axis, whole in the figures (and the tooltip)
    expect(axis).toContain(`${LONG.slice(0, 15)}…`);
    const table = await cells(bva);
    expect(table.map((r) => r[0])).toContain(LONG);
    const restaurants = table.find((r) => r[0] === 'Restaurants')!;
    expect(restaurants[2]).toMatch(/^\d+,\d{2} € \(overspent\)$/);
    expect(await bva.textContent('h1')).toBe('Spent against budgeted, 09/2026');
  });

  it('draws one month as bars', async () => {
    const view = await apps.show('get_spending_trends', { plan_id: 'demo-budget', months_count: 1 });
    await stateOf(view, 'drawn');
    const kinds = (await dataset(view, 'kinds')).split('|');
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['bar']));
    expect(apps.writes()).toEqual([]);
  });
});

describe('a yen plan (no decimals)', () => {
  let apps: AppsPage;
  beforeAll(async () => {
    apps = await openAppsPage(browser, (h) => h.standIn.reset(inCurrency(buildDemoPlan(), YEN)));
  }, 60_000);
  afterAll(() => apps?.close());

  it('writes whole yen, the symbol first, on the axis and in the figures', async () => {
    const view = await apps.show('get_budget_vs_actual', { plan_id: 'demo-budget', month: '2026-09-01' });
    await stateOf(view, 'drawn');
    for (const t of (await dataset(view, 'valueTicks')).split('|'))
      expect(t).toMatch(/^-?¥\d{1,3}(,\d{3})*$/);
    const table = await cells(view);
    const amounts = table
      .slice(1)
      .flatMap((r) => r.slice(1))
      .filter((c) => c !== '');
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toMatch(/^-?¥\d{1,3}(,\d{3})*( \(overspent\))?$/);
  });
});
