/**
 * What every view shares: the connection to the host (the ext-apps App over postMessage), the host's
 * theme applied as CSS variables (light or dark, with our own fallbacks when a host sends none), and
 * small DOM helpers. Views never fetch anything: all they show comes from the host.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';

export type ToolResult = Parameters<NonNullable<App['ontoolresult']>>[0];

function applyContext(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * Connects a view: `onResult` gets each tool result the host sends. The view reports its size so that
 * the host can fit it (every view stays within 500 px of height).
 */
export async function connectView(
  name: string,
  onResult: (result: ToolResult, app: App) => void,
): Promise<App> {
  const app = new App({ name, version: '1' }, {}, { autoResize: true });
  app.ontoolresult = (result) => onResult(result, app);
  app.onhostcontextchanged = (context) => applyContext({ ...app.getHostContext(), ...context });
  await app.connect();
  applyContext(app.getHostContext());
  return app;
}

/** An element with text (never HTML: names and payees are the user's or the bank's text). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text = '',
  className = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The text of a result's first text block. */
export const textOf = (result: ToolResult): string => {
  const first = result.content?.[0];
  return first && first.type === 'text' ? first.text : '';
};

/** Marks the view's state on <body> (styles and the browser tests read it). */
export const setState = (state: string): void => {
  document.body.dataset.state = state;
};
