/**
 * The faults a test asks the stand-in for: a status, a lost or slow answer, a field YNAB ignores. Each
 * rule matches a method and a path (the API's without `/v1`, or an OAuth route such as `/oauth/token`)
 * and applies to a number of matching requests.
 */
import { sleep, type ParsedBody } from './wire.js';

export interface FaultRule {
  /** Default: any method. */
  method?: string;
  /**
   * Matched against the path without the query: the API's without `/v1`, e.g.
   * `/plans/demo-budget/accounts`, or an OAuth route as it is, e.g. `/oauth/token`.
   */
  path: string | RegExp;
  /** Answer this status (YNAB's error shape unless `body` is given). */
  status?: number;
  /** `Retry-After` header value. */
  retryAfter?: string;
  /** Raw body text (e.g. `Bad Gateway` for a non-JSON gateway page). */
  body?: string;
  /** Wait before answering (or before dropping). */
  delayMs?: number;
  /**
   * Wait until this settles before answering (or dropping): the request is in flight for as long as
   * the test wants, e.g. until it has killed the process that sent it, with no timing involved.
   */
  hold?: Promise<unknown>;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /**
   * With `drop` or `truncate`: apply the request first, as YNAB does when the answer is lost on
   * the way back (the write landed; the client cannot know it).
   */
  apply?: boolean;
  /** Answer the status and headers, then cut the connection halfway through the body. */
  truncate?: boolean;
  /**
   * Answer as usual, but as if these fields had not been sent, on every object of the body (e.g.
   * `["memo"]`): YNAB is known to answer 200 and leave a field as it was.
   */
  ignoreFields?: readonly string[];
  /** Send the normal answer in ten parts this many ms apart: a long answer over a slow line. */
  trickleMs?: number;
  /** With `trickleMs`: declare no Content-Length (chunked framing, as a proxy may answer). */
  unsized?: boolean;
  /**
   * A DELETE of one side of a transfer deletes that side only and leaves the other, linked side. By
   * default the stand-in deletes both, as YNAB's app does; YNAB's API does not document which.
   */
  keepTransferSide?: boolean;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  /**
   * With `people`: only requests whose bearer token is this person's (a 429 for one person while
   * another works on). Requests of anyone else pass it by without using it up.
   */
  person?: string;
}

/** The rules waiting for their requests, first added first matched. */
export class Faults {
  private rules: { rule: FaultRule; left: number }[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ rule, left: rule.times ?? 1 });
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * The first rule matching the request (`person`: whose token it carries, null when none or no
   * people), counted as used once; undefined when none matches.
   */
  take(method: string, path: string, person: string | null): FaultRule | undefined {
    const hit = this.rules.find(
      ({ rule }) =>
        (rule.method === undefined || rule.method.toUpperCase() === method) &&
        (rule.person === undefined || rule.person === person) &&
        (typeof rule.path === 'string' ? rule.path === path : rule.path.test(path)),
    );
    if (hit === undefined) return undefined;
    hit.left -= 1;
    if (hit.left <= 0) this.rules = this.rules.filter((f) => f !== hit);
    return hit.rule;
  }
}

/** The body without `fields` on its objects (the body's own, and those of its arrays). */
function withoutFields(value: unknown, fields: readonly string[]): unknown {
  const strip = (o: unknown): unknown => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
    return Object.fromEntries(Object.entries(o).filter(([k]) => !fields.includes(k)));
  };
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v.map(strip) : strip(v)]),
  );
}

/** The body a route sees: without the fields a fault makes the stand-in ignore. */
export const asApplied = (body: ParsedBody, fault: FaultRule | undefined): ParsedBody =>
  fault?.ignoreFields === undefined
    ? body
    : { ...body, value: withoutFields(body.value, fault.ignoreFields) };

/**
 * What a fault makes its request wait for before it is answered (or dropped): its delay, then its hold,
 * telling `holding` when the hold begins.
 */
export async function faultWait(fault: FaultRule | undefined, holding: () => void): Promise<void> {
  if (fault?.delayMs !== undefined) await sleep(fault.delayMs);
  if (fault?.hold === undefined) return;
  holding();
  await fault.hold.catch(() => undefined);
}
