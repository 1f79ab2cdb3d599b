/**
 * A small MCP Apps host for the browser tests and `npm run demo:apps`: the official MCP client,
 * declaring the Apps extension, connected to the server at /mcp of this page's origin, and the
 * ext-apps AppBridge between it and each view in a sandboxed iframe. It plays the model's part too:
 * `show()` calls a tool as an agent would and keeps what the agent would read (the results it got,
 * and what views reported to the conversation), so that a test can check that neither holds a code
 * or a secret. Views may call only tools marked for them, as real hosts enforce.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

type Tool = Awaited<ReturnType<Client['listTools']>>['tools'][number];
type Theme = 'light' | 'dark';

const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const THEMES: Record<Theme, Record<string, string>> = {
  light: {
    '--color-background-primary': '#ffffff',
    '--color-background-secondary': '#f3f4f6',
    '--color-text-primary': '#1f2328',
    '--color-text-secondary': '#59636e',
    '--color-border-secondary': '#d1d9e0',
    '--font-sans': 'system-ui, sans-serif',
  },
  dark: {
    '--color-background-primary': '#1e1f22',
    '--color-background-secondary': '#2b2d31',
    '--color-text-primary': '#e6e6e6',
    '--color-text-secondary': '#a0a4ab',
    '--color-border-secondary': '#3f4248',
    '--font-sans': 'system-ui, sans-serif',
  },
};

const client = new Client(
  { name: 'avenir-apps-host', version: '1.0.0' },
  // 2026-07-28: capabilities go with every request (this page's server answers 2025 clients statelessly,
  // without the capabilities of an initialize)
  { capabilities: { extensions: APPS }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
/** What the model read: every result of its own calls, and what the views told the conversation. */
const modelSaw: unknown[] = [];
/** The calls the views made, in order (what they sent, what came back, whether the server refused). */
const appCalls: { name: string; arguments: unknown; isError: boolean; result: unknown }[] = [];
let tools: Tool[] = [];

const visibilityOf = (tool: Tool | undefined): string[] =>
  (tool?._meta?.ui as { visibility?: string[] } | undefined)?.visibility ?? ['model', 'app'];

async function ready(): Promise<void> {
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)));
  tools = (await client.listTools()).tools;
}

/**
 * How the host shows a view: its theme variables or none (as some hosts send only the theme's name),
 * its locale, and the width of the view's frame.
 */
interface ShowOptions {
  variables?: boolean;
  /** False: the host names no theme at all (the view follows the system's scheme). */
  theme?: boolean;
  locale?: string;
  width?: number;
}

/** Calls a tool as the model would and shows its view; resolves once the view has its result. */
async function show(
  name: string,
  args: Record<string, unknown>,
  theme: Theme = 'light',
  options: ShowOptions = {},
): Promise<unknown> {
  const tool = tools.find((t) => t.name === name);
  if (!visibilityOf(tool).includes('model')) throw new Error(`The model cannot call ${name}`);
  const result = await client.callTool({ name, arguments: args });
  modelSaw.push(result);
  const uri = (tool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  if (uri === undefined) return result;
  const html = (await client.readResource({ uri })).contents[0] as { text: string };
  const frame = document.createElement('iframe');
  frame.sandbox.add('allow-scripts');
  frame.title = name;
  if (options.width !== undefined) frame.style.width = `${options.width}px`;
  document.body.style.background = THEMES[theme]['--color-background-secondary'] ?? '';
  const slot = document.getElementById('views') as HTMLElement;
  slot.replaceChildren(frame);
  const bridge = new AppBridge(
    client,
    { name: 'avenir-apps-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, updateModelContext: { text: {} }, logging: {} },
    {
      hostContext: {
        ...(options.theme === false ? {} : { theme }),
        ...(options.variables === false ? {} : { styles: { variables: THEMES[theme] as never } }),
        ...(options.locale === undefined ? {} : { locale: options.locale }),
        toolInfo: { tool: tool as never },
      },
    },
  );
  bridge.onupdatemodelcontext = (params) => {
    modelSaw.push(params);
    return Promise.resolve({});
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.min(height, 500)}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: args });
      void bridge.sendToolResult(result as never).then(() => resolve());
    };
  });
  // listening before the view loads, so that its first message is not lost
  const view = frame.contentWindow as Window;
  await bridge.connect(new PostMessageTransport(view, view));
  // after connect, which installs the bridge's own forwarding
  bridge.oncalltool = async (params) => {
    if (!visibilityOf(tools.find((t) => t.name === params.name)).includes('app'))
      throw new Error(`The view cannot call ${params.name}`);
    const r = await client.callTool(params);
    appCalls.push({ name: params.name, arguments: params.arguments, isError: r.isError === true, result: r });
    return r;
  };
  frame.srcdoc = html.text;
  await initialized;
  return result;
}

/** What a person can open in `npm run demo:apps`: a write that asks for approval, each chart, the digest. */
const DEMO: [string, string, Record<string, unknown>][] = [
  [
    'Move 22.50 to Restaurants (approval card)',
    'move_money',
    {
      plan_id: 'demo-budget',
      month: 'current',
      from_category_id: 'cat-holidays',
      to_category_id: 'cat-restaurants',
      amount: 22.5,
    },
  ],
  [
    'Balance forecast',
    'forecast_balance',
    { plan_id: 'demo-budget', account_ids: ['acc-checking'], until: '2027-03' },
  ],
  ['Spending trends', 'get_spending_trends', { plan_id: 'demo-budget', months_count: 6 }],
  ['Net worth', 'get_net_worth_trend', { plan_id: 'demo-budget', months_count: 6 }],
  ['Budget vs actual', 'get_budget_vs_actual', { plan_id: 'demo-budget', month: 'current' }],
  ['What needs you (digest)', 'get_digest', { plan_id: 'demo-budget' }],
];

function controls(): void {
  const bar = document.getElementById('controls') as HTMLElement;
  const theme = document.createElement('select');
  for (const t of ['light', 'dark']) theme.append(new Option(t, t));
  for (const [label, name, args] of DEMO) {
    const button = document.createElement('button');
    button.textContent = label;
    button.onclick = () => void show(name, args, theme.value as Theme);
    bar.append(button);
  }
  bar.append(theme);
}
if (!location.search.includes('test')) controls();

/** A call as a view would send it (a test replays or forges a card's answer with it). */
const callAsApp = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

Object.assign(window, { avenirHost: { ready: ready(), show, callAsApp, modelSaw, appCalls } });
