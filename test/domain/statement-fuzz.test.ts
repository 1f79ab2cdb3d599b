/**
 * Statements as they arrive in the wild: decoded with the wrong encoding, with a BOM, with any line
 * end, empty, very long, holding spreadsheet formulas, or not statements at all. The reader either
 * reads them or says why in a StatementError; nothing else may escape it, and no field is ever more
 * than text. PROPERTY_RUNS sets the examples per property (default 150).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONTH, type MonthLine, type StatementMonth } from '../../scripts/statement-fixtures.mjs';
import { toCamt, toCsv, toOfx1, toQfx, toQif } from '../../scripts/statement-formats.mjs';
import { readStatement } from '../../src/domain/statements/read-statement.js';
import { StatementError } from '../../src/domain/statements/statement.js';
import { STATEMENT_FILES, longCsv, statementText } from '../helpers/statements.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const NAMES = STATEMENT_FILES;
const FILES = NAMES.map(statementText);
const essentials = (text: string) =>
  readStatement(text, null).lines.map(({ date, amount, label }) => ({ date, amount, label }));
const EXPECTED = essentials(FILES[0]!);

/** Reads `text`; true when it read, false on a StatementError, and any other error fails the test. */
function readsOrSaysWhy(text: string): boolean {
  try {
    readStatement(text, null);
    return true;
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    // a refusal says what is wrong: the statement is empty, or where and why it cannot be read
    expect(error.message).toMatch(
      /^The statement (?:is empty|cannot be read as (?:CSV|OFX|QIF|CAMT\.053): .+: )/su,
    );
    return false;
  }
}

const latin1ReadAsUtf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
const utf8ReadAsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const lf = (text: string) => text.replace(/\r\n/gu, '\n');

