/**
 * The stdio transport in-process: a real MCP client (both eras) reads the demo plan through it, a
 * call over the size limit fails with the limit's error (its id kept) while the server keeps serving,
 * and the size filter on its own passes lines whole however they are chunked.
 */
import { Client } from '@modelcontextprotocol/client';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { silentLog } from '../../src/log.js';
import { serverFactory } from '../../src/server.js';
import { runStdio } from '../../src/transports/stdio.js';
import {
  idAtEnd,
  idNear,
  LineLimit,
  MAX_MESSAGE_BYTES,
  tooLargeLine,
} from '../../src/transports/stdio-limit.js';
import { it } from '../helpers/fixture.js';
import type { Harness } from '../helpers/harness.js';
import { StreamClientTransport } from '../helpers/stream-transport.js';

const TOO_LARGE = 'Request too large: one message may hold at most 4 MB. Send fewer items per call.';

async function serve(h: Harness, era: 'modern' | 'legacy') {
  const deps = createDeps(loadConfig(h.env), silentLog);
  const errors: Error[] = [];
  const transport = new StreamClientTransport();
  const connection = runStdio(serverFactory(deps), (e) => errors.push(e), {
    input: transport.toServer,
    output: transport.fromServer,
  });
  const client = new Client(
    { name: 'stdio-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  return {
    client,
    transport,
    errors,
    close: async () => (await client.close(), await connection.close()),
  };
}

const planNames = (r: { structuredContent?: unknown }) =>
  (r.structuredContent as { result: { name: string }[] }).result.map((p) => p.name);

describe.each(['modern', 'legacy'] as const)('a %s client over stdio', (era) => {
  it('reads the demo plan through the transport', async ({ h }) => {
    const s = await serve(h, era);
    try {
      h.standIn.clearRequests();
      const plans = await s.client.callTool({ name: 'list_plans', arguments: {} });
      expect(plans.isError).toBeFalsy();
      expect(planNames(plans)).toContain('Demo household');
      expect(h.standIn.requests.length).toBeGreaterThan(0);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('gets the limit error for a call over 4 MB, nothing reaches YNAB, and the next call works', async ({
    h,
  }) => {
    const s = await serve(h, era);
    try {
      h.standIn.clearRequests();
      const huge = 'a'.repeat(MAX_MESSAGE_BYTES + 10);
      const refused = await s.client
        .callTool({ name: 'search_transactions', arguments: { plan_id: 'demo-budget', query: huge } })
        .then(
          () => null,
          (e: Error & { code?: number }) => e,
        );
      expect(refused?.message).toContain(TOO_LARGE);
      expect(refused?.code).toBe(-32600);
      expect(h.standIn.requests).toHaveLength(0);
      expect(s.errors.map((e) => e.message)).toEqual([
        `A message over ${MAX_MESSAGE_BYTES} bytes was refused`,
      ]);
      expect(planNames(await s.client.callTool({ name: 'list_plans', arguments: {} }))).toContain(
        'Demo household',
      );
    } finally {
      await s.close();
    }
  });
});

it('answers an oversized line without a readable id with a null id', async ({ h }) => {
  const s = await serve(h, 'legacy');
  try {
    s.transport.write(`${'x'.repeat(MAX_MESSAGE_BYTES + 2)}\n`);
    await expect.poll(() => s.transport.written).toContain(`${tooLargeLine(null)}`);
    expect(planNames(await s.client.callTool({ name: 'list_plans', arguments: {} }))).toContain(
      'Demo household',
    );
  } finally {
    await s.close();
  }
});

describe('the size filter', () => {
  async function pass(chunks: string[], limit: number) {
    const dropped: Array<{ head: string; tail: string }> = [];
    const filter = new LineLimit((head, tail) => dropped.push({ head, tail }), limit);
    const out: string[] = [];
    filter.on('data', (b: Buffer) => out.push(b.toString()));
    const ended = new Promise((resolve) => filter.on('end', resolve));
    for (const c of chunks) filter.write(Buffer.from(c));
    filter.end();
    await ended;
    return { out, dropped };
  }

  it('passes lines whole across chunk boundaries, and a last line without a newline', async () => {
    expect(await pass(['{"a":', '1}\n{"b"', ':2}\n{"c":3}'], 100)).toEqual({
      out: ['{"a":1}\n', '{"b":2}\n', '{"c":3}'],
      dropped: [],
    });
  });

  it('drops a line over the limit as it streams, keeping its head, and passes the next', async () => {
    const { out, dropped } = await pass(['{"id":1,"x":"', 'y'.repeat(50), 'y"}\n{"id":2}\n'], 20);
    expect(out).toEqual(['{"id":2}\n']);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.head).toMatch(/^\{"id":1,"x":"y+$/);
    expect(dropped[0]?.tail).toMatch(/y"\}\n$/);
  });

  it('reports an oversized last line that never ends', async () => {
    const { out, dropped } = await pass(['{"id":"k"', 'z'.repeat(40)], 10);
    expect(out).toEqual([]);
    expect(dropped.map((d) => idNear(d.head))).toEqual(['k']);
  });

  it("keeps the line's last bytes too, where the official client writes the id", async () => {
    const { dropped } = await pass(
      ['{"method":"tools/call","params":{"q":"', 'q'.repeat(2000), '"},"jsonrpc":"2.0","id":12}\n'],
      100,
    );
    expect(dropped).toHaveLength(1);
    expect(idNear(dropped[0]!.head)).toBeNull();
    expect(idAtEnd(dropped[0]!.tail)).toBe(12);
    expect(dropped[0]!.tail.length).toBeLessThanOrEqual(512);
  });

  it('takes a line of exactly the limit (its newline not counted)', async () => {
    const line = '1234567890';
    expect((await pass([`${line}\n`], line.length)).out).toEqual([`${line}\n`]);
  });

  it('finds the id after jsonrpc and method, a string id with escapes, and no id where none parses', () => {
    expect(idNear('{"jsonrpc":"2.0","method":"tools/call","id":42,"params":')).toBe(42);
    expect(idNear(' { "id" : "a\\"b" ')).toBe('a"b');
    expect(idNear('{"id":-3')).toBe(-3);
    expect(idNear('{"params":{"id":1}')).toBeNull();
    expect(idNear('{"id":"bad \\x escape"')).toBeNull();
    expect(idNear('{"id":007')).toBeNull();
    expect(JSON.parse(tooLargeLine(null))).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('finds the id ending the outer object only, not one ending the parameters', () => {
    expect(idAtEnd('…"},"jsonrpc":"2.0","id":"req-1"}\n')).toBe('req-1');
    expect(idAtEnd('…", "id" : 3 }')).toBe(3);
    expect(idAtEnd('…"arguments":{"id":5}}}\n')).toBeNull();
    expect(idAtEnd('…"id":5')).toBeNull();
    expect(idAtEnd(',"id":01}')).toBeNull();
  });
});
