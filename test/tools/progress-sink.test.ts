/**
 * The one progress sink of a tool call (mcp/progress-sink.ts) on a fake request context: no
 * sink without a progress token; one counter for settling steps and download amounts, so that
 * `progress` grows with every notification whatever tells it; a total only while it is not behind;
 * a notification the transport cannot deliver is dropped, not thrown.
 */
import { describe, expect, it } from 'vitest';
import { progressOf, type ProgressContext } from '../../src/mcp/progress-sink.js';

type Sent = Parameters<ProgressContext['mcpReq']['notify']>[0]['params'];

function context(progressToken?: string | number, fail = false): { ctx: ProgressContext; sent: Sent[] } {
  const sent: Sent[] = [];
  const ctx: ProgressContext = {
    mcpReq: {
      _meta: progressToken === undefined ? {} : { progressToken },
      notify: async ({ params }) => {
        sent.push(params);
        if (fail) throw new Error('the client has gone');
      },
    },
  };
  return { ctx, sent };
}

describe('progressOf', () => {
  it('gives no sink to a request without a progress token', () => {
    expect(progressOf(context().ctx)).toBeUndefined();
  });

  it('counts steps and amounts on one rising counter, a total only while it is ahead', () => {
    const { ctx, sent } = context('tok-1');
    const tell = progressOf(ctx)!;
    tell('step one');
    tell('downloading', { progress: 65_536, total: 1_000_000 });
    tell('step two');
    tell('downloading', { progress: 65_536, total: 65_536 });
    tell('downloading', { progress: 900_000, total: 1_000_000 });
    expect(sent).toEqual([
      { progressToken: 'tok-1', progress: 1, message: 'step one' },
      { progressToken: 'tok-1', progress: 65_536, total: 1_000_000, message: 'downloading' },
      { progressToken: 'tok-1', progress: 65_537, message: 'step two' },
      // not further on than the counter: one more, and a total behind it is left out
      { progressToken: 'tok-1', progress: 65_538, message: 'downloading' },
      { progressToken: 'tok-1', progress: 900_000, total: 1_000_000, message: 'downloading' },
    ]);
  });

  it('drops a notification the transport cannot deliver', async () => {
    const { ctx, sent } = context(7, true);
    const tell = progressOf(ctx)!;
    expect(() => tell('step one')).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(1);
  });
});
