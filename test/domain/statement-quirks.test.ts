/**
 * The statement reader, matcher and comparison at their edges, one rule a case: what a bank may leave
 * out (a payee, a closing balance, an amount column), what it may write otherwise (a `U` amount, a
 * month named first, three numeric columns), and what the comparison does with rules that set no
 * category, matched rows not yet cleared, and the balances.
 */
import { PERIOD, line, tx } from '../helpers/statement-rows.js';
import { describe, expect, it } from 'vitest';
import { buildHistory } from '../../src/domain/categorize/classify.js';
import type { YnabCategory } from '../../src/domain/model.js';
import type { Rule } from '../../src/domain/rules/rule.js';
import { amountOf } from '../../src/domain/statements/amount-text.js';
import { comparisonMessage, statementComparison } from '../../src/domain/statements/compare.js';
import { dateOf, dayOrderOfFormat } from '../../src/domain/statements/date-text.js';
import { matchStatement } from '../../src/domain/statements/match.js';
import { readStatement } from '../../src/domain/statements/read-statement.js';
import { similarity } from '../../src/domain/statements/similarity.js';
import { linesPeriod, type Statement, type StatementLine } from '../../src/domain/statements/statement.js';
import { at, textAt } from '../../src/domain/statements/xml.js';
import { twoDecimals } from '../helpers/money.js';

