/**
 * What a tool gives the views a host may show (mcp/app-views.ts draws them): the chart a read tool
 * declares, and figures a view draws beyond the text answer. Plain data, so that tool modules name
 * their chart without reaching into the MCP edge.
 */

/**
 * The charts the chart view draws, one per kind of answer. A read tool whose answer people would
 * rather look at than read declares its chart (`chart` in its definition); the result names it in
 * its `_meta` (under CHART_META_KEY of mcp/app-views.ts), so the view draws what it is told rather
 * than guessing from the answer's shape.
 */
export const CHARTS = ['forecast', 'spending', 'net_worth', 'budget_vs_actual'] as const;
export type Chart = (typeof CHARTS)[number];

/**
 * The views of their own a read tool may declare (`view` in its definition) when its answer reads
 * better laid out than charted: `digest`, get_digest's items grouped by kind. The result names it in
 * its `_meta` (under VIEW_META_KEY of mcp/app-views.ts), as a chart is named.
 */
export const OWN_VIEWS = ['digest'] as const;
export type OwnView = (typeof OWN_VIEWS)[number];

/**
 * Figures a view draws that the text answer leaves out (the forecast's day-by-day balance): attached
 * to a tool's output here, sent in the result's `_meta` (under VIEW_DATA_META_KEY of
 * mcp/app-views.ts) to clients that render Apps only, so the answer the model reads stays as it is.
 */
const viewData = new WeakMap<object, Record<string, unknown>>();

export function withViewData<T extends object>(output: T, data: Record<string, unknown>): T {
  viewData.set(output, data);
  return output;
}

export const viewDataOf = (output: object): Record<string, unknown> | undefined => viewData.get(output);
