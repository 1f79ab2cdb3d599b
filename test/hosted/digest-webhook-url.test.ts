/**
 * The rules of a weekly digest's webhook: https only, no user name or password, and a public address
 * only, whether written in the URL or resolved from its name (loopback, private, link-local, CGNAT,
 * unique-local IPv6 and names leading to them refused), each refusal saying what to fix. Also the
 * address ranges themselves, and the ISO week a send is keyed by.
 */
import { describe, expect, it } from 'vitest';
import { isoWeek } from '../../src/domain/digest/iso-week.js';
import { checkWebhookUrl } from '../../src/hosted/digest-webhook-url.js';
import { isPublicAddress } from '../../src/webhook/public-address.js';

/** A resolver that knows a few names, as DNS would answer them; any other name does not resolve. */
const NAMES: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'intranet.example.com': ['10.20.30.40'],
  'split.example.com': ['93.184.215.14', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'ula.example.com': ['fd00:1234::1'],
};
const resolve = (host: string) =>
  NAMES[host] ? Promise.resolve(NAMES[host]) : Promise.reject(new Error('ENOTFOUND'));
const refusal = (raw: string) =>
  checkWebhookUrl(raw, { resolve }).then(
    () => 'accepted',
    (e: Error) => e.message,
  );
const PUBLIC_ONLY =
  'the weekly digest goes to a public address on the Internet only, never to a local or private network.';

describe('a weekly digest webhook address', () => {
  it('is accepted when https and public, by address or by a name resolving to public addresses only', async () => {
    expect((await checkWebhookUrl('https://hooks.example.com/services/x', { resolve })).href).toBe(
      'https://hooks.example.com/services/x',
    );
    expect(await refusal('  https://93.184.215.14:8443/hook  ')).toBe('accepted');
    expect(await refusal('https://[2606:4700:4700::1111]/hook')).toBe('accepted');
  });

  it('is refused when not https, not a URL, or holding a password, saying what to fix', async () => {
    expect(await refusal('')).toBe("Give the webhook's address, starting with https://.");
    expect(await refusal('hooks.example.com/x')).toBe(
      "This is not a web address: give the webhook's full address, starting with https://.",
    );
    expect(await refusal('http://hooks.example.com/x')).toBe(
      'The weekly digest is sent over https only: the address must start with https:// (this one starts with http://).',
    );
    expect(await refusal('ftp://hooks.example.com/x')).toContain('starts with ftp://');
    expect(await refusal('https://user:pw@hooks.example.com/x')).toBe(
      'The address must not hold a user name or password (before an @): give the webhook address as its service shows it.',
    );
    expect(await refusal(`https://hooks.example.com/${'x'.repeat(2_100)}`)).toBe(
      'This address is too long: at most 2048 characters.',
    );
  });

  it('is refused when its address is loopback, private, link-local, CGNAT or unique-local', async () => {
    for (const [url, address] of [
      ['https://127.0.0.1/x', '127.0.0.1'],
      ['https://10.1.2.3/x', '10.1.2.3'],
      ['https://172.16.0.9/x', '172.16.0.9'],
      ['https://192.168.1.1/x', '192.168.1.1'],
      ['https://169.254.169.254/latest', '169.254.169.254'],
      ['https://100.64.0.1/x', '100.64.0.1'],
      ['https://[::1]/x', '::1'],
      ['https://[fd12:3456::1]/x', 'fd12:3456::1'],
      ['https://[fe80::1]/x', 'fe80::1'],
      ['https://[::ffff:10.0.0.1]/x', '::ffff:a00:1'],
      ['https://0.0.0.0/x', '0.0.0.0'],
    ])
      expect(await refusal(url!), url).toBe(`The address ${address} is not public: ${PUBLIC_ONLY}`);
  });

  it('is refused when its name leads to any address that is not public, or to none', async () => {
    expect(await refusal('https://intranet.example.com/x')).toBe(
      `The name intranet.example.com leads to 10.20.30.40, which is not public: ${PUBLIC_ONLY}`,
    );
    // one private address among public ones is enough: the connection could take it
    expect(await refusal('https://split.example.com/x')).toContain('leads to 192.168.1.10');
    expect(await refusal('https://metadata.example.com/x')).toContain('leads to 169.254.169.254');
    expect(await refusal('https://ula.example.com/x')).toContain('leads to fd00:1234::1');
    expect(await refusal('https://nowhere.example.com/x')).toBe(
      "The name nowhere.example.com does not resolve to an address: check the webhook's address.",
    );
  });

  it('is refused for localhost through the system resolver', async () => {
    const message = await checkWebhookUrl('https://localhost/x').then(
      () => 'accepted',
      (e: Error) => e.message,
    );
    expect(message).toMatch(/^The name localhost leads to (127\.0\.0\.1|::1), which is not public/);
  });
});

describe('public addresses', () => {
  it('tells the public Internet from every other range', () => {
    const cases: [string, boolean][] = [
      ['8.8.8.8', true],
      ['93.184.215.14', true],
      ['100.63.255.255', true],
      ['100.64.0.0', false],
      ['100.127.255.255', false],
      ['100.128.0.0', true],
      ['172.15.255.255', true],
      ['172.16.0.0', false],
      ['172.31.255.255', false],
      ['172.32.0.0', true],
      ['127.255.255.254', false],
      ['224.0.0.1', false],
      ['255.255.255.255', false],
      ['198.18.0.1', false],
      ['2606:4700::1111', true],
      ['2001:db8::1', false],
      ['2002:a00:1::1', false],
      ['::', false],
      ['::1', false],
      ['fc00::1', false],
      ['fdff::1', false],
      ['fe80::1', false],
      ['fe80::1%eth0', false],
      ['ff02::1', false],
      ['::ffff:8.8.8.8', false],
      ['64:ff9b::a00:1', false],
      ['not an address', false],
    ];
    expect(cases.map(([a]) => [a, isPublicAddress(a)])).toEqual(cases);
  });
});

describe('the ISO week of a send', () => {
  it('starts on Monday, in UTC, and belongs to the year of its Thursday', () => {
    const at = (iso: string) => isoWeek(Date.parse(iso));
    expect(at('2026-12-06T23:59:59Z')).toBe('2026-W49');
    expect(at('2026-12-07T00:00:00Z')).toBe('2026-W50');
    expect(at('2026-01-01T12:00:00Z')).toBe('2026-W01');
    expect(at('2027-01-01T12:00:00Z')).toBe('2026-W53');
    expect(at('2024-12-30T00:00:00Z')).toBe('2025-W01');
  });
});
