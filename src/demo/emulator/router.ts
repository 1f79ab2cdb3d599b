/**
 * Route matching for the stand-in: `/plans/:plan/...` patterns, the plan segment looked up among the
 * plans of the person asking (or `last-used`: their first), unknown routes answered 404.1, as YNAB does.
 * Another person's plan id answers 404.2 exactly as an id nobody has.
 */
import { HttpError, errorBody, noRoute, notFound } from './http.js';
import type { Reply, RequestContext, RouteContext } from './http.js';

export interface Route {
  method: string;
  /** Path with `:name` segments, e.g. `/plans/:plan/transactions/:id`. */
  pattern: string;
  handler: (ctx: RouteContext, params: Record<string, string>) => Reply;
}

/** The `:name` segments of a pattern: `'/plans/:plan/months/:month'` gives `'plan' | 'month'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The segments a route's handler receives: exactly those its pattern names, each always present. */
export type Params<P extends string> = Readonly<Record<ParamNames<P>, string>>;

/**
 * A route whose handler reads segments of its path: the type checker holds the handler to the names the
 * pattern has, so a handler never needs a fallback for a segment that is not there.
 */
export function route<P extends string>(
  method: string,
  pattern: P,
  handler: (ctx: RouteContext, params: Params<P>) => Reply,
): Route {
  // the router fills one value for each `:name` of the pattern, so the record holds every one read
  return { method, pattern, handler: handler as Route['handler'] };
}

interface Compiled {
  route: Route;
  regex: RegExp;
  names: string[];
}

export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.pattern
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(seg.slice(1));
          return '([^/]+)';
        })
        .join('/');
      return { route, regex: new RegExp(`^${source}$`), names };
    });
  }

  /** Answers a request: the route's reply, or an error in YNAB's shape. Synchronous by design. */
  dispatch(ctx: RequestContext): Reply {
    try {
      return this.run(ctx);
    } catch (e) {
      if (e instanceof HttpError) return { status: e.status, body: e.body };
      const detail = e instanceof Error ? e.message : String(e);
      return { status: 500, body: errorBody(500, `internal error: ${detail}`) };
    }
  }

  private run(ctx: RequestContext): Reply {
    for (const { route, regex, names } of this.compiled) {
      if (route.method !== ctx.method) continue;
      const match = regex.exec(ctx.path);
      if (match === null) continue;
      const params: Record<string, string> = {};
      // every group of the pattern is a `([^/]+)` outside any alternative: each takes part in a match
      names.forEach((name, i) => {
        params[name] = decodeSegment(match[i + 1]!);
      });
      const plan = params['plan'];
      const state =
        plan === undefined || plan === 'last-used' ? ctx.plans[0] : ctx.plans.find((s) => s.plan.id === plan);
      if (state === undefined) throw notFound();
      return route.handler({ ...ctx, state }, params);
    }
    throw noRoute(ctx.method, ctx.path);
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound();
  }
}
