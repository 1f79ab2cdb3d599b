/**
 * Which redirect addresses a client may register (dynamically or in a client ID metadata document).
 * The authorization code travels to that address, and registration is open to anyone, so only
 * addresses that reach the app itself are taken: `https://`; `http://` on loopback, where an app on
 * the owner's machine listens (RFC 8252 §7.3); and a private-use scheme an installed app claims
 * (RFC 8252 §7.1). oidc-provider alone would take any `http://` address from a web client, and
 * would refuse a private-use scheme unless the client declared itself native.
 */
import { errors } from 'oidc-provider';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Schemes the browser handles itself instead of handing them to an app: a code sent there runs as a
 * script, is read from disk or goes to any host, never to the app that registered.
 */
const BROWSER_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'view-source',
  'ftp',
  'ws',
  'wss',
]);

/** The accepted kinds, as the refusals name them. */
const ACCEPTED =
  'https://, http:// on 127.0.0.1, [::1] or localhost, or an app scheme in reverse domain form (com.example.app:/callback)';

export type RedirectKind = 'web' | 'loopback' | 'app';

/** What kind of redirect address `uri` is, or why it is refused. */
export function classifyRedirectUri(uri: string): { kind: RedirectKind } | { refused: string } {
  const url = URL.parse(uri);
  if (url === null) return { refused: 'is not an absolute URI' };
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return { kind: 'web' };
  if (scheme === 'http') {
    return LOOPBACK.has(url.hostname)
      ? { kind: 'loopback' }
      : { refused: 'uses plain http:// away from loopback, where anyone on the way reads the code' };
  }
  if (BROWSER_SCHEMES.has(scheme)) return { refused: `uses ${scheme}:, which no app receives` };
  // RFC 8252 §7.1 asks for a scheme named after a domain in reverse order (com.example.app); some
  // apps put the domain-like name after the scheme instead (Cursor's cursor://anysphere.cursor-mcp/…),
  // which names its vendor as well. A bare word of either part (myapp:/cb) could be anyone's.
  const dotted = scheme.includes('.') || url.host.includes('.');
  return dotted
    ? { kind: 'app' }
    : { refused: `uses the scheme ${scheme}: without a domain name (reverse domain form, RFC 8252 §7.1)` };
}

/**
 * oidc-provider's hook for `redirect_uris`, run on every client it builds (a registration, a client
 * ID metadata document, a stored client read back). It refuses with `invalid_redirect_uri` (the
 * library's code for a description that begins with `redirect_uris`), and marks a client with an app
 * scheme native, so that the library's own rules for native apps judge the rest.
 */
export function checkRedirectUris(value: unknown, metadata: Record<string, unknown>): void {
  // anything but a list of strings is the library's to refuse, with its own message
  if (!Array.isArray(value)) return;
  let app = false;
  for (const uri of value) {
    if (typeof uri !== 'string') continue;
    const judged = classifyRedirectUri(uri);
    if ('refused' in judged)
      throw new errors.InvalidClientMetadata(
        `redirect_uris: ${JSON.stringify(uri)} ${judged.refused}; this server accepts ${ACCEPTED}`,
      );
    app ||= judged.kind === 'app';
  }
  if (app) metadata.application_type = 'native';
}
