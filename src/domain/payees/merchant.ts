/**
 * Payee normalisation, the merchant key `merchant(label)`: the same merchant under the labels banks give
 * it.
 */

import { decodeEntities } from '../text.js';

const WS = /\p{White_Space}+/gu;
const IBAN_SUFFIX = /\p{White_Space}*-?\p{White_Space}*IBAN\p{White_Space}*:.*$/su;
const PREFIXES = [
  'VIREMENT INST',
  'VIREMENT SEPA',
  'PRLV SEPA',
  'VIR INST',
  'VIR SEPA',
  'VIREMENT',
  'CARTE',
  'PRLV',
  'VIR',
  'CB',
].sort((a, b) => b.length - a.length);
const PREFIX = new RegExp(`^(?:${PREFIXES.join('|')})(?=\\p{White_Space})`, 'u');
const W = '[\\p{L}\\p{Nd}_]';
const B_START = `(?<!${W})`;
const B_END = `(?!${W})`;
const INVOICE = new RegExp(`\\p{White_Space}+FACT\\p{White_Space}+\\p{Nd}{6}${B_END}.*$`, 'su');
const CARD = new RegExp(`${B_START}\\p{Nd}{4,}\\*+\\p{Nd}*`, 'gu');
const DATE = new RegExp(`${B_START}\\p{Nd}{2}/\\p{Nd}{2}(?:/(?:\\p{Nd}{4}|\\p{Nd}{2}))?${B_END}`, 'gu');
const LONG_NUMBER = new RegExp(`${B_START}\\p{Nd}{5,}${B_END}`, 'gu');

/**
 * Labels already normalised, and their merchants. A heavy plan names the same tens of thousands of
 * labels in every call of the tools that group by merchant; each label's seven regular expressions
 * then run once per process instead of once per call. Emptied when full, so it stays bounded.
 */
const known = new Map<string, string>();
const KNOWN_MAX = 100_000;

/** The merchant a bank label normalises to, e.g. `CB MARKET FRESH FACT 190926 525130******1` → `MARKET FRESH`. */
export function merchant(label: string | null | undefined): string {
  if (!label) return '';
  let found = known.get(label);
  if (found === undefined) {
    if (known.size >= KNOWN_MAX) known.clear();
    found = normalise(label);
    known.set(label, found);
  }
  return found;
}

function normalise(label: string): string {
  let text = decodeEntities(label).toUpperCase().replace(WS, ' ').trim();
  text = text.replace(IBAN_SUFFIX, '');
  text = text.replace(PREFIX, '');
  text = text.replace(INVOICE, '');
  text = text.replace(CARD, ' ').replace(DATE, ' ').replace(LONG_NUMBER, ' ');
  return text.replace(WS, ' ').trim();
}
