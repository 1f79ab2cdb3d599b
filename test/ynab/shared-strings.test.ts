/**
 * The texts repeated across a large answer's rows are held once: each batch's rows get the first
 * equal string the answer held, a row's own texts (id, memo, import id, paired ids) and long ones
 * never enter the table, and the rows read exactly as parsed.
 */
import { describe, expect, it } from 'vitest';
import { JsonRows } from '../../src/ynab/json-rows.js';
import { shareTexts, type SharedTexts } from '../../src/ynab/shared-strings.js';

const LONG = 'CARTE X1234 PRLV SEPA '.repeat(6);
const row = (n: number) => ({
  id: `3f1c2a9e-0000-4000-a000-00000000000${n}`,
  date: '2026-09-14',
  amount: -12_340,
  memo: 'weekly shop',
  cleared: 'cleared',
  approved: true,
  account_id: '8c0b3c52-41f4-4b0e-9c2f-5d7e9a1b2c3d',
  account_name: 'Compte courant',
  payee_name: n === 1 ? LONG : 'Carrefour Market',
  import_id: `YNAB:-12340:2026-09-14:${n}`,
  transfer_transaction_id: null,
  subtransactions: [
    { id: `sub-${n}`, category_name: 'Groceries', transaction_id: `t-${n}`, amount: -12_340 },
  ],
});

describe('shared texts', () => {
  it('keeps each repeated text once, never a row’s own or a long one, and changes no value', () => {
    const rows = [row(1), row(2), row(3)];
    const before = JSON.parse(JSON.stringify(rows)) as unknown;
    const seen: SharedTexts = new Map();
    shareTexts(rows, seen);
    expect(rows).toEqual(before);
    expect([...seen.keys()].sort()).toEqual(
      [
        '2026-09-14',
        'cleared',
        '8c0b3c52-41f4-4b0e-9c2f-5d7e9a1b2c3d',
        'Compte courant',
        'Carrefour Market',
        'Groceries',
      ].sort(),
    );
  });

  it('leaves what is not a row alone: texts, numbers and lists at the top of a list', () => {
    const rows: unknown[] = ['x', 3, null, [{ account_name: 'A' }]];
    const seen: SharedTexts = new Map();
    shareTexts(rows, seen);
    expect(rows).toEqual(['x', 3, null, [{ account_name: 'A' }]]);
    expect(seen.size).toBe(0);
  });

  it('gives a scanned answer exactly as JSON.parse reads it', () => {
    const body = JSON.stringify({ data: { transactions: Array.from({ length: 400 }, (_, i) => row(i)) } });
    const sink = new JsonRows(0);
    const bytes = Buffer.from(body);
    for (let at = 0; at < bytes.length; at += 997) sink.add(bytes.subarray(at, at + 997));
    expect(sink.end()).toEqual(JSON.parse(body));
  });
});