describe('reading what banks leave out or write otherwise', () => {
  it('takes a QIF `U` amount and a memo where the payee is missing', () => {
    const s = readStatement('!Type:Bank\nD11/02/2026\nU-4.20\nMCOFFEE\n^\n', 'mdy');
    expect(s.lines.map((l) => [l.amount, l.label, l.memo])).toEqual([[-4_200, 'COFFEE', null]]);
  });

  it('takes an OFX memo where the name is missing, and names what is not OFX', () => {
    const s = readStatement(
      '<OFX><STMTTRN><DTPOSTED>20261102<TRNAMT>-1.00<MEMO>CARD FEE</STMTTRN></OFX>',
      null,
    );
    expect(s.lines.map((l) => [l.label, l.memo])).toEqual([['CARD FEE', null]]);
    expect(() => readStatement('OFXHEADER:100\nDATA:OFXSGML\n', null)).toThrow(
      /as OFX: the file: it has no <OFX> element/,
    );
    expect(() => readStatement('<?xml version="1.0"?><OFX><STMTTRN></OFX>', null)).toThrow(
      /cannot be read as OFX: the file: /,
    );
  });

  it('reads CAMT without a closing balance, and names an entry without a direction', () => {
    const doc = (ind: string) =>
      `<Document><BkToCstmrStmt><Stmt><Ntry><Amt>1.00</Amt><CdtDbtInd>${ind}</CdtDbtInd><BookgDt><DtTm>2026-11-02T10:00:00</DtTm></BookgDt><AddtlNtryInf>FEE</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const s = readStatement(doc('DBIT'), null);
    expect([s.lines[0]?.label, s.lines[0]?.date, s.closing, s.opening]).toEqual([
      'FEE',
      '2026-11-02',
      null,
      null,
    ]);
    expect(() => readStatement(doc('BOTH'), null)).toThrow(
      /entry 1: its amount or its CdtDbtInd \(DBIT or CRDT\) is missing/,
    );
  });

  it('refuses a CSV line with a date and neither money out nor money in', () => {
    expect(() => readStatement('Date;Libellé;Débit;Crédit\n2026-11-02;SHOP;;\n', null)).toThrow(
      /line 2: neither money out nor money in is given/,
    );
  });

  it('recognises money out, money in and a running balance without a header, short rows too', () => {
    const s = readStatement(
      '01/11/2026;TAX;1,00\n02/11/2026;SHOP;4,20;;995,80\n15/11/2026;SALARY;;100,00;1095,80\n',
      null,
    );
    expect(s.lines.map((l) => l.amount)).toEqual([-1_000, -4_200, 100_000]);
    expect(s.closing).toEqual({ date: '2026-11-15', amount: 1_095_800 });
  });

  it('reads day and month from the data alone, a month named first, and no order from a year-first format', () => {
    expect([dateOf('13/11/2026', null), dateOf('11/13/2026', null), dateOf('03/04/2026', null)]).toEqual([
      '2026-11-13',
      '2026-11-13',
      null,
    ]);
    expect([dateOf('Nov 3, 2026', null), dateOf('Foo 3, 2026', null)]).toEqual(['2026-11-03', null]);
    expect([dayOrderOfFormat(null), dayOrderOfFormat(undefined), dayOrderOfFormat('YYYY/MM/DD')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('refuses an amount too large to be one', () => {
    expect(amountOf('9'.repeat(400), '.')).toBeNull();
  });

  it('finds the text of an element through lists on the way', () => {
    const node = { A: [{ B: [{ '#text': 'x' }, { '#text': 'y' }] }] };
    expect([textAt(node, 'A', 'B'), at(node, 'A', 'C'), textAt(node, 'A', 'B', 'C')]).toEqual([
      'x',
      undefined,
      '',
    ]);
  });

  it('gives the period of lines in any order, and none of no line', () => {
    expect(
      linesPeriod([line('2026-11-20', 1, 'a'), line('2026-11-02', 1, 'b'), line('2026-11-25', 1, 'c')]),
    ).toEqual({
      from: '2026-11-02',
      to: '2026-11-25',
    });
    expect(linesPeriod([])).toBeNull();
  });
});

describe('matching at its edges', () => {
  it('does not take a same-amount payment to another payee for a duplicate', () => {
    const m = matchStatement(
      [line('2026-11-05', -3_000, 'CAFE')],
      [tx('t-cafe', '2026-11-05', -3_000, 'Cafe'), tx('t-bus', '2026-11-06', -3_000, 'Bus ticket')],
      PERIOD,
    );
    expect([m.duplicates, m.extra.map((t) => t.id)]).toEqual([[], ['t-bus']]);
  });

  it('scores labels with no letter pairs as unlike', () => {
    expect(similarity('A', 'B')).toBe(0);
  });
});

describe('the comparison', () => {
  const groceries = { id: 'cat-groceries', name: 'Groceries', hidden: false, deleted: false } as YnabCategory;
  const rule = (number: number, category: string | null, note: string | null): Rule => ({
    number,
    said: 'x',
    condition: { merchant: 'FRESH', amount: null, account_id: null, memo_words: [] },
    action: { category_id: category, payee_name: null, flag_color: null, note },
    created_at: '2026-01-01T00:00:00+00:00',
  });
  const statement = (lines: StatementLine[], closing: Statement['closing']): Statement => ({
    format: 'csv',
    lines,
    opening: null,
    closing,
    period: PERIOD,
  });

  it('takes the category of a rule that sets one the plan can assign, else history; clears what the bank shows', () => {
    const lines = [line('2026-11-02', -5_000, 'CB FRESH'), line('2026-11-03', -7_000, 'FRESH MARKET')];
    const account = [tx('t-one', '2026-11-03', -7_000, 'Fresh Market', { cleared: 'uncleared' })];
    const history = [tx('t-old', '2026-10-01', -1_000, 'Fresh', { category_id: 'cat-groceries' })];
    const input = (rules: Rule[]) => ({
      statement: statement(lines, { date: '2026-11-30', amount: -12_000 }),
      matching: matchStatement(lines, account, PERIOD),
      account,
      history: buildHistory(history),
      payees: history,
      rules,
      accountId: 'acc',
      assignable: new Map([['cat-groceries', groceries]]),
      threshold: 0.5,
      money: twoDecimals,
    });
    // a note-only rule, and one whose category is hidden, decide nothing: history does
    const byHistory = statementComparison(input([rule(1, null, 'a note'), rule(2, 'cat-hidden', null)]));
    expect(byHistory.missing.map((m) => [m.payee, m.category, m.by_rule])).toEqual([
      ['Fresh', 'Groceries', null],
    ]);
    const byRule = statementComparison(input([rule(3, 'cat-groceries', null)]));
    expect(byRule.missing.map((m) => m.by_rule)).toEqual([3]);
    expect(byRule.to_clear).toEqual(['t-one']);
    expect(byRule.closing).toEqual({ date: '2026-11-30', statement: -12, ynab_cleared: 0 });
    expect(comparisonMessage(byRule, 2, twoDecimals, false)).toBe(
      "1 of 2 statement line(s) match YNAB; 1 line(s) missing in YNAB. The statement closes at -12.00 on 2026-11-30; YNAB's cleared balance then is 0.00. Go through each with the user; what they keep is changed in YNAB itself.",
    );
  });

  it('says the closing balance agrees when it does', () => {
    const lines = [line('2026-11-02', -5_000, 'SHOP')];
    const account = [tx('t-shop', '2026-11-02', -5_000, 'Shop')];
    const c = statementComparison({
      statement: statement(lines, { date: '2026-11-30', amount: -5_000 }),
      matching: matchStatement(lines, account, PERIOD),
      account,
      history: buildHistory([]),
      payees: [],
      rules: [],
      accountId: 'acc',
      assignable: new Map(),
      threshold: 0.9,
      money: twoDecimals,
    });
    expect(comparisonMessage(c, 1, twoDecimals, true)).toBe(
      '1 of 1 statement line(s) match YNAB; nothing differs. The closing balance agrees (-5.00).',
    );
  });
});
