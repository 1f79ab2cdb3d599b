/**
 * MCP Apps: which tools show a view in a host that renders them, and the names of those views. Plain
 * data, so that the registration and the tests agree on it without the SDK.
 */
import type { ToolDefinition } from '../tools/shared/define-tool.js';

/** The extension a client declares (under `capabilities.extensions`) when it renders MCP Apps. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an MCP Apps view. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

export const APPROVAL_VIEW = 'ui://avenir-mcp/approval.html';
export const CHART_VIEW = 'ui://avenir-mcp/chart.html';
export const DIGEST_VIEW = 'ui://avenir-mcp/digest.html';

/** The tools only the approval card calls (`_meta.ui.visibility: ["app"]`). */
export const APP_ONLY_TOOLS: readonly string[] = ['open_approval', 'answer_approval'];

/** Whether client capabilities declare MCP Apps (and, when they list MIME types, ours among them). */
export function rendersApps(caps: unknown): boolean {
  const extensions = (caps as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const ui = extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  if (typeof ui !== 'object' || ui === null) return false;
  return !Array.isArray(ui.mimeTypes) || ui.mimeTypes.includes(APP_MIME_TYPE);
}

/** The views, with the file the build writes for each (dist/views/). */
export const VIEWS = [
  {
    uri: APPROVAL_VIEW,
    file: 'approval.html',
    name: 'approval-card',
    title: 'Approval card',
    description: 'Shows a previewed change with Approve and Decline.',
  },
  {
    uri: CHART_VIEW,
    file: 'chart.html',
    name: 'chart',
    title: 'Chart',
    description: 'Draws the result of an analysis tool as a chart.',
  },
  {
    uri: DIGEST_VIEW,
    file: 'digest.html',
    name: 'digest',
    title: 'Digest',
    description: 'Shows what needs the person, grouped by kind, each with its tool.',
  },
] as const;

/** The key of a result's `_meta` naming the chart its tool declares (tools/shared/view-data.ts). */
export const CHART_META_KEY = 'avenir-mcp/chart';
/** The key of a result's `_meta` naming the view of its own its tool declares (view-data.ts). */
export const VIEW_META_KEY = 'avenir-mcp/view';

/** A confirmed write (one with a `confirmation` parameter) answers through the approval card. */
export const isConfirmedWrite = (tool: ToolDefinition): boolean => tool.kind === 'write' && tool.confirmed;

/** The view a tool points to, if any. */
export function toolViewUri(tool: ToolDefinition): string | null {
  if (isConfirmedWrite(tool)) return APPROVAL_VIEW;
  if (tool.kind !== 'read') return null;
  if (tool.view === 'digest') return DIGEST_VIEW;
  return tool.chart !== undefined ? CHART_VIEW : null;
}

/**
 * A tool's `_meta` pointing at its view: the current key and, for hosts built on earlier drafts of
 * the extension, the flat one.
 */
export function uiMeta(resourceUri: string, visibility?: readonly ('app' | 'model')[]) {
  return {
    ui: { resourceUri, ...(visibility ? { visibility: [...visibility] } : {}) },
    'ui/resourceUri': resourceUri,
  };
}

/** The key of a result's `_meta` holding the figures a tool attached for its view (view-data.ts). */
export const VIEW_DATA_META_KEY = 'avenir-mcp/view-data';
