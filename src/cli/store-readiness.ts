/**
 * Hosted mode's readiness check, in a module of its own: only hosted mode's start (cli/hosted.ts,
 * loaded with `import()`) reads it, so the store's migrations stay out of every other start.
 */
import { schemaStatus } from '../store/migrate.js';
import type { Sql } from '../store/sql.js';
import type { ReadinessCheck } from '../transports/health.js';

/**
 * Hosted mode's readiness: the store answers, and its schema is exactly this build's (an instance
 * left behind by a migration, or started before one, takes no traffic). The reasons are served
 * unauthenticated, so they name no host or error; the error itself goes to `onerror`, for the log.
 */
export function storeReadiness(db: Sql, onerror: (error: Error) => void): ReadinessCheck {
  return async () => {
    try {
      const { pending, unknown } = await schemaStatus(db);
      if (unknown.length > 0) return "the store's schema is newer than this instance";
      if (pending.length > 0) return "the store's schema is behind this instance: run avenir-mcp migrate";
      return null;
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
      return 'the store cannot be reached';
    }
  };
}
