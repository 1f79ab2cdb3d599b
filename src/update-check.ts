/**
 * The once-a-day update check: one anonymous GET to the npm registry at most once a day, remembered in a
 * cache file; only a plain, newer release number makes a notice.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Log } from './log.js';

const REGISTRY_URL = 'https://registry.npmjs.org/avenir-mcp/latest';
const DAY_MS = 86_400_000;
const PLAIN = /^\d+(\.\d+)*$/;

export interface UpdateCheckOptions {
  enabled: boolean;
  cacheDir: string;
  current: string;
  now: Date;
  log: Log;
  fetch?: typeof globalThis.fetch;
}

/** True when `latest` is a plain release numerically greater than `current`, component by component. */
export function isNewer(latest: string, current: string): boolean {
  if (!PLAIN.test(latest)) return false;
  const a = latest.split('.').map(Number);
  const b = current.split('-')[0]?.split('.').map(Number) ?? [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

export const updateNoticeText = (latest: string, current: string): string =>
  `Update: avenir-mcp ${latest} is available; this server runs ${current}. Tell the user once, briefly, and leave the upgrade to them: with npx, start avenir-mcp@latest or change the pinned version, then reconnect the server (https://www.npmjs.com/package/avenir-mcp). The check is turned off with AVENIR_MCP_NO_UPDATE_CHECK=1.`;

async function cached(path: string, now: Date): Promise<{ latest: string | null } | null> {
  try {
    const data = JSON.parse(await readFile(path, 'utf8')) as { checked_at?: unknown; latest?: unknown };
    const at = typeof data.checked_at === 'string' ? Date.parse(data.checked_at) : NaN;
    if (!Number.isFinite(at) || now.getTime() - at >= DAY_MS || now.getTime() < at) return null;
    return { latest: typeof data.latest === 'string' ? data.latest : null };
  } catch {
    return null;
  }
}

async function ask(options: UpdateCheckOptions): Promise<string | null> {
  const get = options.fetch ?? globalThis.fetch;
  try {
    const response = await get(REGISTRY_URL, {
      redirect: 'manual',
      signal: AbortSignal.timeout(1500),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const version = ((await response.json()) as { version?: unknown }).version;
    if (typeof version !== 'string') throw new Error('no version in the answer');
    return version;
  } catch (error) {
    options.log.info(
      'update',
      `Update check skipped: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** The notice to append to the instructions (and log at WARNING), or null. */
export async function checkForUpdate(options: UpdateCheckOptions): Promise<string | null> {
  if (!options.enabled) return null;
  const path = join(options.cacheDir, 'latest-version.json');
  let latest = (await cached(path, options.now))?.latest;
  if (latest === undefined) {
    latest = await ask(options);
    try {
      await mkdir(options.cacheDir, { recursive: true });
      await writeFile(
        path,
        JSON.stringify({ checked_at: options.now.toISOString().replace('Z', '+00:00'), latest }),
      );
    } catch (error) {
      options.log.info(
        'update',
        `Update check not remembered: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (latest === null || !isNewer(latest, options.current)) return null;
  const notice = updateNoticeText(latest, options.current);
  options.log.warning('update', notice);
  return notice;
}
