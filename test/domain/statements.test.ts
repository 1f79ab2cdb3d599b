import { describe, expect, it } from 'vitest';
import { amountOf, decimalMarkOf } from '../../src/domain/statements/amount-text.js';
import { dateOf, dayOrderOf, dayOrderOfFormat } from '../../src/domain/statements/date-text.js';
import { formatOf, readStatement } from '../../src/domain/statements/read-statement.js';
import type { Statement } from '../../src/domain/statements/statement.js';

/** The same three lines of November 2026, in each format a bank exports. */
const LINES = [
  { date: '2026-11-02', amount: -42_500, label: 'CB MARKET FRESH' },
  { date: '2026-11-15', amount: 2_100_000, label: 'ACME PAYROLL' },
  { date: '2026-11-28', amount: -7_900, label: 'BANK FEE' },
];

const CSV = `Date,Description,Amount,Balance
2026-11-02,CB MARKET FRESH,-42.50,957.50
2026-11-15,ACME PAYROLL,"2,100.00","3,057.50"
2026-11-28,BANK FEE,-7.90,"3,049.60"
`;

const CSV_DE = `\uFEFFKonto;DE00 1234
Buchungstag;Verwendungszweck;Betrag;Saldo\r
28.11.2026;BANK FEE;-7,90;3.049,60\r
15.11.2026;ACME PAYROLL;2.100,00;3.057,50\r
02.11.2026;CB MARKET FRESH;-42,50;957,50\r
`;

const OFX1 = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261102120000[-5:EST]<TRNAMT>-42.50<FITID>A1<NAME>CB MARKET FRESH</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261115<TRNAMT>2100.00<FITID>A2<NAME>ACME PAYROLL</STMTTRN>
<STMTTRN><TRNTYPE>FEE<DTPOSTED>20261128<TRNAMT>-7.90<FITID>A3<NAME>BANK FEE<MEMO>Monthly & fee
</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>3049.60<DTASOF>20261130</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

const OFX2 = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>
<BANKTRANLIST><DTSTART>20261101</DTSTART><DTEND>20261130</DTEND>
<STMTTRN><DTPOSTED>20261102</DTPOSTED><TRNAMT>-42.50</TRNAMT><FITID>A1</FITID><NAME>CB MARKET FRESH</NAME></STMTTRN>
<STMTTRN><DTPOSTED>20261115</DTPOSTED><TRNAMT>2100.00</TRNAMT><FITID>A2</FITID><PAYEE><NAME>ACME PAYROLL</NAME></PAYEE></STMTTRN>
<STMTTRN><DTPOSTED>20261128</DTPOSTED><TRNAMT>-7.90</TRNAMT><FITID>A3</FITID><NAME>BANK FEE</NAME></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>3049.60</BALAMT><DTASOF>20261130</DTASOF></LEDGERBAL>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;

const QIF = `!Type:Bank
D11/ 2'26
T-42.50
PCB MARKET FRESH
^
D11/15/2026
T2,100.00
PACME PAYROLL
^
D11/28/2026
T-7.90
PBANK FEE
MMonthly fee
^
`;

const entry = (date: string, amount: string, ind: string, party: string) => `<Ntry>
  <Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${ind}</CdtDbtInd><Sts>BOOK</Sts>
  <BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>
  <NtryDtls><TxDtls><RltdPties><${ind === 'DBIT' ? 'Cdtr' : 'Dbtr'}><Nm>${party}</Nm></${ind === 'DBIT' ? 'Cdtr' : 'Dbtr'}></RltdPties>
  <RmtInf><Ustrd>ref ${date}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
<FrToDt><FrDtTm>2026-11-01T00:00:00</FrDtTm><ToDtTm>2026-11-30T23:59:59</ToDtTm></FrToDt>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-10-31</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">3049.60</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>
${entry('2026-11-02', '42.50', 'DBIT', 'CB MARKET FRESH')}
${entry('2026-11-15', '2100.00', 'CRDT', 'ACME PAYROLL')}
${entry('2026-11-28', '7.90', 'DBIT', 'BANK FEE')}
</Stmt></BkToCstmrStmt></Document>`;

