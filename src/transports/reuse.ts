/**
 * Server instances reused across stateless 2026-07-28 HTTP requests. The SDK's HTTP handler asks its
 * factory for an instance per request and drops it after the exchange; building one registers every
 * tool, resource and prompt again, which cost more than the call itself. Here an instance goes back to
 * a pool once its exchange is over, and the next request of the same kind takes it.
 *
 * Nothing that belongs to one request stays on an instance: the SDK sets the protocol revision and the
 * client's declared capabilities from each request's envelope (2026-07-28 requires them in every
 * request), the Apps gate reads them per message, and the bearer check and the grant are decided
 * before the handler runs. What differs between grants is the surface itself (a read-only grant lists
 * no write tool), so instances are pooled per `keyOf`. An instance serves one exchange at a time:
 * concurrent requests each get their own, and at most `maxIdle` per key are kept once they are over.
 * 2025-era sessions keep an instance of their own for their whole life, built as before.
 */
import type { McpRequestContext, McpServer } from '@modelcontextprotocol/server';

/** Enough for one person's clients sending a few requests at once; the rest are built and dropped. */
export const MAX_IDLE = 4;

type Factory = (ctx: McpRequestContext) => McpServer;

/**
 * The factory the stateless handler calls. An instance is lent out until its exchange closes, or until
 * the handler closes it without serving (a refused request): only then can it serve another.
 */
export function reusing(
  factory: Factory,
  keyOf: (ctx: McpRequestContext) => string,
  maxIdle = MAX_IDLE,
): Factory {
  const idle = new Map<string, McpServer[]>();
  const lent = new WeakSet<McpServer>();
  const release = (key: string, instance: McpServer): void => {
    if (!lent.delete(instance)) return;
    const free = idle.get(key) ?? [];
    if (free.length < maxIdle) free.push(instance);
    idle.set(key, free);
  };
  /** Watches a new instance for the end of each exchange it serves. */
  const track = (key: string, instance: McpServer): void => {
    const protocol = instance.server;
    // the handler chains its own close hook in front of this one for each exchange, then restores it
    protocol.onclose = () => release(key, instance);
    const close = protocol.close.bind(protocol);
    protocol.close = async () => {
      const serving = protocol.transport !== undefined;
      await close();
      if (!serving) release(key, instance);
    };
  };
  return (ctx) => {
    if (ctx.era !== 'modern') return factory(ctx);
    const key = keyOf(ctx);
    let instance = idle.get(key)?.pop();
    if (instance === undefined) {
      instance = factory(ctx);
      track(key, instance);
    }
    lent.add(instance);
    return instance;
  };
}
