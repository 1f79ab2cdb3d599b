// What each simulated person of the hosted bench does (bench/hosted.mjs): 20 calls through the official
// MCP client (protocol 2026-07-28, so that any instance may answer any request), one after another,
// while every other person does the same: 12 reads, and two confirmed writes (a create, a flag), each
// previewed, confirmed with its code and then undone the same way. In a paced run each person pauses
// before each call after the first, as a person's assistant does while the model writes its next step;
// without pauses every person calls back to back, the load of a burst.
//
// A call the balancer cut (its instance died under it) is told apart from an error. A read or a preview
// cut is asked again: it changed nothing. A confirmed write or undo cut is never sent again: its outcome
// is unknown to the person, as to any client whose answer was lost; the run's checks find out from the
// stand-in and the store what became of it, and the undo of a write whose outcome is unknown is skipped.
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/**
 * A read tool's first call by a person reads their plan cold (or after a write, by a delta); its
 * repeats are the warm reads the scale-out goal is about, so the two are timed apart.
 */
export const KINDS = [
  'read, first',
  'read, repeat',
  'write preview',
  'write confirm',
  'undo preview',
  'undo confirm',
];
export const CALLS_PER_PERSON = 20;
/** How a call cut by its instance's death fails: the balancer's 502, or the connection to it lost. */
const CUT = /Cut: E[A-Z]+|fetch failed|other side closed/;

/** The person's 20 calls, in order. */
function script(p, run) {
  const plan = { plan_id: p.plan };
  const read = (tool, args = plan) => ({ type: 'read', tool, args });
  const memo = `bench ${run} ${p.name}`;
  return [
    read('list_plans', {}),
    read('list_accounts'),
    {
      type: 'write',
      label: 'create',
      tool: 'create_transactions',
      args: {
        ...plan,
        account_id: p.account,
        transactions: [{ date: '2026-09-24', amount: -(p.n + 0.25), payee_name: 'Bench bakery', memo }],
      },
      memo,
    },
    read('get_category_balances'),
    { type: 'undo', label: 'create' },
    read('get_monthly_summary'),
    read('list_accounts'),
    {
      type: 'write',
      label: 'flag',
      tool: 'flag_transactions',
      args: { ...plan, flags: [{ transaction_id: p.flagTx, color: 'purple' }] },
    },
    read('find_transactions', { ...plan, since_date: '2026-08-01' }),
    { type: 'undo', label: 'flag' },
    read('list_payees', { ...plan, limit: 5 }),
    read('get_category_balances'),
    read('list_accounts'),
    read('get_monthly_summary'),
    read('list_scheduled_transactions'),
    read('list_plans', {}),
  ];
}

export async function connectPerson(p, baseUrl) {
  const client = new Client(
    { name: 'bench', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${p.bearer}` } },
    }),
  );
  return client;
}

const textOf = (result) =>
  (result.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

/**
 * Runs the person's calls. `record(kind, ms, outcome, detail)` hears each call; `cuts()` says whether
 * a failed call may be a cut (the run has killed an instance); `done()` is told after each call;
 * `pause()`, awaited before each step after the first, is the person's think time (none by default).
 * Resolves with what the checks need: the operations applied, and the writes whose outcome is unknown.
 */
export async function runPerson(p, client, { run, record, cuts, done, pause = async () => {} }) {
  const applied = {};
  const unknown = [];
  const call = async (kind, tool, args, retry) => {
    const started = performance.now();
    let result;
    try {
      result = await client.callTool({ name: tool, arguments: args });
    } catch (error) {
      const ms = performance.now() - started;
      if (!cuts() || !CUT.test(`${error.message} ${error.cause?.message ?? ''}`)) {
        record(kind, ms, 'error', `${tool}: ${error.message}`);
        return null;
      }
      record(kind, ms, 'cut', `${tool}: ${error.message}`);
      return retry ? call(kind, tool, args, false) : 'cut';
    }
    const ms = performance.now() - started;
    const out = result.structuredContent ?? {};
    const text = textOf(result);
    if (result.isError === true && /still pending/.test(text) && unknown.length > 0)
      record(kind, ms, 'refused pending', tool);
    else if (result.isError === true) record(kind, ms, 'error', `${tool}: ${text.slice(0, 300)}`);
    else record(kind, ms, 'ok');
    return result.isError === true ? null : out;
  };
  const confirmed = async (kinds, tool, args) => {
    const preview = await call(kinds[0], tool, args, true);
    if (preview === null || preview === 'cut' || preview.status !== 'confirmation_required') return null;
    return call(kinds[1], tool, { ...args, confirmation: preview.confirmation }, false);
  };
  const seen = new Set();
  for (const [i, step] of script(p, run).entries()) {
    if (i > 0) await pause();
    if (step.type === 'read') {
      await call(seen.has(step.tool) ? 'read, repeat' : 'read, first', step.tool, step.args, true);
      seen.add(step.tool);
      done();
    } else if (step.type === 'write') {
      const out = await confirmed(['write preview', 'write confirm'], step.tool, step.args);
      if (out === 'cut') unknown.push({ label: step.label, tool: step.tool, memo: step.memo });
      else if (out?.status === 'applied')
        applied[step.label] = { operation_id: out.operation_id, undone: false };
      done();
      done();
    } else {
      const op = applied[step.label];
      if (op === undefined) {
        record('undo preview', 0, 'skipped', step.label);
        record('undo confirm', 0, 'skipped', step.label);
      } else {
        const args = { plan_id: p.plan, operation_id: op.operation_id };
        const out = await confirmed(['undo preview', 'undo confirm'], 'undo_operation', args);
        if (out === 'cut')
          unknown.push({ label: `undo ${step.label}`, tool: 'undo_operation', operation: op.operation_id });
        else op.undone = out?.status === 'applied';
      }
      done();
      done();
    }
  }
  return { applied, unknown };
}
