/**
 * The rules of a person's weekly digest webhook, checked when they set it: an https address (the
 * digest holds payee names and amounts), no user name or password in it, and a host on the public
 * Internet: an address written in the URL must be public, and a name must resolve to public
 * addresses only (loopback, private, link-local, carrier-grade NAT and unique-local IPv6 refused).
 * The post checks again at send time, on the addresses it connects to (webhook/post.ts), since a
 * name can later resolve elsewhere. Each refusal says what to fix.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../webhook/public-address.js';

const MAX_LENGTH = 2_048;

export class WebhookUrlRefused extends Error {}

export interface AddressRules {
  /** The addresses a name resolves to (default: the system's resolver). */
  resolve?: (host: string) => Promise<string[]>;
  /**
   * Whether an address may be posted to (default: public ones only). Only tests pass another, to
   * let a loopback receiver take the digest; nothing a user sets reaches it.
   */
  allowAddress?: (address: string) => boolean;
}

const systemResolve = async (host: string): Promise<string[]> =>
  (await lookup(host, { all: true })).map((a) => a.address);

const PUBLIC_ONLY =
  'the weekly digest goes to a public address on the Internet only, never to a local or private network';

/** The webhook's URL when `raw` follows the rules; else a WebhookUrlRefused that says what to fix. */
export async function checkWebhookUrl(raw: string, rules: AddressRules = {}): Promise<URL> {
  const text = raw.trim();
  if (text === '') throw new WebhookUrlRefused("Give the webhook's address, starting with https://.");
  if (text.length > MAX_LENGTH)
    throw new WebhookUrlRefused(`This address is too long: at most ${MAX_LENGTH} characters.`);
  if (!URL.canParse(text))
    throw new WebhookUrlRefused(
      "This is not a web address: give the webhook's full address, starting with https://.",
    );
  const url = new URL(text);
  if (url.protocol !== 'https:')
    throw new WebhookUrlRefused(
      `The weekly digest is sent over https only: the address must start with https:// (this one starts with ${url.protocol}//).`,
    );
  if (url.username !== '' || url.password !== '')
    throw new WebhookUrlRefused(
      'The address must not hold a user name or password (before an @): give the webhook address as its service shows it.',
    );
  const allow = rules.allowAddress ?? isPublicAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!allow(host)) throw new WebhookUrlRefused(`The address ${host} is not public: ${PUBLIC_ONLY}.`);
    return url;
  }
  let found: string[];
  try {
    found = await (rules.resolve ?? systemResolve)(host);
  } catch {
    found = [];
  }
  if (found.length === 0)
    throw new WebhookUrlRefused(
      `The name ${host} does not resolve to an address: check the webhook's address.`,
    );
  const local = found.find((a) => !allow(a));
  if (local !== undefined)
    throw new WebhookUrlRefused(`The name ${host} leads to ${local}, which is not public: ${PUBLIC_ONLY}.`);
  return url;
}
