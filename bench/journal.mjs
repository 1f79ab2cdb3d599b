// The journal figure of `npm run bench`: an undo preview against a 50 MB journal, end to end (the
// built server over stdio, the demo plan served by the stand-in). The journal holds ~50 MB of
// entries of another plan and, last, a move of the demo plan that is still in effect, so the undo
// reads back from the end and stops there; then a preview that finds nothing scans the whole file.
// Target: ≤ 300 ms and ≤ 30 MB of extra memory for the preview. Printed, never asserted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startStandIn } from '../dist/demo/index.js';

const TARGET_BYTES = 50 * 1024 * 1024;

/** ~50 MB of journal lines: categorize operations of another plan, then one demo move in effect. */
function writeJournal(path) {
  const moves = Array.from({ length: 3 }, (_, i) => ({
    transaction_id: `tx-${String(i).padStart(6, '0')}`,
    from_category_id: 'cat-other-a',
    to_category_id: 'cat-other-b',
  }));
  const lines = [];
  let bytes = 0;
  for (let n = 0; bytes < TARGET_BYTES; n++) {
    const line = `${JSON.stringify({
      operation_id: n.toString(16).padStart(12, '0'),
      plan_id: 'another-plan',
      kind: 'categorize',
      applied_at: '2026-09-01T08:00:00+00:00',
      moves,
      details: {},
    })}\n`;
    lines.push(line);
    bytes += line.length;
  }
  // the demo holds Holidays 200.00 and Restaurants 120.00 in 2026-09: as this move left them
  const move = {
    operation_id: 'feedfacecafe',
    plan_id: 'demo-budget',
    kind: 'move',
    applied_at: '2026-09-25T09:00:00+00:00',
    moves: [],
    details: {
      month: '2026-09-01',
      changes: [
        { category_id: 'cat-holidays', from: 210_000, to: 200_000 },
        { category_id: 'cat-restaurants', from: 110_000, to: 120_000 },
      ],
    },
  };
  lines.push(`${JSON.stringify(move)}\n`);
  writeFileSync(path, lines.join(''));
  return bytes;
}

export async function benchJournal({ main, say, ms, peakRss }) {
  const dir = mkdtempSync(join(tmpdir(), 'avenir-bench-journal-'));
  const journal = join(dir, 'journal.jsonl');
  const bytes = writeJournal(journal);
  const standIn = await startStandIn({});
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      AVENIR_MCP_YNAB_URL: standIn.url,
      YNAB_API_KEY: 'bench',
      AVENIR_MCP_TODAY: '2026-09-25',
      AVENIR_MCP_NO_UPDATE_CHECK: '1',
      AVENIR_MCP_WRITE: '1',
      AVENIR_MCP_JOURNAL: journal,
    },
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'avenir-mcp-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  try {
    await client.connect(transport);
    // warm: the first call's costs (modules, connection, the month read) are not the journal's
    await client.callTool({ name: 'list_plans', arguments: {} });
    await client.callTool({
      name: 'get_category_balances',
      arguments: { plan_id: 'demo-budget', month: '2026-09-01' },
    });
    const before = peakRss(transport.pid);
    const timed = async (args) => {
      const t = performance.now();
      const result = await client.callTool({ name: 'undo_operation', arguments: args });
      return { ms: performance.now() - t, result };
    };
    const recent = await timed({ plan_id: 'demo-budget' });
    const again = await timed({ plan_id: 'demo-budget' });
    const afterRecent = peakRss(transport.pid);
    const none = await timed({ plan_id: 'demo-budget', operation_id: '000000000000' });
    const afterNone = peakRss(transport.pid);
    const status = recent.result.structuredContent?.status ?? 'error';
    const extra = (after) =>
      before === undefined || after === undefined ? 'n/a' : `+${(after - before).toFixed(1)} MiB`;
    say();
    say(
      `Journal: undo preview against a ${(bytes / 1024 / 1024).toFixed(0)} MB journal (target ≤ 300 ms, ≤ 30 MB extra): ` +
        `${ms(recent.ms)} ms, then ${ms(again.ms)} ms; peak RSS ${extra(afterRecent)} (${status})`,
    );
    say(
      `Journal: a preview that finds nothing scans it all: ${ms(none.ms)} ms; peak RSS ${extra(afterNone)} in all`,
    );
  } finally {
    await client.close();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
