// The journal figure of `npm run bench`: an undo preview against a 50 MB journal, end to end (the
// built server over stdio, the demo plan served by the stand-in). The journal holds ~50 MB of
// entries of another plan between two moves of the demo plan still in effect: the first line, and the
// last. The undo of the latest reads back from the end and stops there; the undo of the first line's
// operation by its id, and of ids that match nothing of this plan, search the whole file.
// Target: ≤ 300 ms and ≤ 30 MB of extra memory for each preview. Printed, never asserted.
// `node bench/journal.mjs` (after `npm run build`) runs this part alone.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startStandIn } from '../dist/demo/index.js';

const TARGET_BYTES = 50 * 1024 * 1024;
/** The demo move on the journal's first line, undone by its id. */
const OLD_ID = 'c0ffeec0ffee';
/** An id no line holds (the other plan's ids count up from zero), and one of the other plan. */
const UNKNOWN_ID = 'ffffffffffff';
const OTHER_PLAN_ID = '000000000000';

/** The demo holds Holidays 200.00 and Restaurants 120.00 in 2026-09: as this move left them. */
const demoMove = (operationId, appliedAt) => ({
  operation_id: operationId,
  plan_id: 'demo-budget',
  kind: 'move',
  applied_at: appliedAt,
  moves: [],
  details: {
    month: '2026-09-01',
    changes: [
      { category_id: 'cat-holidays', from: 210_000, to: 200_000 },
      { category_id: 'cat-restaurants', from: 110_000, to: 120_000 },
    ],
  },
});

/** A demo move, ~50 MB of categorize operations of another plan, then a demo move: both in effect. */
function writeJournal(path) {
  const moves = Array.from({ length: 3 }, (_, i) => ({
    transaction_id: `tx-${String(i).padStart(6, '0')}`,
    from_category_id: 'cat-other-a',
    to_category_id: 'cat-other-b',
  }));
  const lines = [`${JSON.stringify(demoMove(OLD_ID, '2026-09-01T07:00:00+00:00'))}\n`];
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
  lines.push(`${JSON.stringify(demoMove('feedfacecafe', '2026-09-25T09:00:00+00:00'))}\n`);
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
    const old = await timed({ plan_id: 'demo-budget', operation_id: OLD_ID });
    const unknown = await timed({ plan_id: 'demo-budget', operation_id: UNKNOWN_ID });
    const none = await timed({ plan_id: 'demo-budget', operation_id: OTHER_PLAN_ID });
    const afterNone = peakRss(transport.pid);
    const status = (r) => r.result.structuredContent?.status ?? (r.result.isError ? 'not found' : 'error');
    const extra = (after) =>
      before === undefined || after === undefined ? 'n/a' : `+${(after - before).toFixed(1)} MiB`;
    say();
    say(
      `Journal: undo preview against a ${(bytes / 1024 / 1024).toFixed(0)} MB journal (target ≤ 300 ms, ≤ 30 MB extra): ` +
        `${ms(recent.ms)} ms, then ${ms(again.ms)} ms; peak RSS ${extra(afterRecent)} (${status(recent)})`,
    );
    say(
      `Journal: by the id of its first line (target ≤ 300 ms): ${ms(old.ms)} ms (${status(old)}); ` +
        `an unknown id (target ≤ 300 ms): ${ms(unknown.ms)} ms (${status(unknown)}); ` +
        `an id of another plan: ${ms(none.ms)} ms (${status(none)}); peak RSS ${extra(afterNone)} in all`,
    );
  } finally {
    await client.close();
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The peak resident set of a process (VmHWM), in MiB; undefined off Linux. */
function peakRssOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchJournal({
    main: fileURLToPath(new URL('../dist/main.js', import.meta.url)),
    say: (line = '') => process.stdout.write(`${line}\n`),
    ms: (value) => (value < 10 ? value.toFixed(1) : value.toFixed(0)),
    peakRss: peakRssOf,
  });
}