describe('a statement decoded with the wrong encoding', () => {
  it.each(NAMES.map((name, i) => [name, FILES[i]!]))('%s reads the same either way', (_name, text) => {
    expect(EXPECTED).toHaveLength(15);
    expect(essentials(latin1ReadAsUtf8(text))).toEqual(EXPECTED);
    expect(essentials(utf8ReadAsLatin1(text))).toEqual(EXPECTED);
  });

  it('keeps a Latin-1 CSV its accented column names (an unknown one left), no-break spaces and euro signs', () => {
    const latin1 = [
      'Date opération;Libellé;Catégorie;Débit;Crédit;Solde',
      '03/08/2026;VIR PERM LANDLORD SARL LOYER;Logement;950,00 €;;1\u00a0288,19 €',
      '28/08/2026;VIR SEPA ACME EMPLOYER SALAIRE;Revenus;;3\u00a0200,00 €;4\u00a0488,19 €',
    ].join('\r\n');
    const read = readStatement(latin1ReadAsUtf8(latin1.replaceAll('€', '\u0080')), null);
    expect(read.lines.map((l) => [l.date, l.amount, l.label])).toEqual([
      ['2026-08-03', -950_000, 'VIR PERM LANDLORD SARL LOYER'],
      ['2026-08-28', 3_200_000, 'VIR SEPA ACME EMPLOYER SALAIRE'],
    ]);
    expect(read.closing).toEqual({ date: '2026-08-28', amount: 4_488_190 });
  });

  it('reads or says why, whatever Latin-1 text is put in a line', () => {
    fc.assert(
      fc.property(
        fc.nat(FILES.length - 1),
        fc.nat(2000),
        fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)) }),
        (file, at, inserted) => {
          const text = FILES[file]!;
          const spot = text.indexOf('\n', at % text.length);
          const latin1 = spot < 0 ? text + inserted : text.slice(0, spot) + inserted + text.slice(spot);
          readsOrSaysWhy(latin1ReadAsUtf8(latin1));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('line ends and a byte order mark', () => {
  const variants = {
    lf,
    crlf: (t: string) => lf(t).replace(/\n/gu, '\r\n'),
    'cr only': (t: string) => lf(t).replace(/\n/gu, '\r'),
    'a BOM': (t: string) => `\uFEFF${t}`,
    'a BOM and cr only': (t: string) => `\uFEFF${lf(t).replace(/\n/gu, '\r')}`,
  };
  for (const [kind, change] of Object.entries(variants)) {
    it.each(NAMES.map((name, i) => [name, FILES[i]!]))(`%s with ${kind} reads the same`, (_n, text) => {
      expect(essentials(change(text))).toEqual(EXPECTED);
    });
  }
});

describe('an empty statement', () => {
  it.each([[''], ['   '], ['\r\n\r\n'], ['\uFEFF'], ['\uFEFF\n\t\n']])('%j is refused as empty', (text) => {
    expect(() => readStatement(text, null)).toThrow(StatementError);
    expect(() => readStatement(text, null)).toThrow('The statement is empty: nothing was compared.');
  });

  it('a CSV of a header alone holds no line', () => {
    expect(readStatement('Date;Libellé;Montant\r\n', null).lines).toEqual([]);
  });
});

describe('a CSV of 100 000 lines', () => {
  it('is read whole, every line in order, its closing balance from the running balance', () => {
    const { text, total, closing } = longCsv(100_000);
    const read = readStatement(text, null);
    expect(read.lines).toHaveLength(100_000);
    expect(read.lines[0]).toMatchObject({ date: '2026-08-01', amount: -10, label: 'CB MARKET FRESH 0' });
    expect(read.lines[99_999]).toMatchObject({ date: '2026-08-28', label: 'CB MARKET FRESH 99999' });
    expect(read.lines.reduce((s, l) => s + l.amount, 0)).toBe(total);
    expect(read.closing).toEqual({ date: '2026-08-28', amount: closing });
  });
});

const FORMULAS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1)', '-2+3+cmd|A0', '=1+1 & <b>'];

describe('a spreadsheet formula in a field', () => {
  const month: StatementMonth = {
    from: `${MONTH}-01`,
    to: `${MONTH}-31`,
    openingDate: '2026-07-31',
    opening: 100_000,
    closing: 100_000 - FORMULAS.length * 1_000,
    lines: FORMULAS.map((label, i): MonthLine => ({
      date: `${MONTH}-${String(10 + i)}`,
      amount: -1_000,
      label,
      kind: 'card',
      memo: null,
      ref: `F${i}`,
    })),
  };
  const writers = { csv: toCsv, ofx: toOfx1, qfx: toQfx, qif: toQif, camt: toCamt };

  it.each(Object.entries(writers))('stays the text of the label in %s', (_format, write) => {
    const read = readStatement(write(month), null);
    expect(read.lines.map((l) => l.label)).toEqual(FORMULAS);
    expect(read.lines.map((l) => l.amount)).toEqual(FORMULAS.map(() => -1_000));
  });

  it('stays text in a comma CSV, quoted or not, in the label and in the memo', () => {
    const csv = [
      'Date,Description,Amount,Memo',
      '2026-08-01,"=HYPERLINK(""http://x"",""y"")",-1.00,@SUM(1)',
      '2026-08-02,+cmd|\' /C calc\'!A0,-2.00,"=2+3"',
    ].join('\n');
    expect(readStatement(csv, null).lines.map((l) => [l.label, l.memo])).toEqual([
      ['=HYPERLINK("http://x","y")', '@SUM(1)'],
      ["+cmd|' /C calc'!A0", '=2+3'],
    ]);
  });
});

const FRAGMENTS = [
  '<OFX>',
  '</OFX>',
  '<STMTTRN>',
  '</STMTTRN>',
  '<TRNAMT>',
  '<DTPOSTED>',
  '<NAME>',
  '<LEDGERBAL><BALAMT>',
  '20260805',
  '-12.50',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x [<!ENTITY a "aaaaaaaa">]>',
  '&a;&#0;&#xD800;&amp;',
  '<BkToCstmrStmt><Stmt>',
  '<Ntry><Amt Ccy="EUR">',
  '<CdtDbtInd>DBIT</CdtDbtInd>',
  '<BookgDt><Dt>2026-08-01</Dt></BookgDt>',
  '</Ntry>',
  '!Type:Bank\n',
  'D08/05/2026\n',
  'T-1,00\n',
  '^\n',
  'Date;Libellé;Débit;Crédit;Solde\n',
  'Date,Description,Amount\n',
  '13/13/2026',
  '2026-02-30',
  '1.234,56',
  '(12)',
  ';',
  ',',
  '\t',
  '"',
  '\r',
  '\n',
  '\u0000',
  '\uFFFD',
];

describe('text that is no statement', () => {
  it.each([
    [
      'CAMT.053',
      (n: number) =>
        `<Document><BkToCstmrStmt>${'<a>'.repeat(n)}${'</a>'.repeat(n)}</BkToCstmrStmt></Document>`,
    ],
    ['OFX', (n: number) => `<?xml version="1.0"?><OFX>${'<a>'.repeat(n)}${'</a>'.repeat(n)}</OFX>`],
  ])('%s nested 100 000 deep is refused, not a stack overflow', (format, nested) => {
    expect(() => readStatement(nested(100_000), null)).toThrow(
      `The statement cannot be read as ${format}: the file:`,
    );
  });

  it('random bytes read as UTF-8 never throw anything but a StatementError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        readsOrSaysWhy(Buffer.from(bytes).toString('utf8'));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('pieces of every format put together never throw anything but a StatementError', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (parts) => {
        readsOrSaysWhy(parts.join(''));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('a fixture cut and patched anywhere never throws anything but a StatementError', () => {
    const edit = fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.nat(12),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.nat(FILES.length - 1), fc.array(edit, { maxLength: 6 }), (file, edits) => {
        let text = FILES[file]!;
        for (const [where, cut, put] of edits) {
          const at = Math.floor(where * text.length);
          text = text.slice(0, at) + put + text.slice(at + cut);
        }
        readsOrSaysWhy(text);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
