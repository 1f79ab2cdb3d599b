/**
 * `compare_statement` through a real MCP client, in both protocol eras, against the stand-in: a
 * statement of the demo checking account for September 2026 written from what the stand-in holds,
 * with the differences a month end finds planted in it (a fee YNAB never saw, a card payment YNAB
 * holds twice, a mistyped amount, a payment the bank booked two days later, a payment YNAB holds that
 * the bank has not booked yet); each is found and nothing else, in the three requests the tool
 * states. Then the refusals: two sources, a statement too large, an unknown account, a file that is
 * no statement. The path rules (the folder, links out of it, stdio only) are tested on the reader.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixture.js';
import { ERAS, call, connect, requestLines, textOf, type Harness } from '../../helpers/harness.js';
import { loadConfig } from '../../../src/config.js';
import { statementText } from '../../../src/tools/accounts/statement-source.js';
import { buildDemoPlan, type TransactionRow } from '../../../src/demo/index.js';
import {
  ACCOUNT as FIXTURE_ACCOUNT,
  PLANTED,
  cardRow,
  statementPlan,
} from '../../../scripts/statement-fixtures.mjs';
import { STATEMENT_FILES, longCsv, statementText as fixtureText } from '../../helpers/statements.js';

const PLAN = 'demo-budget';
const ACCOUNT = 'acc-checking';

interface Answer {
  comparison_id: string | null;
  format: string;
  matched: number;
  date_shifts: number;
  missing: { fix: string; label: string; amount: number; date: string }[];
  duplicates: { fix: string; transaction_id: string; kept_id: string }[];
  mismatches: {
    fix: string | null;
    transaction_id: string;
    field: string;
    ynab: string;
    statement: string;
  }[];
  extra: { transaction_id: string; likely_not_cleared_yet: boolean }[];
  message: string;
}

const units = (milli: number): string => (milli / 1000).toFixed(2);

/** September's checking rows as the stand-in holds them, and the statement a bank would give of them. */
function september(h: Harness) {
  const rows = h.standIn.state.transactions
    .filter((t) => t.account_id === ACCOUNT && !t.deleted && t.date.startsWith('2026-09'))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  // plain rows only: a transfer's or a split's lines would make the planted cases ambiguous
  const plain = rows.filter((t) => !t.transfer_account_id && (t.subtransactions ?? []).length === 0);
  const [typo, late, copied, pending] = plain.filter((t) => t.amount < 0 && t.amount !== -7_900);
  if (!typo || !late || !copied || !pending) throw new Error('the demo plan has too few September rows');
  return { rows, typo, late, copied, pending };
}

function statementOf(rows: readonly TransactionRow[], edits: (t: TransactionRow) => TransactionRow | null) {
  const lines = rows.flatMap((t) => {
    const e = edits(t);
    return e === null ? [] : [`${e.date},"CB ${e.payee_name ?? ''}",${units(e.amount)}`];
  });
  return ['Date,Description,Amount', ...lines, '2026-09-24,FRAIS TENUE DE COMPTE,-7.90'].join('\n');
}

