import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  MONTH,
  PLANTED,
  cardRow,
  statementFiles,
  statementPlan,
} from '../../scripts/statement-fixtures.mjs';
import { buildDemoPlan } from '../../src/demo/index.js';
import type { YnabTransaction } from '../../src/domain/model.js';
import { matchStatement } from '../../src/domain/statements/match.js';
import { readStatement } from '../../src/domain/statements/read-statement.js';
import { STATEMENT_FILES, STATEMENT_FOLDER, statementText } from '../helpers/statements.js';

const STATEMENTS = STATEMENT_FILES;
const plan = buildDemoPlan();
const read = (name: string) => readStatement(statementText(name), null);
const essentials = (name: string) =>
  read(name).lines.map(({ date, amount, label }) => ({ date, amount, label }));

describe('the statement fixtures of the demo checking account', () => {
  it('are what the generator writes from the demo plan today (run scripts/statement-fixtures.mjs if not)', () => {
    const files = statementFiles(plan);
    expect(readdirSync(STATEMENT_FOLDER).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) expect(statementText(name)).toBe(text);
  });

  it('read as the format each is written in', () => {
    expect(STATEMENTS.map((name) => read(name).format)).toEqual(['csv', 'ofx', 'ofx', 'qif', 'camt']);
  });

  it('give the same lines, date, amount and label, in all four formats', () => {
    const csv = essentials(STATEMENTS[0]!);
    expect(csv).toHaveLength(15);
    expect(csv[0]).toEqual({ date: `${MONTH}-03`, amount: -950_000, label: 'VIR PERM LANDLORD SARL LOYER' });
    expect(csv).toContainEqual({ date: `${MONTH}-26`, amount: -61_300, label: 'CB SUSHI GO 24/08' });
    for (const name of STATEMENTS.slice(1)) expect(essentials(name), name).toEqual(csv);
  });

  it('state the same balances wherever the format states them', () => {
    const opening = { date: '2026-07-31', amount: 3_238_190 };
    const closing = { date: `${MONTH}-31`, amount: 4_803_510 };
    // a CSV states no period: its opening is the balance before its first line, on the 3rd
    expect(read(STATEMENTS[0]!)).toMatchObject({ opening: { ...opening, date: `${MONTH}-02` }, closing });
    expect(read(STATEMENTS[4]!)).toMatchObject({ opening, closing });
    expect(read(STATEMENTS[1]!).closing).toEqual(closing);
    expect(read(STATEMENTS[2]!).closing).toEqual(closing);
    // CSV and QIF state no period: theirs runs from their first line to their last
    expect(read(STATEMENTS[3]!).period).toEqual({ from: `${MONTH}-03`, to: `${MONTH}-31` });
    for (const name of [STATEMENTS[1]!, STATEMENTS[2]!, STATEMENTS[4]!]) {
      expect(read(name).period, name).toEqual({ from: `${MONTH}-01`, to: `${MONTH}-31` });
    }
  });
});

describe('the fixtures held against the demo plan, the duplicate and the cheque added', () => {
  const account = statementPlan(plan).transactions.filter(
    (t) => t.account_id === ACCOUNT,
  ) as YnabTransaction[];
  const original = cardRow(plan, PLANTED.duplicate.merchant, PLANTED.duplicate.date);
  const mistyped = cardRow(plan, PLANTED.mistyped.merchant, PLANTED.mistyped.date);
  const late = cardRow(plan, PLANTED.late.merchant, PLANTED.late.date);

  for (const name of STATEMENTS) {
    it(`finds each planted difference and nothing else in ${name}`, () => {
      const statement = read(name);
      const m = matchStatement(statement.lines, account, statement.period!);
      const label = (i: number) => statement.lines[i]!.label;

      expect(m.missing.map((i) => [label(i), statement.lines[i]!.amount])).toEqual([
        [PLANTED.fee.label, PLANTED.fee.amount],
      ]);
      expect(m.duplicates.map((d) => [label(d.line), d.kept.id, d.duplicate.id])).toEqual([
        ['CB MARKET FRESH 14/08', original.id, PLANTED.duplicate.copyId],
      ]);
      expect(m.mismatches.map((x) => [label(x.line), x.transaction.id, x.field, x.fixable])).toEqual([
        ['CB CHEZ LUCIE 10/08', mistyped.id, 'amount', true],
      ]);
      expect(statement.lines[m.mismatches[0]!.line]!.amount).toBe(PLANTED.mistyped.bankAmount);
      expect(m.extra.map((t) => [t.id, t.cleared])).toEqual([[PLANTED.cheque.id, 'uncleared']]);

      // every other line paired on its own day, but the late settlement, two days after YNAB's date
      expect(m.matched).toHaveLength(statement.lines.length - 2);
      const apart = m.matched.filter((p) => p.days !== 0);
      expect(apart.map((p) => [label(p.line), p.transaction.id, p.days])).toEqual([
        ['CB SUSHI GO 24/08', late.id, -2],
      ]);
      const paired = new Set(m.matched.map((p) => p.transaction.id));
      const inMonth = plan.transactions.filter((t) => t.account_id === ACCOUNT && t.date.startsWith(MONTH));
      expect(inMonth.filter((t) => !paired.has(t.id)).map((t) => t.id)).toEqual([mistyped.id]);
    });
  }
});
