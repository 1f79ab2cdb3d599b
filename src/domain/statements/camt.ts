/**
 * ISO 20022 CAMT.053 statements (bank to customer statement, any version): each `Ntry` with its
 * booking date, amount and direction (`CdtDbtInd`), the counterparty of its transaction details as
 * the label, the remittance text as the memo, and the opening (`OPBD`, else `PRCD`) and closing
 * (`CLBD`) balances.
 */
import { amountOf } from './amount-text.js';
import { dateOf } from './date-text.js';
import {
  linesPeriod,
  unreadable,
  type StatedBalance,
  type Statement,
  type StatementLine,
} from './statement.js';
import { allOf, parseXml, textAt, type XmlNode } from './xml.js';

const ARRAYS = ['Stmt', 'Ntry', 'Bal', 'TxDtls', 'Ustrd'];

const signed = (amount: number, indicator: string): number => (indicator === 'DBIT' ? -amount : amount);

const dateIn = (node: unknown, key: string): string | null =>
  dateOf(textAt(node, key, 'Dt') || textAt(node, key, 'DtTm').slice(0, 10), null);

/** The counterparty: the creditor of money out, the debtor of money in (names moved under `Pty` in later versions). */
function counterparty(details: unknown, indicator: string): string {
  const role = indicator === 'DBIT' ? 'Cdtr' : 'Dbtr';
  return textAt(details, 'RltdPties', role, 'Nm') || textAt(details, 'RltdPties', role, 'Pty', 'Nm');
}

function balanceOf(statements: readonly XmlNode[], codes: readonly string[]): StatedBalance | null {
  for (const code of codes) {
    for (const stmt of statements) {
      for (const bal of allOf(stmt, 'Bal')) {
        if (textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') !== code) continue;
        const amount = amountOf(textAt(bal, 'Amt'), '.');
        const date = dateIn(bal, 'Dt');
        if (amount !== null && date !== null)
          return { date, amount: signed(amount, textAt(bal, 'CdtDbtInd')) };
      }
    }
  }
  return null;
}

/** Reads a CAMT.053 statement. */
export function readCamt(text: string): Statement {
  let root: XmlNode;
  try {
    root = parseXml(text.replace(/^\uFEFF/u, ''), ARRAYS);
  } catch (error) {
    throw unreadable('CAMT.053', 'the file', (error as Error).message.split('\n')[0] ?? 'malformed XML');
  }
  const statements = allOf(root, 'BkToCstmrStmt').flatMap((s) => allOf(s, 'Stmt'));
  if (statements.length === 0) throw unreadable('CAMT.053', 'the file', 'it holds no BkToCstmrStmt/Stmt');
  const entries = statements.flatMap((s) => allOf(s, 'Ntry'));
  const lines = entries.map((e, i): StatementLine => {
    const where = `entry ${i + 1}`;
    const date = dateIn(e, 'BookgDt') ?? dateIn(e, 'ValDt');
    if (date === null) throw unreadable('CAMT.053', where, 'it has no booking date');
    const indicator = textAt(e, 'CdtDbtInd');
    const amount = amountOf(textAt(e, 'Amt'), '.');
    if (amount === null || (indicator !== 'DBIT' && indicator !== 'CRDT')) {
      throw unreadable('CAMT.053', where, 'its amount or its CdtDbtInd (DBIT or CRDT) is missing');
    }
    const details = allOf(e, 'TxDtls')[0];
    const remittance = allOf(details ?? {}, 'Ustrd')
      .map((u) => textAt({ u }, 'u'))
      .join(' ')
      .trim();
    const label = counterparty(details, indicator) || textAt(e, 'AddtlNtryInf') || remittance;
    return {
      where,
      date,
      amount: signed(amount, indicator),
      label,
      memo: remittance !== '' && remittance !== label ? remittance : null,
      ref: textAt(e, 'AcctSvcrRef') || textAt(e, 'NtryRef') || null,
    };
  });
  const from = textAt(statements[0], 'FrToDt', 'FrDtTm').slice(0, 10);
  const to = textAt(statements[statements.length - 1], 'FrToDt', 'ToDtTm').slice(0, 10);
  return {
    format: 'camt',
    lines,
    opening: balanceOf(statements, ['OPBD', 'PRCD']),
    closing: balanceOf([...statements].reverse(), ['CLBD']),
    period: from !== '' && to !== '' ? { from, to } : linesPeriod(lines),
  };
}
