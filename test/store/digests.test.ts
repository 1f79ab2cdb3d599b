/**
 * The weekly digests' store on both engines: a person's webhook kept sealed (the database never
 * holds the address in the clear), replaced and removed; the people due this week; a week's send
 * claimed by one caller only, however many race for it; and old send records dropped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newKeyLine, parseKeyFile, Sealer } from '../../src/store/seal.js';
import { SqlDigests } from '../../src/store/sql-digests.js';
import { ENGINES, SLOW, type TestDatabase } from './engines.js';
import { twoPeople } from './helpers.js';

const T0 = 1_780_000_000_000;
const HOOK = 'https://hooks.example.com/services/T0/B0/secret-path';

describe.each(ENGINES)('weekly digests on $name', (engine) => {
  let t: TestDatabase;
  let clock = T0;
  let digests: SqlDigests;
  beforeEach(async () => {
    t = await engine.open();
    clock = T0;
    digests = new SqlDigests(t.db, new Sealer(parseKeyFile(newKeyLine())), () => clock);
  }, SLOW);
  afterEach(() => t.drop(), SLOW);

  it('keeps a webhook sealed, replaces it, and removes it', async () => {
    const { a, b } = await twoPeople(t.db);
    expect(await digests.webhook(a)).toBeNull();
    await digests.setWebhook(a, HOOK);
    expect(await digests.webhook(a)).toBe(HOOK);
    expect(await digests.webhook(b)).toBeNull();
    const raw = JSON.stringify(await t.db.query('SELECT * FROM digest_webhooks'));
    expect(raw).not.toContain('secret-path');
    expect(raw).not.toContain('hooks.example.com');
    await digests.setWebhook(a, 'https://ntfy.example/alice');
    expect(await digests.webhook(a)).toBe('https://ntfy.example/alice');
    expect(await t.db.query('SELECT person_id FROM digest_webhooks')).toHaveLength(1);
    expect(await digests.removeWebhook(a)).toBe(true);
    expect(await digests.removeWebhook(a)).toBe(false);
    expect(await digests.webhook(a)).toBeNull();
  });

  it('lists who is due this week, and lets one claim of a week win however many race', async () => {
    const { a, b } = await twoPeople(t.db);
    await digests.setWebhook(a, HOOK);
    clock += 1;
    await digests.setWebhook(b, 'https://ntfy.example/bob');
    expect(await digests.due('2026-W49', 10)).toEqual([a, b]);
    expect(await digests.due('2026-W49', 1)).toEqual([a]);
    const claims = await Promise.all(Array.from({ length: 8 }, () => digests.claim(a, '2026-W49')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await digests.send(a, '2026-W49')).toBe('claimed');
    expect(await digests.due('2026-W49', 10)).toEqual([b]);
    await digests.finish(a, '2026-W49', 'sent');
    expect(await digests.send(a, '2026-W49')).toBe('sent');
    // the next week is due again, and each week is claimed apart
    expect(await digests.due('2026-W50', 10)).toEqual([a, b]);
    expect(await digests.claim(a, '2026-W50')).toBe(true);
    await digests.finish(a, '2026-W50', 'failed');
    expect(await digests.send(a, '2026-W50')).toBe('failed');
    expect(await digests.send(b, '2026-W49')).toBeNull();
  });

  it('drops the records of sends claimed before a date, and only those', async () => {
    const { a } = await twoPeople(t.db);
    await digests.claim(a, '2026-W40');
    clock = T0 + 1_000;
    await digests.claim(a, '2026-W41');
    expect(await digests.prune(T0 + 1)).toBe(1);
    expect([await digests.send(a, '2026-W40'), await digests.send(a, '2026-W41')]).toEqual([null, 'claimed']);
  });
});
