/**
 * docs/hosting.md's table of what the store keeps names every kind of OAuth record the store knows,
 * per person or shared as `src/store/sql-oauth.ts` files it: a kind added to either list without a
 * line saying what it is and how long it is kept fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERSON_KINDS, SHARED_KINDS } from '../../src/store/sql-oauth.js';

const section = (() => {
  const doc = readFileSync(new URL('../../docs/hosting.md', import.meta.url), 'utf8');
  const start = doc.indexOf('### What the store holds, and for how long');
  return doc.slice(start, doc.indexOf('\n## ', start));
})();

describe("docs/hosting.md's table of the store", () => {
  it('names every kind of OAuth record, on the side the store files it', () => {
    expect(section.length).toBeGreaterThan(0);
    const perPerson = section.slice(section.indexOf("OAuth state of the person's apps, per person"));
    const personRow = perPerson.slice(0, perPerson.indexOf('\n'));
    for (const kind of [...PERSON_KINDS, ...SHARED_KINDS]) expect(section).toContain(`\`${kind}\``);
    for (const kind of ['Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode', 'Session'])
      expect(PERSON_KINDS.has(kind) && personRow.includes(`\`${kind}\``)).toBe(true);
    for (const kind of ['Client', 'RegistrationAccessToken', 'Interaction', 'ProviderSecret', 'SignInState'])
      expect(SHARED_KINDS.has(kind) && !personRow.includes(`\`${kind}\``)).toBe(true);
  });
});
