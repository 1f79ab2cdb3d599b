// The context-window figures of the benchmark (`npm run bench:context`, also printed by `npm run bench`):
// what every conversation pays before the first question (the tools/list answer, read-only and with
// writes on, per tool on average and the largest tools) and what each read tool's default answer costs
// on the two generated plans, the heavy plan and the raw-label one (bench/raw-plan.mjs: long bank
// labels and category names, where rows weigh most) — the whole JSON-RPC answer as it crosses the
// pipe, and its two halves: the text block a model reads and the structured content a client
// validates. Sizes, so no timing: one server process per mode and plan is enough. Printed, never
// asserted (test/tools/answer-size.test.ts asserts the budget).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fileURLToPath } from 'node:url';
import { startStandIn } from '../dist/demo/index.js';
import { HEAVY_PLAN_ID as PLAN, HEAVY_TODAY, buildHeavyPlan } from './heavy-plan.mjs';
import { BENCH_ORDERS, BENCH_RECEIPT, BENCH_STATEMENT } from './calls.mjs';
import { RAW_PLAN_ID, buildRawPlan } from './raw-plan.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
/** An answer over this is over the compact-answer budget (16 kB, the server's ANSWER_BYTES). */
export const ANSWER_BUDGET = 16_384;

/** Each read tool with the arguments an agent would send first: its defaults (and forecast_balance's
 * required month), on the heavy plan. */
export const DEFAULT_CALLS = [
  ['list_plans', {}],
  ['get_digest', { plan_id: PLAN }],
  ['get_changes', { plan_id: PLAN }],
  ['list_accounts', { plan_id: PLAN }],
  ['compare_statement', { plan_id: PLAN, account_id: 'acc-01', statement: BENCH_STATEMENT }],
  ['list_category_groups', { plan_id: PLAN }],
  ['list_payees', { plan_id: PLAN }],
  ['list_scheduled_transactions', { plan_id: PLAN }],
  ['find_transactions', { plan_id: PLAN, since_date: '2026-03-01' }],
  ['get_transaction', { plan_id: PLAN, transaction_id: 'tx-000100' }],
  ['suggest_categories', { plan_id: PLAN }],
  ['itemize_transaction', { plan_id: PLAN, ...BENCH_RECEIPT }],
  ['match_orders', { plan_id: PLAN, account_id: 'acc-01', orders: BENCH_ORDERS }],
  ['list_rules', { plan_id: PLAN }],
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

/** DEFAULT_CALLS on the plan `planId` (both generated plans share the dates). */
const callsOn = (planId) =>
  DEFAULT_CALLS.map(([name, args]) => [name, 'plan_id' in args ? { ...args, plan_id: planId } : args]);

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

/**
 * Every read tool's default answer on a generated plan, in one read-only server process: per tool its
 * whole answer, text and structured content in bytes (error: the tool answered with an error).
 */
export async function defaultAnswers(plan, planId) {
  const standIn = await startStandIn({ plan, today: HEAVY_TODAY });
  const session = await spawn(standIn.url);
  try {
    const names = (await toolsList(session)).names;
    const rows = [];
    for (const [name, args] of callsOn(planId)) {
      if (!names.has(name)) continue;
      const result = await session.client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
      });
      const text = result.content?.map((block) => block.text ?? '').join('') ?? '';
      rows.push({
        name,
        answer: session.lastAnswerBytes,
        text: bytes(text),
        structured: result.structuredContent === undefined ? 0 : bytes(result.structuredContent),
        error: result.isError === true,
      });
      if (process.env.BENCH_SHOW === name) process.stdout.write(`${JSON.stringify(session.lastAnswer)}\n`);
    }
    return rows;
  } finally {
    await session.client.close();
    await standIn.close();
  }
}

/** The two generated plans: the heavy one, and the same rows with raw bank labels. */
export const PLANS = [
  ['heavy plan', PLAN, () => buildHeavyPlan()],
  ['raw-label plan', RAW_PLAN_ID, () => buildRawPlan()],
];

/** Prints the default answers of every read tool on both plans, side by side. */
export async function answerSizes({ say }) {
  const measured = [];
  for (const [label, planId, build] of PLANS) measured.push([label, await defaultAnswers(build(), planId)]);
  say(`Default answers (bytes of the whole answer; budget ${ANSWER_BUDGET} B; text + structured of each):`);
  say(`${'tool'.padEnd(28)} ${measured.map(([label]) => label.padStart(26)).join(' ')}`);
  const [[, first]] = measured;
  for (const [i, { name }] of first.entries()) {
    const cells = measured.map(([, rows]) => {
      const r = rows[i];
      const cell = `${r.answer}${r.error ? ' (error)' : ''} (${r.text} + ${r.structured})`;
      return `${r.answer > ANSWER_BUDGET ? 'over ' : ''}${cell}`.padStart(26);
    });
    say(`${name.padEnd(28)} ${cells.join(' ')}`);
  }
  const over = measured.map(
    ([label, rows]) => `${rows.filter((r) => r.answer > ANSWER_BUDGET).length} over on the ${label}`,
  );
  say(`  ${over.join(', ')}`);
  return measured.map(([label, rows]) => ({
    label,
    largest: rows.reduce((a, b) => (b.answer > a.answer ? b : a)),
    over: rows.filter((r) => r.answer > ANSWER_BUDGET).length,
  }));
}

/** The tools/list figures, then the default answers on both plans. */
export async function contextFigures({ say }) {
  const standIn = await startStandIn({ plan: buildHeavyPlan(), today: HEAVY_TODAY });
  try {
    const readOnly = await spawn(standIn.url);
    const writer = await spawn(standIn.url, { AVENIR_MCP_WRITE: '1' });
    const ro = await toolsList(readOnly);
    const all = await toolsList(writer);
    await writer.client.close();
    await readOnly.client.close();
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
  } finally {
    await standIn.close();
  }
  say();
  await answerSizes({ say });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await contextFigures({ say: (line = '') => process.stdout.write(`${line}\n`) });
}
