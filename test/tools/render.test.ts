/**
 * The text block a model reads: a compact rendering of the structured result (one header line and
 * one line per row), holding every value of it. Unit cases for each rule, then the rendering as a
 * real client receives it.
 */
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixture.js';
import { renderResult } from '../../src/mcp/render.js';
import { call, connect, textOf } from '../helpers/harness.js';

describe('renderResult', () => {
  it('writes plain values as name: value lines, null as -', () => {
    expect(renderResult({ status: 'applied', count: 3, ok: true, code: null, memo: '' })).toBe(
      'status: applied\ncount: 3\nok: true\ncode: -\nmemo: ""',
    );
  });

  it('writes a list of rows as a header line and one line per row, columns in first-seen order', () => {
    const text = renderResult({
      rows: [
        { id: 'a', amount: -12.5 },
        { id: 'b', amount: 3, lines: [{ amount: 1, memo: null }] },
      ],
      total_count: 2,
    });
    expect(text).toBe(
      [
        'rows (2 rows): id | amount; under a row: lines',
        'a | -12.5',
        'b | 3',
        '  lines: amount: 1; memo: -',
        'total_count: 2',
      ].join('\n'),
    );
  });

  it('writes an object or each object of a list under its row, as readable fields', () => {
    const text = renderResult({
      result: [
        { id: 'c1', target: { kind: 'spending', amount: 950, date: null }, tags: ['a', 'b'] },
        { id: 'c2', target: null, tags: [] },
        { id: 'c3', target: { kind: 'savings', amount: 10, date: '2026-12-01' }, tags: [] },
      ],
      items: [{ id: 't1', lines: [{ amount: -2 }, { amount: 'x|y', nested: { a: 1 } }] }],
    });
    expect(text).toBe(
      [
        'result (3 rows): id | tags; under a row: target',
        'c1 | [a; b]',
        '  target: kind: spending; amount: 950; date: -',
        'c2 | []',
        'c3 | []',
        '  target: kind: savings; amount: 10; date: 2026-12-01',
        'items (1 row): id; under a row: lines',
        't1',
        '  lines: amount: -2',
        '  lines: amount: x\\|y; nested: {a=1}',
      ].join('\n'),
    );
  });

  it("keeps the lines of the server's own message apart, indented under it", () => {
    expect(
      renderResult({ status: 'confirmation_required', message: 'Change 2?\n- a | b\n- c', memo: 'x\ny' }),
    ).toBe(
      ['status: confirmation_required', 'message:', '  Change 2?', '  - a \\| b', '  - c', 'memo: x y'].join(
        '\n',
      ),
    );
  });

  it('escapes the column separator and line breaks inside text', () => {
    expect(renderResult({ result: [{ payee: 'A|B\nC' }] })).toBe('result (1 row): payee\nA\\|B C');
  });

  it('writes lists of plain values on one line, and leaves an empty list out', () => {
    expect(renderResult({ accounts: ['Checking', 'Savings'], conflicts: [] })).toBe(
      'accounts: Checking, Savings',
    );
    expect(renderResult({ occurrences: [{ id: 'a' }], schedules: [], inflows: 0 })).toBe(
      'occurrences (1 row): id\na\ninflows: 0',
    );
  });

  it('keeps empty lists as (none) when nothing else would be said', () => {
    expect(renderResult({ result: [] })).toBe('result: (none)');
    expect(renderResult({ occurrences: [], schedules: [] })).toBe('occurrences: (none)\nschedules: (none)');
  });

  it('indents the fields of a nested object', () => {
    expect(renderResult({ assumptions: { variable_monthly: -10, one_offs: [] }, end: 1 })).toBe(
      'assumptions:\n  variable_monthly: -10\nend: 1',
    );
    expect(renderResult({ assumptions: { one_offs: [] } })).toBe('assumptions:\n  one_offs: (none)');
  });

  it('writes a result map keyed by data as rows, the key first', () => {
    const text = renderResult({
      result: {
        Groceries: [
          { month: '2026-08-01', amount: 10 },
          { month: '2026-09-01', amount: 12 },
        ],
        Rent: [{ month: '2026-09-01', amount: 900 }],
      },
    });
    expect(text).toBe(
      [
        'result (3 rows): key | month | amount',
        'Groceries | 2026-08-01 | 10',
        'Groceries | 2026-09-01 | 12',
        'Rent | 2026-09-01 | 900',
      ].join('\n'),
    );
    expect(renderResult({ result: {} })).toBe('result:');
  });
});

describe('the text block of a result', () => {
  it('is the compact rendering of its structured content, one line per account', async ({ h }) => {
    const s = await connect(h, 'modern');
    const r = await call(s, 'list_accounts', { plan_id: 'demo-budget' });
    const accounts = (r.structuredContent as { result: { id: string; name: string }[] }).result;
    const lines = textOf(r).split('\n');
    expect(lines[0]).toMatch(/^result \(\d+ rows\): id \| name \| type \| on_budget \| closed \| balance/);
    expect(lines).toHaveLength(accounts.length + 1);
    for (const [i, account] of accounts.entries())
      expect(lines[i + 1]?.startsWith(`${account.id} | ${account.name} | `)).toBe(true);
    expect(textOf(r)).toBe(renderResult(r.structuredContent as Record<string, unknown>));
  });
});
