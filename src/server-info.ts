/**
 * How the server presents itself to a client: its identity (the name, version, title, description,
 * website and icon a host shows next to the server), the capabilities it declares beyond what its
 * registrations imply, and how long a client may keep the answers that cannot change while the
 * process runs.
 */
import { VERSION } from './version.js';

/**
 * A small icon (a rising line on a green square), inline so that no host has to fetch anything. Drawn
 * with as few characters as the same picture allows (commas where a space would be escaped, `white`
 * for `#fff`): every result of protocol 2026-07-28 carries it.
 */
const ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0,0,32,32'><rect width='32' height='32' rx='7' fill='#1f6f5c'/><path d='M7,22l6-6,4,4,8-9' fill='none' stroke='white' stroke-width='3' stroke-linecap='round' stroke-linejoin='round'/></svg>";

/**
 * The icon as a data URL with only the characters a URI cannot hold escaped: every result of protocol
 * 2026-07-28 carries the server's identity, icon included, and this is shorter than base64.
 */
const dataUrl = (svg: string): string =>
  `data:image/svg+xml,${svg.replace(/[<>#%" ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

export const SERVER_INFO = {
  name: 'avenir-mcp',
  version: VERSION,
  title: 'avenir-mcp for YNAB',
  description: 'Reads your YNAB plan; changes it only when enabled, previewed, confirmed and undoable.',
  websiteUrl: 'https://www.npmjs.com/package/avenir-mcp',
  icons: [
    {
      src: dataUrl(ICON_SVG),
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    },
  ],
};

/**
 * The tool, resource and prompt lists are fixed when the process starts (the write gate is read once),
 * so no list ever changes: `listChanged` is declared false rather than the SDK's default of true.
 * Logging is declared so that a client can follow what a call costs (ids and counts only).
 */
export const CAPABILITIES = {
  logging: {},
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
};

/**
 * Answers that hold for the life of the process (protocol 2026-07-28 cache fields): an hour. The
 * template list and the discovery answer are the same for every client of this server, so they are
 * `public`. The tool, resource and prompt lists and the guide are not: a client that renders MCP Apps
 * also sees the approval tools and the views, and in remote mode a grant without the write scope sees
 * no write tool and gets the read-only guide, so those are `private` (one client may keep its own, no
 * shared cache may hand it to another).
 * A restart that opens the write gate starts a new connection on stdio; over HTTP a client may keep the
 * old lists for at most this long. Reads of `ynab://` resources and the digest keep the SDK's default
 * (not cached): they are the user's live data.
 */
export const STABLE_FOR_PROCESS = { ttlMs: 3_600_000, cacheScope: 'public' as const };
export const STABLE_FOR_CLIENT = { ttlMs: 3_600_000, cacheScope: 'private' as const };

export const CACHE_HINTS = {
  'tools/list': STABLE_FOR_CLIENT,
  'prompts/list': STABLE_FOR_CLIENT,
  'resources/list': STABLE_FOR_CLIENT,
  'resources/templates/list': STABLE_FOR_PROCESS,
  'server/discover': STABLE_FOR_PROCESS,
};