const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(ERAS)('compare_statement, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('finds each planted difference and nothing else, in 3 requests', async ({ h }) => {
    const { rows, typo, late, copied, pending } = september(h);
    // YNAB holds one card payment twice
    h.standIn.state.transactions.push({ ...copied, id: 'tx-copy', date: addDays(copied.date, 1) });
    // YNAB's copy of the pending payment has not cleared: the bank does not show it yet
    const held = h.standIn.state.transactions.find((t) => t.id === pending.id)!;
    held.cleared = 'uncleared';
    const text = statementOf(rows, (t) => {
      if (t.id === pending.id) return null;
      if (t.id === typo.id) return { ...t, amount: t.amount - 9_000 };
      if (t.id === late.id) return { ...t, date: addDays(t.date, 2) };
      return t;
    });
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'compare_statement', { plan_id: PLAN, account_id: 'Checking', statement: text });
    expect(r.isError, textOf(r)).toBeFalsy();
    const a = r.structuredContent as Answer;
    expect(a.format).toBe('csv');
    expect(a.missing.map((m) => [m.label, m.amount, m.date])).toEqual([
      ['FRAIS TENUE DE COMPTE', -7.9, '2026-09-24'],
    ]);
    expect(a.duplicates.map((d) => d.transaction_id).sort()).toEqual(
      [copied.id, 'tx-copy'].filter((id) => id !== a.duplicates[0]?.kept_id),
    );
    expect(a.mismatches.map((m) => [m.transaction_id, m.field, m.ynab, m.statement])).toEqual([
      [typo.id, 'amount', units(typo.amount), units(typo.amount - 9_000)],
    ]);
    expect(a.extra.filter((x) => x.transaction_id === pending.id)).toEqual([
      {
        transaction_id: pending.id,
        date: pending.date,
        amount: pending.amount / 1000,
        payee: pending.payee_name,
        likely_not_cleared_yet: true,
      },
    ]);
    expect(a.extra).toHaveLength(1);
    expect(a.matched).toBe(rows.length - 2);
    expect(a.date_shifts).toBeGreaterThanOrEqual(1);
    expect(a.comparison_id?.split('.')).toHaveLength(3);
    expect(new Set([...a.missing, ...a.duplicates, ...a.mismatches].map((x) => x.fix)).size).toBe(3);
    expect(requestLines(h.standIn)).toEqual([
      `GET /plans/${PLAN}/accounts`,
      `GET /plans/${PLAN}/transactions`,
      `GET /plans/${PLAN}/categories`,
    ]);
    expect(a.message).toContain(
      'Go through each with the user; apply_statement with the comparison_id makes the fixes they keep (keep: their ids), in one preview.',
    );
    // with the write tools off, the answer names none
    const w = await connect(h, era, { env: { AVENIR_MCP_WRITE: '0' } });
    const readOnly = await call(w, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: text,
    });
    expect((readOnly.structuredContent as Answer).message).toContain(
      'Go through each with the user; what they keep is changed in YNAB itself.',
    );
    expect(h.standIn.writes).toEqual([]);
  });

  it('says when nothing differs', async ({ h }) => {
    const { rows } = september(h);
    const text = statementOf(rows, (t) => t)
      .split('\n')
      .slice(0, -1)
      .join('\n');
    const s = await connect(h, era);
    const r = await call(s, 'compare_statement', { plan_id: PLAN, account_id: ACCOUNT, statement: text });
    const a = r.structuredContent as Answer;
    expect([a.missing, a.duplicates, a.mismatches]).toEqual([[], [], []]);
    expect(a.message).toContain(`${rows.length} of ${rows.length} statement line(s) match YNAB`);
  });

  it('refuses before any request: two sources, too much text, no statement at all', async ({ h }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const both = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: 'x',
      statement_path: 'a.csv',
    });
    expect(textOf(both)).toBe('Give the statement once: its text in statement, or statement_path, not both.');
    const big = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: 'x'.repeat(210 * 1024),
    });
    expect(textOf(big)).toMatch(
      /^The statement is 210 kB, over the 200 kB one call can carry: nothing was compared\./,
    );
    const none = await call(s, 'compare_statement', { plan_id: PLAN, account_id: ACCOUNT });
    expect(none.isError).toBe(true);
    const path = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement_path: 'a.csv',
    });
    expect(textOf(path)).toMatch(
      /^statement_path needs AVENIR_MCP_FILES_DIR, the folder statements may be read from/,
    );
    expect(h.standIn.requests).toEqual([]);
  });

  it('reads dates that could go either way in the plan’s own date format, read from YNAB only then', async ({
    h,
  }) => {
    const s = await connect(h, era);
    h.standIn.clearRequests();
    const r = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: 'Date,Payee,Amount\n03/09/2026,SHOP,-1.00\n04/09/2026,SHOP,-2.00\n',
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    // the demo household writes its dates day first, as YNAB's plan summary says
    expect((r.structuredContent as { period: unknown }).period).toEqual({
      start: '2026-09-03',
      end: '2026-09-04',
    });
    expect(requestLines(h.standIn)).toContain('GET /plans');
  });

  it('names the line it cannot read, and an account that is not in the plan', async ({ h }) => {
    const s = await connect(h, era);
    const bad = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: 'Date,Description,Amount\n2026-09-02,SHOP,-1.00\n2026-09-31,SHOP,-2.00\n',
    });
    expect(textOf(bad)).toBe(
      'The statement cannot be read as CSV: line 3: "2026-09-31" is not a date. Nothing was compared: fix that line, or export the statement again from the bank.',
    );
    const unknown = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: 'acc-nope',
      statement: 'Date,Payee,Amount\n2026-09-02,A,-1\n',
    });
    expect(unknown.isError).toBe(true);
    expect(h.standIn.writes).toEqual([]);
  });
});

describe('a statement read from the files folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'avenir-files-'));
  const outside = mkdtempSync(join(tmpdir(), 'avenir-outside-'));
  writeFileSync(join(folder, 'sept.csv'), 'Date,Payee,Amount\n2026-09-02,CAF\xc9,-1.00\n', 'latin1');
  writeFileSync(join(outside, 'secret.csv'), 'not yours');
  symlinkSync(join(outside, 'secret.csv'), join(folder, 'link.csv'));
  mkdirSync(join(folder, 'sub'));
  const config = (env: Record<string, string>) =>
    loadConfig({ YNAB_API_KEY: 'x', HOME: folder, XDG_STATE_HOME: folder, ...env });
  const stdio = () => config({ AVENIR_MCP_FILES_DIR: folder });

  it('reads a file inside it, Windows-1252 bytes as such', async () => {
    await expect(statementText(stdio(), null, 'sept.csv')).resolves.toContain('CAFÉ');
    await expect(statementText(stdio(), null, join(folder, 'sept.csv'))).resolves.toContain('2026-09-02');
  });

  it('refuses a link out of it, a path out of it, a folder, and a server without the folder', async () => {
    await expect(statementText(stdio(), null, 'link.csv')).rejects.toThrow(
      /must name a file inside the folder AVENIR_MCP_FILES_DIR names/,
    );
    await expect(statementText(stdio(), null, '../x.csv')).rejects.toThrow(
      /No file \.\.\/x\.csv|must name a file inside/,
    );
    await expect(statementText(stdio(), null, join(outside, 'secret.csv'))).rejects.toThrow(
      /must name a file inside/,
    );
    await expect(statementText(stdio(), null, 'sub')).rejects.toThrow('sub is not a file: nothing was read.');
    await expect(statementText(config({}), null, 'sept.csv')).rejects.toThrow(/needs AVENIR_MCP_FILES_DIR/);
    const http = config({ AVENIR_MCP_FILES_DIR: folder, AVENIR_MCP_TRANSPORT: 'http' });
    await expect(statementText(http, null, 'sept.csv')).rejects.toThrow(
      /^statement_path is read only by a server running on your own computer \(stdio\)/,
    );
  });
});

