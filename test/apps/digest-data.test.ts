/**
 * What the digest view makes of an answer, without a browser: items grouped by kind in the answer's
 * order, each with its tool; the changes since the last digest in whichever plain shape the answer
 * gives them; nothing for a result that does not name the digest view.
 */
import { describe, expect, it } from 'vitest';
import { VIEW_META_KEY as SERVER_KEY } from '../../src/mcp/app-views.js';
import { VIEW_META_KEY, changeLines, digestPage, isDigest } from '../../views/digest-data.js';

const needs = [
  { kind: 'overspent', what: 'Restaurants is overspent by 22.50.', tool: 'move_money', ids: ['c1'] },
  { kind: 'bank_link', what: 'Checking: the bank link is in error.', tool: null, ids: ['a1'] },
  { kind: 'overspent', what: 'Fuel is overspent by 5.00.', tool: 'move_money', ids: ['c2'] },
  { kind: 'some_new_kind', what: 'Something new.', tool: 'get_x', ids: [] },
];

describe('the digest view’s page', () => {
  it('groups the items by kind in the answer’s order, each with its tool', () => {
    const page = digestPage({ message: '4 items need you.', needs_you: needs, omitted: null });
    expect(page).toEqual({
      message: '4 items need you.',
      changes: [],
      omitted: null,
      groups: [
        {
          kind: 'overspent',
          heading: 'Overspent categories',
          items: [
            { what: 'Restaurants is overspent by 22.50.', tool: 'move_money' },
            { what: 'Fuel is overspent by 5.00.', tool: 'move_money' },
          ],
        },
        {
          kind: 'bank_link',
          heading: 'Bank links in error',
          items: [{ what: 'Checking: the bank link is in error.', tool: null }],
        },
        {
          kind: 'some_new_kind',
          heading: 'some new kind',
          items: [{ what: 'Something new.', tool: 'get_x' }],
        },
      ],
    });
  });

  it('shows the changes when the answer has them, in any plain shape', () => {
    expect(changeLines(undefined)).toEqual([]);
    expect(changeLines(null)).toEqual([]);
    expect(changeLines('3 transactions added, 1 edited.')).toEqual(['3 transactions added, 1 edited.']);
    expect(
      changeLines(['2 added', { what: '1 deleted elsewhere' }, { summary: 'targets: 1 changed' }]),
    ).toEqual(['2 added', '1 deleted elsewhere', 'targets: 1 changed']);
    expect(changeLines({ summary: 'Since 2026-09-01:', lines: ['2 added', '1 approved'] })).toEqual([
      'Since 2026-09-01:',
      '2 added',
      '1 approved',
    ]);
    expect(changeLines({ transactions_added: 2, by_this_server: 1, nested: { x: 1 } })).toEqual([
      'transactions added: 2',
      'by this server: 1',
    ]);
    const page = digestPage({ message: 'm', needs_you: [], changes: '2 added', omitted: '3 more items.' });
    expect([page?.changes, page?.omitted, page?.groups]).toEqual([['2 added'], '3 more items.', []]);
  });

  it('shows nothing for an answer that is not a digest, nor for a result that names another view', () => {
    expect(digestPage({ message: 'x' })).toBeNull();
    expect(digestPage({ needs_you: [] })).toBeNull();
    expect(isDigest({ [VIEW_META_KEY]: 'digest' })).toBe(true);
    expect(isDigest({ 'avenir-mcp/chart': 'forecast' })).toBe(false);
    expect(isDigest(undefined)).toBe(false);
    // the view reads the key the server writes
    expect(VIEW_META_KEY).toBe(SERVER_KEY);
  });
});
