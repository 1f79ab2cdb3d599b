/**
 * Every write other than the budget ones ends in a true state, through a real client against the
 * stand-in: a lost answer (dropped or cut off, landed or not) is read back over the settling window,
 * never re-sent: applied and journaled once a read shows it, else unknown (YNAB may still apply it
 * late) and kept pending, so that the same change is refused meanwhile; a read-back the pacer forbids
 * ends unknown with nothing journaled; a field YNAB ignored is named, never claimed applied.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import type { FaultRule } from '../../src/demo/index.js';
import { it } from '../helpers/fixture.js';
import { call, connect, textOf, out } from '../helpers/harness.js';
import { ACCEPT, answering } from '../helpers/writes.js';
import { CASES, type Case } from '../helpers/write-cases.js';
import { pendingEntries as pending } from '../helpers/pending.js';
import { req } from '../requirements.js';

type Out = { status: string; message: string; operation_id?: string | null };
const kinds = (path: string): string[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => String((JSON.parse(l) as { kind: string }).kind))
    : [];

/** The write requests the stand-in received (every method but GET). */
const writesSent = (h: { standIn: { requests: { method: string }[] } }): number =>
  h.standIn.requests.filter((q) => q.method !== 'GET').length;

const LOST: { name: string; fault: Partial<FaultRule>; landed: boolean }[] = [
  { name: 'dropped after it landed', fault: { drop: true, apply: true }, landed: true },
  { name: 'dropped before it landed', fault: { drop: true }, landed: false },
  { name: 'cut off after it landed', fault: { truncate: true, apply: true }, landed: true },
  { name: 'cut off before it landed', fault: { truncate: true }, landed: false },
  { name: 'replaced by an HTML page', fault: { status: 200, body: '<html>proxy</html>' }, landed: false },
];

describe.each(CASES)(`${req('outcome-truth')} $tool`, (c) => {
  it.beforeEach(({ h }) => h.standIn.reset());
  const args = { plan_id: 'demo-budget', ...c.args };
  const sends = (h: { standIn: { requests: { method: string; path: string }[] } }) =>
    h.standIn.requests.filter((q) => q.method === c.route.method && q.path === c.route.path).length;

  it.for(LOST)('an answer $name is read back until it shows, never re-sent', async (lost, { h, journal }) => {
    const before = c.held(h.standIn.state);
    const s = await connect(h, 'modern', {
      env: { AVENIR_MCP_JOURNAL: journal },
      elicit: answering(ACCEPT).handler,
    });
    h.standIn.fault({ ...c.route, ...lost.fault });
    const result = await call(s, c.tool, args);
    const r = out<Out>(result);
    expect(sends(h)).toBe(1);
    expect(writesSent(h)).toBe(1);
    if (lost.landed) {
      expect(result.isError).toBeFalsy();
      expect(r.status).toBe('applied');
      expect(r.message).toContain("YNAB's answer was lost, but a read-back shows the change in place.");
      expect(c.held(h.standIn.state)).toEqual(c.after);
      expect(kinds(journal)).toEqual(c.kind === null ? [] : [c.kind]);
      expect(pending(journal)).toEqual([]);
    } else {
      // no read shows it within the window: unknown (YNAB may still apply it late), and kept pending
      expect(result.isError).toBe(true);
      expect(r.status).toBe('unknown');
      expect(r.message).toMatch(/^Do not repeat this change yet: /);
      expect(r.message).toContain("YNAB's answer was lost, and reads over 1 s do not show ");
      expect(r.message).toContain('YNAB may still apply it late.');
      expect(r.message).not.toContain('safe to ask again');
      expect(c.held(h.standIn.state)).toEqual(before);
      expect(kinds(journal)).toEqual([]);
      const entries = pending(journal);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ plan_id: 'demo-budget', tool: c.tool });
      expect(r.message).toMatch(
        new RegExp(
          `avenir-mcp keeps it as pending operation ${entries[0]?.operation_id}: the next call on this plan checks YNAB again, and undo_operation with that operation_id settles it first\\.$`,
        ),
      );
      if ('operation_id' in r) expect(r.operation_id).toBeNull();
    }
  });

  it('a lost answer the pacer forbids reading back ends unknown, journaling nothing', async ({
    h,
    journal,
  }) => {
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal } });
    const code = (out<Out>(await call(s, c.tool, args)) as unknown as { confirmation: string }).confirmation;
    const reads = h.standIn.requests.length;
    h.standIn.fault({ ...c.route, drop: true, apply: true });
    // room for the preview's reads again and the write, not for a read-back
    while ((await s.deps.pacer.sentLastHour()) < 180 - reads - 1) await s.deps.pacer.take();
    const result = await call(s, c.tool, { ...args, confirmation: code });
    const r = out<Out>(result);
    expect(result.isError).toBe(true);
    expect(r.status).toBe('unknown');
    expect(r.message).toMatch(/^Do not repeat this change yet/);
    expect(r.message).toContain('avenir-mcp could not check what YNAB holds');
    expect(r.message).toContain('do not repeat it blindly');
    expect(sends(h)).toBe(1);
    expect(writesSent(h)).toBe(1);
    expect(c.held(h.standIn.state)).toEqual(c.after);
    expect(kinds(journal)).toEqual([]);
    expect(pending(journal)).toMatchObject([{ plan_id: 'demo-budget', tool: c.tool }]);
  });

  it.skipIf(c.ignore === undefined)(
    'a field YNAB ignores is named, never claimed',
    async ({ h, journal }) => {
      const ignore = c.ignore as NonNullable<Case['ignore']>;
      const before = c.held(h.standIn.state);
      const s = await connect(h, 'modern', {
        env: { AVENIR_MCP_JOURNAL: journal },
        elicit: answering(ACCEPT).handler,
      });
      const { field, body } = ignore;
      h.standIn.fault({
        ...c.route,
        ...(field === undefined ? {} : { ignoreFields: [field] }),
        ...(body === undefined ? {} : { status: 200, body: JSON.stringify({ data: body(h.standIn.state) }) }),
      });
      const result = await call(s, c.tool, args);
      const r = out<Out>(result);
      // partial and not_applied are tool errors: the change did not happen in full
      expect(result.isError).toBe(true);
      expect(r.status).toBe(ignore.status);
      expect(r.message).toContain(ignore.names);
      // YNAB answered: the outcome is known, and nothing stays pending
      expect(pending(journal)).toEqual([]);
      expect(c.held(h.standIn.state)).toEqual('held' in ignore ? ignore.held : before);
      expect(kinds(journal)).toEqual(ignore.status === 'partial' && c.kind !== null ? [c.kind] : []);
    },
  );
});

