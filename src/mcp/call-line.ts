/**
 * The line INFO logs for each tool call (the log reaches the client too: client-log.ts): the tool with
 * its ids and counts, nothing a person could be recognised by.
 */

/** Numeric parameters that are counts (a limit, a number of months), the only numbers INFO shows. */
const COUNT_KEY = /^(limit|months|days|\w+_count)$/;

/**
 * What INFO logs of a call: the tool and its ids and counts, never names or amounts (an amount, a bank
 * balance or a monthly budget says as much about a person as a name); the log puts it on one line.
 */
export function callLine(tool: string, input: Record<string, unknown>): string {
  const parts = Object.entries(input)
    .filter(
      ([k, v]) =>
        (k.endsWith('_id') && typeof v === 'string') ||
        Array.isArray(v) ||
        (typeof v === 'number' && COUNT_KEY.test(k)),
    )
    .map(([k, v]) => (Array.isArray(v) ? `${k}=[${v.length}]` : `${k}=${String(v)}`));
  return `Tool called: ${tool}(${parts.join(', ')})`;
}
