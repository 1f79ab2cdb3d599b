/**
 * What hosted mode builds per person: their own Deps (codes, approvals, pacer, journal folder), their
 * zone's "today", a state key of their own, and an LRU bound per instance.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { Secret } from '../../src/domain/secret.js';
import { PeopleDeps } from '../../src/hosted/people-deps.js';
import { silentLog } from '../../src/log.js';
import { openPglitePeople, type RecordingPeople } from '../helpers/recording-people.js';

const app = {
  clientId: 'app',
  clientSecret: new Secret('secret'),
  oauthUrl: 'http://127.0.0.1:9',
  redirectUri: 'https://avenir.example.net/oauth/ynab/callback',
  apiUrl: () => 'http://127.0.0.1:9/v1',
};
const config = loadConfig({
  XDG_STATE_HOME: '/var/lib/avenir',
  AVENIR_MCP_STATE_KEY: 'a state key of at least thirty-two bytes',
  AVENIR_MCP_TIME_ZONE: 'UTC',
});

let people: RecordingPeople;
let closeStore: () => Promise<void>;
beforeAll(async () => {
  ({ people, close: closeStore } = await openPglitePeople());
}, 120_000);
afterAll(() => closeStore?.());

async function setUp(max?: number) {
  const tokyo = await people.signIn('user-tokyo', { allowed: 'write', timeZone: 'Asia/Tokyo' });
  const la = await people.signIn('user-la', { allowed: 'read', timeZone: 'America/Los_Angeles' });
  const server = await people.signIn('user-server', { allowed: 'read', timeZone: null });
  const built = new PeopleDeps(
    {
      config,
      log: silentLog,
      people,
      app,
      overrides: { instant: () => new Date('2026-09-25T23:30:00Z') },
      ...(max ? { max } : {}),
    },
    (deps) => ({ deps }),
  );
  return { people, built, tokyo, la, server };
}

describe("each person's Deps", () => {
  it('are theirs alone: today in their zone, their journal folder, codes and state key', async () => {
    const { built, tokyo, la, server } = await setUp();
    const a = (await built.entry(tokyo.id))!.deps;
    const b = (await built.entry(la.id))!.deps;
    const c = (await built.entry(server.id))!.deps;
    expect([a.clock.today(), b.clock.today(), c.clock.today()]).toEqual([
      '2026-09-26',
      '2026-09-25',
      '2026-09-25',
    ]);
    expect(a.config.journalPath()).toBe(join('/var/lib/avenir/avenir-mcp/people', tokyo.id, 'journal.jsonl'));
    expect(a.codes).not.toBe(b.codes);
    expect(a.approvals).not.toBe(b.approvals);
    expect(a.pacer).not.toBe(b.pacer);
    const keys = [a, b, c].map((d) => d.config.stateKey!.reveal());
    expect(new Set([...keys, config.stateKey!.reveal()]).size).toBe(4);
    // the same person gets the same Deps while kept
    expect((await built.entry(tokyo.id))!.deps).toBe(a);
  });

  it('an unknown person gets none; an instance keeps at most its cap, least recently used out', async () => {
    const { built, tokyo, la, server } = await setUp(2);
    expect(await built.entry('nobody')).toBeNull();
    const first = (await built.entry(tokyo.id))!.deps;
    await built.entry(la.id);
    await built.entry(server.id);
    expect(built.size).toBe(2);
    expect((await built.entry(tokyo.id))!.deps).not.toBe(first);
  });

  it('a person forgotten (signed in again) is built anew with their new zone', async () => {
    const { built, tokyo } = await setUp();
    expect((await built.entry(tokyo.id))!.deps.clock.today()).toBe('2026-09-26');
    await people.signIn('user-tokyo', { allowed: 'write', timeZone: 'Pacific/Honolulu' });
    built.forget(tokyo.id);
    expect((await built.entry(tokyo.id))!.deps.clock.today()).toBe('2026-09-25');
    await people.signIn('user-tokyo', { allowed: 'write', timeZone: 'Asia/Tokyo' });
  });

  it('a person who signed in again through another instance is built anew at their next call here', async () => {
    const { built, tokyo } = await setUp();
    const first = (await built.current(tokyo))!;
    expect(first.deps.clock.today()).toBe('2026-09-26');
    // the same reading keeps the same Deps
    expect((await built.current(tokyo))!.deps).toBe(first.deps);
    // another instance took a sign-in with another zone and read only: no forget() reached this one
    const now = await people.signIn('user-tokyo', { allowed: 'read', timeZone: 'Pacific/Honolulu' });
    const again = (await built.current(now))!;
    expect(again.deps).not.toBe(first.deps);
    expect(again.person.allowed).toBe('read');
    expect(again.deps.clock.today()).toBe('2026-09-25');
    await people.signIn('user-tokyo', { allowed: 'write', timeZone: 'Asia/Tokyo' });
  });
});