// the same change asked again while the first is pending could make it twice: refused, nothing sent;
// `other` changes something else (another transaction; another date), and goes through
const AGAIN: { tool: string; other: Record<string, unknown> }[] = [
  { tool: 'flag_transactions', other: { flags: [{ transaction_id: 'tx-047', color: 'red' }] } },
  {
    tool: 'create_transactions',
    other: {
      account_id: 'acc-checking',
      transactions: [{ date: '2026-09-23', amount: -12.5, payee_name: 'Bakery', memo: 'bread' }],
    },
  },
];

describe.each(AGAIN)(`${req('pending-write-ahead')} $tool asked again while pending`, ({ tool, other }) => {
  const c = CASES.find((x) => x.tool === tool) as Case;
  it.beforeEach(({ h }) => h.standIn.reset());
  const args = { plan_id: 'demo-budget', ...c.args };

  it('is refused before anything is asked or sent; another subject is not', async ({ h, journal }) => {
    const before = c.held(h.standIn.state);
    const asked = answering(ACCEPT);
    const s = await connect(h, 'modern', { env: { AVENIR_MCP_JOURNAL: journal }, elicit: asked.handler });
    h.standIn.fault({ ...c.route, drop: true });
    expect(out<Out>(await call(s, tool, args)).status).toBe('unknown');
    const [entry] = pending(journal);
    const questions = asked.questions.length;
    expect(writesSent(h)).toBe(1);

    const again = await call(s, tool, args);
    expect(again.isError).toBe(true);
    expect(again.structuredContent).toBeUndefined();
    expect(textOf(again)).toMatch(
      new RegExp(
        `^A change to the same thing is still pending: operation ${entry?.operation_id} \\(${tool}, `,
      ),
    );
    expect(textOf(again)).toContain('nothing was asked or sent');
    expect(asked.questions).toHaveLength(questions);
    expect(writesSent(h)).toBe(1);
    expect(c.held(h.standIn.state)).toEqual(before);
    expect(pending(journal)).toEqual([entry]);

    // a create of the same account, date and amount is the same subject, whatever its payee
    if (tool === 'create_transactions') {
      const same = { ...args, transactions: [{ date: '2026-09-24', amount: -12.5, payee_name: 'Kiosk' }] };
      expect(textOf(await call(s, tool, same))).toMatch(/^A change to the same thing is still pending/);
      expect(writesSent(h)).toBe(1);
    }
    const r = await call(s, tool, { plan_id: 'demo-budget', ...other });
    expect(r.isError).toBeFalsy();
    expect(out<Out>(r).status).toBe('applied');
    expect(writesSent(h)).toBe(2);
    expect(pending(journal)).toEqual([entry]);
  });
});
