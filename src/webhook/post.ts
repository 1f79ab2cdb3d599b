/**
 * Posting a digest to a webhook, for `avenir-mcp digest --webhook` and hosted mode's weekly digest
 * alike: the JSON body only (no header of the YNAB client, so never its token), a network failure, a
 * 429 or a 5xx tried again after a growing wait, any other answer final, and no redirect followed (it
 * could carry the digest elsewhere: a 3xx is a refusal). A failure names the host only: a webhook's
 * path is often its secret.
 *
 * `allowAddress` checks each address the host's name resolves to, at connect time: the socket then
 * connects to an address that was checked, never to one a second resolution could swap in. An address
 * written in the URL is checked before any connection. The CLI allows any (the operator names their
 * own); hosted mode allows public addresses only (public-address.ts).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/** Tries of a post, the wait before the second (doubled before the third), and each try's limit. */
export const WEBHOOK_TRIES = 3;
const BACKOFF_MS = 500;
const TIMEOUT_MS = 10_000;

export interface PostOptions {
  /** Whether the post may connect to this address (default: any). */
  allowAddress?: (address: string) => boolean;
  /** Certificates to trust besides the system's (a test's own loopback TLS receiver). */
  ca?: string;
  /** The wait before the second try (doubled before each next one). */
  backoffMs?: number;
}

/** A post that did not reach the webhook; its message names the host only. */
export class WebhookError extends Error {
  constructor(
    readonly host: string,
    readonly why: string,
  ) {
    super(`the webhook at ${host} did not take the digest (${why})`);
  }
}

/** Refused before connecting: an address the post may not reach. Not tried again. */
class AddressRefused extends Error {}

/** A lookup that gives the connection only addresses `allow` accepts, or refuses the name whole. */
function checkedLookup(allow: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (found.length === 0 || found.some((a) => !allow(a.address)))
        return callback(new AddressRefused('not a public address'), '', 0);
      const first = found[0]!;
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
      else callback(null, first.address, first.family);
    });
  };
}

/** One try: the status, or the failure that stopped it. */
function postOnce(url: URL, body: string, options: PostOptions): Promise<number> {
  const allow = options.allowAddress;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (allow && isIP(literal) !== 0 && !allow(literal))
    return Promise.reject(new AddressRefused('not a public address'));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
        ...(allow ? { lookup: checkedLookup(allow) } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts `payload` as JSON, WEBHOOK_TRIES times at most; throws a WebhookError when it was not taken. */
export async function postJson(url: URL, payload: unknown, options: PostOptions = {}): Promise<void> {
  const body = JSON.stringify(payload);
  const backoff = options.backoffMs ?? BACKOFF_MS;
  let why = '';
  for (let attempt = 1; attempt <= WEBHOOK_TRIES; attempt++) {
    if (attempt > 1) await wait(backoff * 2 ** (attempt - 2));
    try {
      const status = await postOnce(url, body, options);
      if (status >= 200 && status < 300) return;
      why = `HTTP ${status}`;
      if (status !== 429 && status < 500) break;
    } catch (error) {
      if (error instanceof AddressRefused) throw new WebhookError(url.host, error.message);
      why = 'no answer';
    }
  }
  throw new WebhookError(url.host, why);
}
