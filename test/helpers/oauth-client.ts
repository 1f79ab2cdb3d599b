/**
 * The client side of the OAuth tests: an OAuthClientProvider for the official MCP client that keeps
 * everything in memory and hands the authorization address to the test (which opens it in Chromium),
 * and a loopback page that receives the redirect with the code.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

export class TestOAuthProvider implements OAuthClientProvider {
  info: StoredOAuthClientInformation | undefined;
  saved: StoredOAuthTokens | undefined;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;
  /** The address the client asked the user agent to open, once it did. */
  authorizationUrl: URL | null = null;

  clientMetadataUrl?: string;

  constructor(
    readonly redirectUrl: string,
    clientMetadataUrl?: string,
    readonly name = 'Test connector',
  ) {
    if (clientMetadataUrl) this.clientMetadataUrl = clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.info = undefined;
  }
}

export interface Callback {
  url: string;
  /** The query of the latest redirect that reached the page. */
  last(): URLSearchParams | null;
  /** The query of the next redirect to reach the page. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/** The client's redirect page on loopback: it records the query and says so. */
export async function startCallback(): Promise<Callback> {
  let last: URLSearchParams | null = null;
  let waiting: Array<(q: URLSearchParams) => void> = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    const query = url.searchParams;
    last = query;
    for (const resolve of waiting) resolve(query);
    waiting = [];
    res
      .writeHead(200, { 'content-type': 'text/plain', connection: 'close' })
      .end('You may close this window.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    last: () => last,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
