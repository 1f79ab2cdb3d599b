/**
 * OFX and QFX statements: 1.x (SGML, whose elements holding a value are not closed) and 2.x (XML).
 * A 1.x body is first made XML, closing each element that holds a value, then both are read alike:
 * every `STMTTRN` (bank or card statement), the ledger balance, and the dates the list covers.
 */
import { amountOf, decimalMarkOf } from './amount-text.js';
import { dateOf } from './date-text.js';
import { labelled, linesPeriod, unreadable, type Statement, type StatementLine } from './statement.js';
import { allOf, parseXml, textAt, type XmlNode } from './xml.js';

const TAG = /<(\/?)([A-Za-z0-9._]+)>([^<]*)/gu;
const BARE_AMPERSAND = /&(?!(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);)/gu;

/** A 1.x SGML body as XML: an element followed by a value holds it, and is closed right after. */
function sgmlToXml(body: string): string {
  const tokens = [...body.matchAll(TAG)];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const [, slash, name, rest] = tokens[i]!;
    if (slash === '/') {
      out.push(`</${name}>`);
      continue;
    }
    // the pattern's last group always matches, if only an empty text
    const value = String(rest).trim();
    if (value === '') {
      out.push(`<${name}>`);
      continue;
    }
    out.push(`<${name}>${value.replace(BARE_AMPERSAND, '&amp;')}</${name}>`);
    const next = tokens[i + 1];
    if (next !== undefined && next[1] === '/' && next[2] === name) i += 1;
  }
  return out.join('');
}

function xmlOf(text: string): string {
  const start = text.search(/<OFX>/iu);
  if (start < 0) throw unreadable('OFX', 'the file', 'it has no <OFX> element');
  const isXml = /^\s*(?:\uFEFF)?<\?xml/iu.test(text) || /<\?OFX/iu.test(text);
  return isXml ? text.slice(start) : sgmlToXml(text.slice(start));
}

/** Reads an OFX or QFX statement. */
export function readOfx(text: string): Statement {
  let root: XmlNode;
  try {
    root = parseXml(xmlOf(text), ['STMTTRN']);
  } catch (error) {
    if (error instanceof Error && error.name === 'StatementError') throw error;
    throw unreadable('OFX', 'the file', (error as Error).message.split('\n')[0] ?? 'malformed');
  }
  const entries = allOf(root, 'STMTTRN');
  const mark = decimalMarkOf(entries.map((e) => textAt(e, 'TRNAMT')));
  const lines = entries.map((e, i): StatementLine => {
    const where = `entry ${i + 1}`;
    const posted = textAt(e, 'DTPOSTED');
    const date = dateOf(posted, null);
    if (date === null) throw unreadable('OFX', where, `DTPOSTED "${posted.slice(0, 30)}" is not a date`);
    const amountText = textAt(e, 'TRNAMT');
    const amount = amountOf(amountText, mark);
    if (amount === null)
      throw unreadable('OFX', where, `TRNAMT "${amountText.slice(0, 30)}" is not an amount`);
    const name = textAt(e, 'NAME') || textAt(e, 'PAYEE', 'NAME');
    const memo = textAt(e, 'MEMO');
    return {
      where,
      date,
      amount,
      ...labelled(name, memo),
      ref: textAt(e, 'FITID') || null,
    };
  });
  const ledger = allOf(root, 'LEDGERBAL')[0];
  const balance = ledger === undefined ? null : amountOf(textAt(ledger, 'BALAMT'), mark);
  const asOf = ledger === undefined ? null : dateOf(textAt(ledger, 'DTASOF'), null);
  const list = allOf(root, 'BANKTRANLIST')[0];
  const from = list === undefined ? null : dateOf(textAt(list, 'DTSTART'), null);
  const to = list === undefined ? null : dateOf(textAt(list, 'DTEND'), null);
  return {
    format: 'ofx',
    lines,
    opening: null,
    closing: balance === null || asOf === null ? null : { date: asOf, amount: balance },
    period: from !== null && to !== null ? { from, to } : linesPeriod(lines),
  };
}
