/**
 * The one progress sink of a tool call: `notifications/progress` to the caller, when its request asked
 * for them with a progress token. Everything that tells progress during the call goes through it: a
 * write settling a lost answer (safety/outcome/settle.ts: one step per read) and YNAB's answers while
 * they download (ynab/progress.ts: bytes so far, throttled there). The protocol wants `progress` to
 * grow with every notification of a request, so one counter serves them all: a step counts one more,
 * a download its bytes when they are further on; a total is sent only while it is not behind.
 */
import type { ProgressSink } from '../ynab/progress.js';

/** The part of a request context that carries a progress token and sends notifications (no SDK import). */
export interface ProgressContext {
  mcpReq: {
    _meta?: { progressToken?: string | number | undefined } | undefined;
    notify(notification: {
      method: 'notifications/progress';
      params: { progressToken: string | number; progress: number; total?: number; message: string };
    }): Promise<void>;
  };
}

/** The sink of the call of `ctx`, or undefined when its request asked for no progress. */
export function progressOf(ctx: ProgressContext): ProgressSink | undefined {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return undefined;
  let progress = 0;
  return (message, amount) => {
    progress = Math.max(progress + 1, amount?.progress ?? 0);
    const total = amount?.total;
    ctx.mcpReq
      .notify({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress,
          ...(total !== undefined && total >= progress ? { total } : {}),
          message,
        },
      })
      .catch(() => undefined);
  };
}
