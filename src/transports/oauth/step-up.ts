/**
 * The authorization spec's scope step-up: a call to a write tool with a grant that allows reading
 * only, on a server that allows changes, is answered 403 `insufficient_scope` with the scopes it
 * needs in `WWW-Authenticate`. A client that supports it (the official SDK client does) sends the
 * person back to the sign-in page, where they may allow changes, and then repeats the call. Without
 * this the call would reach the server and fail as an unknown tool, with no way to ask.
 */
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { READ_SCOPE, WRITE_SCOPE } from './scopes.js';

export interface StepUpContext {
  /** AVENIR_MCP_WRITE=1: changes can be granted at all. */
  writes: boolean;
  writeTools: ReadonlySet<string>;
  resourceMetadataUrl: string;
}

/** The write tool a JSON-RPC message (or batch) calls, if any. */
export function writeToolCalled(body: unknown, writeTools: ReadonlySet<string>): string | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    const name = m?.method === 'tools/call' ? m.params?.name : undefined;
    if (typeof name === 'string' && writeTools.has(name)) return name;
  }
  return null;
}

/** The 403 that asks for changes to be granted, or null when the call may go on. */
export function stepUp(body: unknown, authInfo: AuthInfo | undefined, ctx: StepUpContext): Response | null {
  if (!ctx.writes || authInfo === undefined || authInfo.scopes.includes(WRITE_SCOPE)) return null;
  const tool = writeToolCalled(body, ctx.writeTools);
  if (tool === null) return null;
  return bearerAuthChallengeResponse(
    new OAuthError(
      OAuthErrorCode.InsufficientScope,
      `${tool} changes the plan, and this app was allowed to read only: the person must allow changes on the sign-in page.`,
    ),
    { requiredScopes: [READ_SCOPE, WRITE_SCOPE], resourceMetadataUrl: ctx.resourceMetadataUrl },
  );
}