const core = (s: Statement) => s.lines.map(({ date, amount, label }) => ({ date, amount, label }));

describe('statement files: one month in every format reads as the same lines', () => {
  it.each([
    ['csv', CSV],
    ['csv', CSV_DE],
    ['ofx', OFX1],
    ['ofx', OFX2],
    ['qif', QIF],
    ['camt', CAMT],
  ])('%s', (format, text) => {
    const s = readStatement(text, 'mdy');
    expect(s.format).toBe(format);
    expect(core(s)).toEqual(LINES);
  });

  it('keeps the balances each format states', () => {
    expect([readStatement(CSV, null).opening, readStatement(CSV, null).closing]).toEqual([
      { date: '2026-11-01', amount: 1_000_000 },
      { date: '2026-11-28', amount: 3_049_600 },
    ]);
    expect(readStatement(CSV_DE, null).opening).toEqual({ date: '2026-11-01', amount: 1_000_000 });
    expect(readStatement(OFX1, null).closing).toEqual({ date: '2026-11-30', amount: 3_049_600 });
    const camt = readStatement(CAMT, null);
    expect([camt.opening, camt.closing, camt.period]).toEqual([
      { date: '2026-10-31', amount: 1_000_000 },
      { date: '2026-11-30', amount: 3_049_600 },
      { from: '2026-11-01', to: '2026-11-30' },
    ]);
    expect(readStatement(OFX2, null).period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps memos and the bank ids', () => {
    const ofx = readStatement(OFX1, null).lines[2]!;
    expect([ofx.memo, ofx.ref, ofx.where]).toEqual(['Monthly & fee', 'A3', 'entry 3']);
    expect(readStatement(QIF, 'mdy').lines[2]!.memo).toBe('Monthly fee');
    expect(readStatement(CAMT, null).lines[0]!.memo).toBe('ref 2026-11-02');
    expect(readStatement(CSV, null).lines[1]!.where).toBe('line 3');
  });
});

describe('CSV statements as banks write them', () => {
  it('reads money out and money in without a header, dates day first', () => {
    const s = readStatement('15/11/2026;ACME PAYROLL;;2100,00\n02/11/2026;CB MARKET FRESH;42,50;\n', null);
    expect(core(s)).toEqual([LINES[0], LINES[1]]);
  });

  it('reads ambiguous dates with the plan’s order, and refuses them without one', () => {
    const text = 'Date,Payee,Amount\n03/04/2026,A,-1.00\n04/05/2026,B,-2.00\n';
    expect(readStatement(text, 'dmy').lines.map((l) => l.date)).toEqual(['2026-04-03', '2026-05-04']);
    expect(readStatement(text, 'mdy').lines.map((l) => l.date)).toEqual(['2026-03-04', '2026-04-05']);
    expect(() => readStatement(text, null)).toThrow(/day first or month first/);
  });

  it('keeps a formula as text, and reads French headers with debit and credit', () => {
    const s = readStatement(
      'Date opération;Libellé;Débit;Crédit\n2026-11-02;=HYPERLINK("http://x","y");42,50;\n',
      null,
    );
    expect(s.lines[0]).toMatchObject({ label: '=HYPERLINK("http://x","y")', amount: -42_500 });
  });

  it('says which line it cannot read', () => {
    expect(() => readStatement('Date,Payee,Amount\n2026-11-02,A,-1.00\n2026-13-40,B,-2.00\n', null)).toThrow(
      'The statement cannot be read as CSV: line 3: "2026-13-40" is not a date.',
    );
    expect(() => readStatement('Date,Payee,Amount\n2026-11-02,A,abc\n', null)).toThrow(
      /line 2: "abc" is not an amount/,
    );
    expect(() => readStatement('hello\nworld\n', null)).toThrow(/no column of dates and of amounts/);
    expect(() => readStatement('  \n', null)).toThrow('The statement is empty: nothing was compared.');
  });
});

describe('OFX, QIF and CAMT refusals', () => {
  it('names the entry', () => {
    expect(() => readStatement('<OFX><STMTTRN><DTPOSTED>soon<TRNAMT>1.00</STMTTRN></OFX>', null)).toThrow(
      'The statement cannot be read as OFX: entry 1: DTPOSTED "soon" is not a date.',
    );
    expect(() => readStatement('!Type:Bank\nDnever\nT1.00\n^\n', null)).toThrow(
      /QIF: line 2: "never" is not a date/,
    );
    expect(() =>
      readStatement(
        '<Document><BkToCstmrStmt><Stmt><Ntry><Amt>1</Amt></Ntry></Stmt></BkToCstmrStmt></Document>',
        null,
      ),
    ).toThrow(/CAMT.053: entry 1: it has no booking date/);
  });

  it('does not expand entities a DOCTYPE declares', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "AAAAAAAAAA">]><OFX><STMTTRN><DTPOSTED>20261102</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>&a;&amp;</NAME></STMTTRN></OFX>`;
    expect(readStatement(text, null).lines[0]!.label).toBe('&a;&');
  });
});

describe('the texts of amounts and dates', () => {
  it.each([
    ['-1,234.56', '.', -1_234_560],
    ['1.234,56', ',', 1_234_560],
    ['1 234,56 €', ',', 1_234_560],
    ['(12.50)', '.', -12_500],
    ['12,50-', ',', -12_500],
    ["1'234.50", '.', 1_234_500],
    ['EUR 7', '.', 7000],
    ['1.2.3', '.', null],
    ['12.3456', '.', null],
    ['', '.', null],
  ] as const)('%s with %s → %s', (text, mark, milli) => {
    expect(amountOf(text, mark)).toBe(milli);
  });

  it('takes the decimal mark most amounts show', () => {
    expect(decimalMarkOf(['1.234,56', '12,50', '1,000'])).toBe(',');
    expect(decimalMarkOf(['1,234.56', '7'])).toBe('.');
    expect(decimalMarkOf(['1,000'])).toBe('.');
  });

  it.each([
    ['2026-11-03', null, '2026-11-03'],
    ['20261103120000.000[-5:EST]', null, '2026-11-03'],
    ['3.11.2026', 'mdy', '2026-11-03'],
    ['03/11/26', 'dmy', '2026-11-03'],
    ["11/ 3'26", 'mdy', '2026-11-03'],
    ['3 Nov 2026', null, '2026-11-03'],
    ['03-nov.-2026', null, '2026-11-03'],
    ['03-xyz-2026', null, null],
    ['3. Nov. 2026', null, '2026-11-03'],
    ['Nov 3, 2026', null, '2026-11-03'],
    ['31/02/2026', 'dmy', null],
    ['13/11/2026', null, '2026-11-13'],
  ] as const)('%s (%s) → %s', (text, order, iso) => {
    expect(dateOf(text, order)).toBe(iso);
  });

  it('orders day and month from the data, else from the plan', () => {
    expect(dayOrderOf(['13/01/2026', '02/03/2026'], 'mdy')).toBe('dmy');
    expect(dayOrderOf(['01/13/2026'], 'dmy')).toBe('mdy');
    expect(dayOrderOf(['01/02/2026'], 'dmy')).toBe('dmy');
    expect([
      dayOrderOfFormat('DD.MM.YYYY'),
      dayOrderOfFormat('MM/DD/YYYY'),
      dayOrderOfFormat('YYYY-MM-DD'),
    ]).toEqual(['dmy', 'mdy', null]);
  });

  it('tells the formats apart by content', () => {
    expect([CSV, OFX1, OFX2, QIF, CAMT].map(formatOf)).toEqual(['csv', 'ofx', 'ofx', 'qif', 'camt']);
  });
});
