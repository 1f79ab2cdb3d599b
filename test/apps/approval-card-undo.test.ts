/**
 * The approval card as a person uses it, in real Chromium through the ext-apps host bridge, by
 * keyboard only: a move that empties a category warns above Approve (and says so to screen readers);
 * Approve applies it once; the card says "Done." with an Undo button and no sentence meant for the
 * model; Undo opens the undo's own card, approved like any change, and the stand-in is back to
 * before. A budget that takes more than Ready to Assign holds warns too, and a payment that
 * overdraws an account; a harmless move warns of nothing.
 */
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../helpers/browser.js';
import { openAppsPage, stateOf, type AppsPage } from '../helpers/apps-page.js';

const MONTH = '2026-09-01';
const BIG_MOVE = {
  plan_id: 'demo-budget',
  month: MONTH,
  from_category_id: 'cat-holidays',
  to_category_id: 'cat-restaurants',
  amount: 1_234_567.89,
};
const MOVE_WRITES = [
  'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-holidays',
  'PATCH /plans/demo-budget/months/2026-09-01/categories/cat-restaurants',
];

let browser: Browser;
let apps: AppsPage;

beforeAll(async () => {
  browser = await openBrowser();
}, 60_000);
afterAll(() => browser?.close());
beforeEach(async () => {
  apps = await openAppsPage(browser);
});
afterEach(() => apps.close());

const budgeted = () => {
  const month = apps.h.standIn.state.budgets[MONTH] ?? {};
  return { holidays: month['cat-holidays'], restaurants: month['cat-restaurants'] };
};

describe('the approval card: warnings, Done, Undo', () => {
  it('warns above Approve, applies once by keyboard, and undoes through its own card', async () => {
    const before = budgeted();
    const card = await apps.show('move_money', BIG_MOVE, 'dark');
    await stateOf(card, 'ready');
    // the warning is set apart, above the buttons, and announced
    const warning = await card.$eval('.warnings[role="alert"] .warning', (w) => w.textContent);
    expect(warning).toMatch(/^Holidays goes below zero: it has \S+ available, -\S+ after this change\.$/);
    expect(
      await card.$eval('.warnings', (w) => {
        const next = w.nextElementSibling as { className: string } | null;
        return next?.className;
      }),
    ).toBe('actions');
    expect(await card.getAttribute('#approve', 'aria-label')).toBe(
      'Approve this change despite the warnings above',
    );
    expect(await card.getAttribute('body', 'data-warned')).toBe('true');
    // the keyboard starts on Decline; Tab reaches Approve, Enter approves
    expect(
      await card.evaluate(
        () =>
          (globalThis as never as { document: { activeElement: { id: string } | null } }).document
            .activeElement?.id,
      ),
    ).toBe('decline');
    await apps.page.keyboard.press('Tab');
    expect(
      await card.evaluate(
        () =>
          (globalThis as never as { document: { activeElement: { id: string } | null } }).document
            .activeElement?.id,
      ),
    ).toBe('approve');
    await apps.page.keyboard.press('Enter');
    await stateOf(card, 'applied');
    expect(apps.writes()).toEqual(MOVE_WRITES);
    const moved = budgeted();
    expect(moved.holidays).toBe((before.holidays ?? 0) - 1_234_567_890);
    // what the person reads: no tool names, no operation ids
    const outcome = (await card.textContent('#outcome')) ?? '';
    expect(outcome).toBe('Done. Undo');
    expect(outcome).not.toMatch(/undo_operation|operation_id/);
    expect(await card.getAttribute('#outcome', 'role')).toBe('status');
    // Undo by keyboard opens the undo's own card; nothing is written before its Approve
    await card.focus('#undo');
    await apps.page.keyboard.press('Enter');
    await card.waitForSelector('body[data-tool="undo_operation"][data-state="ready"]');
    expect(await card.textContent('h1')).toMatch(/^Undo/);
    expect(apps.writes()).toEqual(MOVE_WRITES);
    await card.focus('#approve');
    await apps.page.keyboard.press('Enter');
    await stateOf(card, 'applied');
    // the undo's own writes, once, and the plan as it was
    expect(apps.writes().slice(MOVE_WRITES.length)).toHaveLength(2);
    expect(budgeted()).toEqual(before);
    // an undo is not undone in turn from the card
    expect(await card.$$('#undo')).toEqual([]);
    const calls = (await apps.appCalls()).map((c) => c.name);
    expect(calls).toEqual([
      'open_approval',
      'answer_approval',
      'undo_operation',
      'open_approval',
      'answer_approval',
    ]);
    const seen = await apps.modelSaw();
    expect(seen).toContain('Approval card for move_money: the user approved.');
    expect(seen).toContain('Approval card for undo_operation: the user approved.');
  });

  it('warns when a budget takes more than Ready to Assign holds, and of nothing for a small move', async () => {
    const card = await apps.show('set_category_budget', {
      plan_id: 'demo-budget',
      month: MONTH,
      category_id: 'cat-holidays',
      amount: 900_000,
    });
    await stateOf(card, 'ready');
    const warnings = await card.$$eval('.warnings .warning', (w) => w.map((x) => x.textContent));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^this assigns \S+, more than Ready to Assign holds \(\S+\): Ready to Assign goes below zero\.$/,
      ),
    ]);
    await card.click('#decline');
    await stateOf(card, 'declined');
    // a payment that overdraws the checking account
    const pay = await apps.show('create_transactions', {
      plan_id: 'demo-budget',
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-24', amount: -1_000_000, payee_name: 'Garage' }],
    });
    await stateOf(pay, 'ready');
    expect(await pay.$$eval('.warnings .warning', (w) => w.map((x) => x.textContent))).toEqual([
      expect.stringMatching(/^\S+ goes below zero \(overdrawn\): it holds \S+, -\S+ after these\.$/),
    ]);
    await pay.click('#decline');
    await stateOf(pay, 'declined');
    const small = await apps.show('move_money', { ...BIG_MOVE, amount: 22.5 });
    await stateOf(small, 'ready');
    expect(await small.$$('.warnings')).toEqual([]);
    expect(await small.getAttribute('#approve', 'aria-label')).toBe('Approve this change');
    await small.click('#decline');
    await stateOf(small, 'declined');
    expect(apps.writes()).toEqual([]);
  });
});
