import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID_CURSOR, decodeCursor, encodeCursor } from '../../src/domain/cursor.js';
import { AppError } from '../../src/domain/errors.js';

const refusal = (cursor: string): string | null => {
  try {
    decodeCursor(cursor);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as Error).message;
  }
};

describe('cursors', () => {
  it.each([
    [0, 'b2Zmc2V0OjA='],
    [2, 'b2Zmc2V0OjI='],
    [50, 'b2Zmc2V0OjUw'],
    [100, 'b2Zmc2V0OjEwMA=='],
  ])('offset %i is the padded URL-safe base64 of offset:{n}: %s', (offset, cursor) => {
    expect(encodeCursor(offset)).toBe(cursor);
    expect(Buffer.from(cursor, 'base64').toString('ascii')).toBe(`offset:${offset}`);
    expect(decodeCursor(cursor)).toBe(offset);
  });

  it('has the exact refusal text', () => {
    expect(INVALID_CURSOR).toBe(
      'Invalid cursor: pass the next_cursor value from the previous page unchanged, or omit it to start from the first page.',
    );
  });

  const padded = (bytes: Buffer): string => {
    const t = bytes.toString('base64url');
    return t + '='.repeat((4 - (t.length % 4)) % 4);
  };
  const b64 = (text: string): string => padded(Buffer.from(text, 'utf8'));

  it.each([
    ['a character outside the alphabet', 'b2Zmc2V0OjA+'],
    ['standard base64 slash', 'b2Zm/2V0OjA='],
    ['a space', 'b2Zmc2V0 OjA='],
    ['missing padding', 'b2Zmc2V0OjA'],
    ['padding in the middle', 'b2Zm=2V0OjA='],
    ['a length of 4n+1', 'b2Zmc'],
    ['non-canonical trailing bits', 'b2Zmc2V0OjB='],
    ['bytes that are not UTF-8', padded(Buffer.from([0x6f, 0xff, 0x3a, 0x31]))],
    ['offset:1 after an invalid byte', padded(Buffer.from([0x80, ...Buffer.from('offset:1')]))],
    ['another prefix', b64('page:3')],
    ['no colon', b64('offset')],
    ['an empty value', b64('offset:')],
    ['a negative value', b64('offset:-1')],
    ['a decimal value', b64('offset:1.5')],
    ['spaces around the value', b64('offset: 1')],
    ['non-ASCII digits', b64('offset:٣')],
    ['a second colon', b64('offset:1:2')],
    ['an upper-case prefix', b64('OFFSET:1')],
    ['only padding', '===='],
    ['a byte-order mark before offset:1', b64('\uFEFFoffset:1')],
    ['an empty cursor', ''],
    ['a colon first', b64(':1')],
  ])('refuses %s', (_why, cursor) => {
    expect(refusal(cursor)).toBe(INVALID_CURSOR);
  });

  it.each([
    ['leading zeros', b64('offset:007'), 7],
    ['an offset past any plan', b64('offset:99999999999999999999999999'), Number.MAX_SAFE_INTEGER],
  ])('accepts %s', (_why, cursor, offset) => {
    expect(decodeCursor(cursor)).toBe(offset);
  });

  it('round-trips any offset from 0 to 10^12', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        const cursor = encodeCursor(n);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+={0,2}$/);
        expect(cursor.length % 4).toBe(0);
        expect(decodeCursor(cursor)).toBe(n);
      }),
    );
  });

  it('decodes any other string to an offset ≥ 0 or refuses it naming next_cursor', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({
        unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_='),
        maxLength: 24,
      }),
      fc.string({ unit: 'binary', maxLength: 20 }).map((t) => b64(`offset:${t}`)),
      fc.string({ unit: 'binary', maxLength: 20 }).map(b64),
    );
    fc.assert(
      fc.property(anyText, (cursor) => {
        const message = refusal(cursor);
        if (message === null) {
          const offset = decodeCursor(cursor);
          expect(Number.isSafeInteger(offset) && offset >= 0).toBe(true);
        } else {
          expect(message).toContain('next_cursor');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