describe.each(ERAS)('compare_statement on the fixtures of every format, %s era', (era) => {
  it.beforeEach(({ h }) => h.standIn.reset(statementPlan(buildDemoPlan())));

  it('gives the same comparison for the same month in each format, each planted difference found once', async ({
    h,
  }) => {
    const s = await connect(h, era);
    const answers = [];
    for (const file of STATEMENT_FILES) {
      const r = await call(s, 'compare_statement', {
        plan_id: PLAN,
        account_id: FIXTURE_ACCOUNT,
        statement: fixtureText(file),
      });
      expect(r.isError, `${file}: ${textOf(r)}`).toBeFalsy();
      // what a format states beyond its lines (its period, its balances) and the sealed id differ
      const { comparison_id, format, balances, message, period, ...rest } = r.structuredContent as Record<
        string,
        unknown
      >;
      expect([comparison_id, format, balances, message, period].every((v) => v !== undefined)).toBe(true);
      answers.push(rest);
    }
    for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
    const a = answers[0] as unknown as Answer;
    const copied = cardRow(buildDemoPlan(), PLANTED.duplicate.merchant, PLANTED.duplicate.date);
    expect(a.missing.map((m) => [m.label, m.amount, m.date])).toEqual([
      [PLANTED.fee.label, PLANTED.fee.amount / 1000, PLANTED.fee.date],
    ]);
    expect(a.duplicates.map((d) => [d.kept_id, d.transaction_id])).toEqual([
      [copied.id, PLANTED.duplicate.copyId],
    ]);
    expect(a.mismatches.map((m) => [m.field, m.fix !== null])).toEqual([['amount', true]]);
    expect(a.extra.map((x) => [x.transaction_id, x.likely_not_cleared_yet])).toEqual([
      [PLANTED.cheque.id, true],
    ]);
    expect(a.date_shifts).toBe(1);
    expect(h.standIn.writes).toEqual([]);
  });
});

describe('compare_statement, a comparison past one page', () => {
  it.beforeEach(({ h }) => h.standIn.reset());

  it('pages its rows by cursor, the lists in order, each row once; the comparison id holds every fix', async ({
    h,
  }) => {
    const s = await connect(h, 'modern');
    // 300 card payments, most of which YNAB never saw: far more rows than 16 kB carry
    const text = longCsv(300).text;
    const rows: { fix: string | null }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await call(s, 'compare_statement', {
        plan_id: PLAN,
        account_id: ACCOUNT,
        statement: text,
        cursor,
      });
      expect(r.isError, textOf(r)).toBeFalsy();
      const a = r.structuredContent as Answer & { next_cursor: string | null; omitted: string | null };
      expect(JSON.stringify(r).length).toBeLessThan(16_384);
      // the first page carries the comparison id, which holds every fix
      expect(a.comparison_id === null).toBe(pages > 0);
      rows.push(...a.missing, ...a.duplicates, ...a.mismatches, ...a.extra.map(() => ({ fix: null })));
      if (a.next_cursor !== null)
        expect(a.omitted).toMatch(
          /^\d+ more rows \(a page stops at 16 kB\): pass next_cursor as cursor with the same statement; the first page's comparison_id holds every fix\.$/,
        );
      else expect(a.omitted).toBeNull();
      cursor = a.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(pages).toBeGreaterThan(1);
    // every line is a row of one list, once; the fixes numbered in the lists' order, none skipped
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const fixes = rows.flatMap((r) => (r.fix === null ? [] : [r.fix]));
    expect(fixes).toEqual(fixes.map((_, i) => `F${i + 1}`));
    // a cursor that is not one is refused before any request
    h.standIn.clearRequests();
    const bad = await call(s, 'compare_statement', {
      plan_id: PLAN,
      account_id: ACCOUNT,
      statement: text,
      cursor: 'x',
    });
    expect(bad.isError).toBe(true);
    expect(h.standIn.requests).toEqual([]);
  });
});
