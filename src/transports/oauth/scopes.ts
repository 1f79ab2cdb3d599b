/**
 * The two grants an owner can give a client on the authorize page. A token carries `ynab:read` always
 * and `ynab:write` only when the owner ticked "also changes" and the server allows writes at all.
 */
import type { AuthInfo } from '@modelcontextprotocol/server';

export const READ_SCOPE = 'ynab:read';
export const WRITE_SCOPE = 'ynab:write';
export const SCOPES = [READ_SCOPE, WRITE_SCOPE] as const;

/**
 * Whether this request may see and call write tools, as far as its grant goes. Without OAuth (stdio,
 * or the static bearer token) there is no grant and only AVENIR_MCP_WRITE decides.
 */
export const grantAllowsWrites = (authInfo: AuthInfo | undefined): boolean =>
  authInfo === undefined || authInfo.scopes.includes(WRITE_SCOPE);
