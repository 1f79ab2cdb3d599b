// The context-window figures of the benchmark (`npm run bench:context`, also printed by `npm run bench`):
// what every conversation pays before the first question (the tools/list answer, read-only and with
// writes on, per tool on average and the largest tools) and what each read tool's default answer costs
// on the heavy plan (the whole JSON-RPC answer as it crosses the pipe, and its two halves: the text
// block a model reads and the structured content a client validates). Sizes, so no timing: one server
// process per mode is enough. Printed, never asserted.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';
import { startStandIn } from '../dist/demo/index.js';
import { HEAVY_PLAN_ID as PLAN, HEAVY_TODAY, buildHeavyPlan } from './heavy-plan.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
/** An answer over this is over the compact-answer budget (16 kB). */
const ANSWER_BUDGET = 16_000;

/** Each read tool with the arguments an agent would send first: its defaults (and forecast_balance's
 * required month), on the heavy plan. */
export const DEFAULT_CALLS = [
  ['list_plans', {}],
  ['list_accounts', { plan_id: PLAN }],
  ['list_category_groups', { plan_id: PLAN }],
  ['list_payees', { plan_id: PLAN }],
  ['list_scheduled_transactions', { plan_id: PLAN }],
  ['find_transactions', { plan_id: PLAN, since_date: '2026-03-01' }],
  ['suggest_categories', { plan_id: PLAN }],
  ['get_monthly_summary', { plan_id: PLAN }],
  ['get_category_balances', { plan_id: PLAN, month: '2026-08-01' }],
  ['get_budget_vs_actual', { plan_id: PLAN, month: '2026-08-01' }],
  ['get_spending_trends', { plan_id: PLAN }],
  ['get_underfunded_targets', { plan_id: PLAN }],
  ['get_money_movements', { plan_id: PLAN }],
  ['get_age_of_money', { plan_id: PLAN }],
  ['get_net_worth_trend', { plan_id: PLAN }],
  ['get_runway', { plan_id: PLAN }],
  ['get_savings_rate', { plan_id: PLAN }],
  ['get_debt_payoff_plan', { plan_id: PLAN }],
  ['find_recurring_charges', { plan_id: PLAN }],
  ['forecast_balance', { plan_id: PLAN, until: '2027-03' }],
];

const bytes = (value) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));

async function spawn(ynabUrl, extraEnv = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      AVENIR_MCP_YNAB_URL: ynabUrl,
      YNAB_API_KEY: 'bench',
      AVENIR_MCP_TODAY: HEAVY_TODAY,
      AVENIR_MCP_NO_UPDATE_CHECK: '1',
      ...extraEnv,
    },
    stderr: 'ignore',
  });
  const client = new Client(
    { name: 'avenir-mcp-bench', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  // The size of each answer as it crossed the pipe (the stdio transport writes JSON.stringify + "\n").
  const session = { client, lastAnswerBytes: 0 };
  const deliver = transport.onmessage;
  transport.onmessage = (message, ...rest) => {
    if ('result' in message || 'error' in message) {
      session.lastAnswerBytes = bytes(message);
      session.lastAnswer = message;
    }
    deliver?.call(transport, message, ...rest);
  };
  return session;
}

/** The tools/list figures of one server mode. */
async function toolsList(session) {
  const { tools } = await session.client.listTools();
  const total = session.lastAnswerBytes;
  const sizes = tools.map((tool) => [tool.name, bytes(tool)]).sort((a, b) => b[1] - a[1]);
  // where the bytes go: each part of a tool (its key included) summed over the tools, and the rest
  // of the answer (the JSON-RPC envelope, and on 2026-07-28 the result's _meta and cache fields)
  const parts = {};
  for (const tool of session.lastAnswer.result.tools)
    for (const [key, value] of Object.entries(tool))
      parts[key] = (parts[key] ?? 0) + bytes(value) + key.length + 4;
  const listed = bytes(session.lastAnswer.result.tools);
  parts.envelope = total - listed;
  return { total, count: tools.length, sizes, parts, names: new Set(tools.map((tool) => tool.name)) };
}

/** Every default answer of the read tools on the heavy plan, measured in one process. */
export async function contextFigures({ say }) {
  const standIn = await startStandIn({ plan: buildHeavyPlan(), today: HEAVY_TODAY });
  try {
    const readOnly = await spawn(standIn.url);
    const writer = await spawn(standIn.url, { AVENIR_MCP_WRITE: '1' });
    const ro = await toolsList(readOnly);
    const all = await toolsList(writer);
    await writer.client.close();
    const perTool = (list) =>
      `${list.total} B for ${list.count} tools (${Math.round(list.total / list.count)} B a tool)`;
    const byPart = (list) =>
      Object.entries(list.parts)
        .sort((a, b) => b[1] - a[1])
        .map(([part, size]) => `${part} ${size}`)
        .join(', ');
    say(`tools/list, read-only: ${perTool(ro)}`);
    say(`  by part: ${byPart(ro)}`);
    say(`tools/list, every tool (AVENIR_MCP_WRITE=1): ${perTool(all)}`);
    say(`  by part: ${byPart(all)}`);
    say(
      `  largest: ${all.sizes
        .slice(0, 5)
        .map(([name, size]) => `${name} ${size} B`)
        .join(', ')}`,
    );
    say();
    say(`Default answers on the heavy plan (bytes; budget ${ANSWER_BUDGET} B for the whole answer):`);
    say(`${'tool'.padEnd(28)} ${'answer'.padStart(8)} ${'text'.padStart(8)} ${'structured'.padStart(10)}`);
    let over = 0;
    for (const [name, args] of DEFAULT_CALLS) {
      if (!ro.names.has(name)) {
        say(`${name.padEnd(28)} not in tools/list: skipped`);
        continue;
      }
      const result = await readOnly.client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
      });
      const answer = readOnly.lastAnswerBytes;
      const text = result.content?.map((block) => block.text ?? '').join('') ?? '';
      const structured = result.structuredContent === undefined ? 0 : bytes(result.structuredContent);
      if (answer > ANSWER_BUDGET) over++;
      if (process.env.BENCH_SHOW === name) say(JSON.stringify(readOnly.lastAnswer));
      say(
        `${`${name}${result.isError ? ' (error)' : ''}`.padEnd(28)} ${String(answer).padStart(8)} ` +
          `${String(bytes(text)).padStart(8)} ${String(structured).padStart(10)}${answer > ANSWER_BUDGET ? '  over' : ''}`,
      );
    }
    say(`  ${over} default answer(s) over ${ANSWER_BUDGET} B`);
    await readOnly.client.close();
  } finally {
    await standIn.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await contextFigures({ say: (line = '') => process.stdout.write(`${line}\n`) });
}
