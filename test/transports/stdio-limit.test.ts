/**
 * The stdio size filter in this process (the built CLI runs it in a child, where coverage cannot see
 * it): whole lines pass however they are cut into chunks, a line over the limit is dropped as it
 * streams and reported with its first bytes, and the id of a refused message is found when it is near
 * the start.
 */
import { describe, expect, it } from 'vitest';
import { idNear, LineLimit, MAX_MESSAGE_BYTES, tooLargeLine } from '../../src/transports/stdio-limit.js';

/** Feeds the chunks through a filter of `limit` bytes; resolves with the lines passed and dropped. */
async function run(chunks: string[], limit: number): Promise<{ passed: string[]; dropped: string[] }> {
  const dropped: string[] = [];
  const filter = new LineLimit((head) => dropped.push(head), limit);
  const out: Buffer[] = [];
  filter.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve) => filter.on('end', resolve));
  for (const c of chunks) filter.write(Buffer.from(c));
  filter.end();
  await ended;
  return { passed: out.map((b) => b.toString()), dropped };
}

describe('LineLimit', () => {
  it('passes whole lines, joined across chunks and split within one', async () => {
    const { passed, dropped } = await run(['{"a":', '1}\n{"b":2}\n{"c"', ':3}\n'], 64);
    expect(passed).toEqual(['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
    expect(dropped).toEqual([]);
  });

  it('drops a line over the limit, keeps its first bytes, and passes the next line', async () => {
    const long = `{"id":4,"x":"${'y'.repeat(2000)}"}`;
    const { passed, dropped } = await run([long.slice(0, 700), long.slice(700), '\n{"ok":1}\n'], 1000);
    expect(passed).toEqual(['{"ok":1}\n']);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toBe(long.slice(0, 512));
  });

  it('a line exactly at the limit passes (its newline not counted)', async () => {
    const line = 'z'.repeat(100);
    const { passed } = await run([`${line}\n`], 100);
    expect(passed).toEqual([`${line}\n`]);
  });

  it('at the end of the input: a last line without newline passes, an oversized one is reported', async () => {
    expect((await run(['{"last":true}'], 64)).passed).toEqual(['{"last":true}']);
    const cut = await run([`{"id":"s","x":"${'q'.repeat(300)}`], 64);
    expect(cut.passed).toEqual([]);
    expect(cut.dropped).toHaveLength(1);
    expect(cut.dropped[0]).toMatch(/^\{"id":"s"/);
    expect((await run([], 64)).passed).toEqual([]);
  });

  it('defaults to the 4 MB limit', async () => {
    const filter = new LineLimit(() => {});
    const out: Buffer[] = [];
    filter.on('data', (b: Buffer) => out.push(b));
    filter.end(Buffer.from(`${'a'.repeat(MAX_MESSAGE_BYTES)}\n`));
    await new Promise((resolve) => filter.on('end', resolve));
    expect(Buffer.concat(out).length).toBe(MAX_MESSAGE_BYTES + 1);
  });
});

describe('the answer to a refused message', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":7,"method":"tools/call"', 7],
    ['{"jsonrpc":"2.0","method":"tools/call","id":"a\\"b"', 'a"b'],
    ['  {"id": -3, "params":', -3],
    ['{"method":"x","params":{"id":5}}', null],
    ['[1,2]', null],
    ['{"id":"\\ud800"', '\ud800'],
    ['{"id":"\\x41"', null],
  ])('%s → id %j', (head, id) => {
    expect(idNear(head)).toEqual(id);
  });

  it('is a JSON-RPC error line that keeps the id', () => {
    expect(JSON.parse(tooLargeLine(7))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32600,
        message: 'Request too large: one message may hold at most 4 MB. Send fewer items per call.',
      },
    });
    expect(tooLargeLine(null).endsWith('\n')).toBe(true);
  });
});
