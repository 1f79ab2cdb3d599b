/**
 * A hosted instance in this process, for tests of several instances on one store: the per-person
 * servers hosted mode builds (src/transports/per-person.ts) on a database the test gives, behind a
 * bearer gate that maps a test token to its person, as hosted mode's OAuth gate does once it has
 * verified an access token (that gate is tested in test/oauth/hosted.test.ts), on a loopback
 * listener of its own. Everything behind the gate is what instances share: the store.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { loadConfig } from '../../src/config.js';
import type { StandIn } from '../../src/demo/index.js';
import type { DepsOverrides } from '../../src/deps.js';
import { Secret } from '../../src/domain/secret.js';
import { silentLog } from '../../src/log.js';
import type { PersonId } from '../../src/store/people.js';
import { newKeyLine, Sealer } from '../../src/store/seal.js';
import { SqlPeopleStore } from '../../src/store/sql-people.js';
import type { Database } from '../../src/store/sql.js';
import { keepConnections } from '../../src/transports/http.js';
import { WRITE_SCOPE } from '../../src/transports/oauth/scopes.js';
import { personServers, type PersonServers } from '../../src/transports/per-person.js';

export interface GatedInstance {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  servers: PersonServers;
  close(): Promise<void>;
}

/** One seal key for a test file: every instance on its database must open the same sealed tokens. */
export const testSealer = (): Sealer => new Sealer([new Uint8Array(Buffer.from(newKeyLine(), 'base64url'))]);

/**
 * Signs a stand-in person in to the store as hosted mode's YNAB sign-in would leave them: their
 * account, with changes allowed, holding a YNAB token pair the stand-in issued.
 */
export async function signedIn(people: SqlPeopleStore, standIn: StandIn, name: string): Promise<PersonId> {
  const person = await people.signIn(`ynab-${name}`, { allowed: 'write', timeZone: 'Europe/Paris' });
  const issued = standIn.issueToken(name);
  await people.saveGrant(person.id, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: Date.now() + issued.expires_in * 1000,
    scope: '',
  });
  return person.id;
}

/** Reads a whole request body. */
const bodyOf = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Starts an instance on `db`. `env`: its settings as environment variables (the stand-in's URL,
 * AVENIR_MCP_WRITE, the settling time…); `bearers`: each test token and the person it names.
 */
export async function startGatedInstance(options: {
  db: Database;
  sealer: Sealer;
  standIn: StandIn;
  env: Record<string, string>;
  bearers: ReadonlyMap<string, PersonId>;
  /** What each person's Deps are built with beside the store (a clock the test moves). */
  overrides?: DepsOverrides;
}): Promise<GatedInstance> {
  const config = loadConfig(options.env);
  const servers = personServers({
    config,
    log: silentLog,
    people: new SqlPeopleStore(options.db, options.sealer),
    app: {
      clientId: 'app',
      clientSecret: new Secret('app-secret'),
      oauthUrl: options.standIn.origin,
      redirectUri: 'http://127.0.0.1/oauth/ynab/callback',
      apiUrl: () => config.ynabUrl(),
    },
    store: options.db,
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  const handler = createMcpHandler(servers.perPerson, { legacy: 'reject' });
  const serve = async (req: IncomingMessage): Promise<Response> => {
    const body = await bodyOf(req);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const token = /^Bearer (\S+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
    const accountId = options.bearers.get(token);
    if (accountId === undefined) return new Response(null, { status: 401 });
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const authInfo = {
      token,
      clientId: 'test-client',
      scopes: [WRITE_SCOPE],
      extra: { accountId, grantId: token },
    };
    return handler.fetch(request, { authInfo });
  };
  const server: Server = createServer((req, res) => {
    serve(req).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (error: unknown) => void res.writeHead(500).end(String(error)),
    );
  });
  // as the shipped server does: a pause of a few seconds between two calls (a slow store under
  // load) must not meet a connection the server is closing
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    servers,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}
