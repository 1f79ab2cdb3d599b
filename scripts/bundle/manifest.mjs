/**
 * The Claude Desktop extension's manifest (MCPB manifest 0.3), built from package.json and the
 * tool definitions, so that the version, the runtime range and the tool list shown before install
 * can never drift from what the server registers.
 */

/** The first sentence of a description: what Desktop shows next to each tool. */
const firstSentence = (text) => {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
};

/** The repository's web address, from package.json's `git+https://….git`. */
const webUrl = (pkg) => pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

export const LAUNCHER = 'dist/bundle-launcher.js';

/** The icon Desktop shows: assets/icon.png (512×512, drawn from assets/icon.svg), at the bundle's root. */
export const ICON = { source: 'assets/icon.png', bundled: 'icon.png', size: 512 };

/**
 * @param {{ name: string, version: string, description: string, keywords: string[], license: string,
 *   homepage: string, bugs: { url: string }, repository: { url: string }, engines: { node: string } }} pkg
 * @param {readonly { name: string, kind: 'read' | 'write', description: string }[]} tools
 */
export function buildManifest(pkg, tools) {
  const repo = webUrl(pkg);
  return {
    manifest_version: '0.3',
    name: pkg.name,
    display_name: 'avenir-mcp for YNAB',
    version: pkg.version,
    description: pkg.description,
    icon: ICON.bundled,
    long_description: [
      'Lets Claude read your YNAB plan (what YNAB now calls a budget) and help you plan with it:',
      'balances, spending, targets, forecasts, runway, subscriptions, debt payoff.',
      '',
      'Read-only unless you tick **Allow changes to your plans**. Even then, nothing changes without',
      'your yes: every change is previewed first, recorded in a local journal, and can be undone.',
      '',
      'Your YNAB token stays on this computer. The only requests that leave it go to YNAB',
      '(the extension does not check for updates: Claude Desktop updates it).',
    ].join('\n'),
    author: { name: 'The avenir-mcp contributors', url: repo },
    repository: { type: 'git', url: repo },
    homepage: pkg.homepage,
    documentation: `${repo}/blob/main/docs/clients.md`,
    support: pkg.bugs.url,
    license: pkg.license,
    keywords: pkg.keywords,
    privacy_policies: [`${repo}/blob/main/docs/privacy.md`, 'https://www.ynab.com/privacy-policy'],
    server: {
      type: 'node',
      entry_point: LAUNCHER,
      mcp_config: {
        command: 'node',
        args: [`\${__dirname}/${LAUNCHER}`],
        env: {
          YNAB_API_KEY: '${user_config.ynab_api_key}',
          AVENIR_MCP_BUNDLE_WRITE: '${user_config.allow_changes}',
          AVENIR_MCP_BUNDLE_REQUIRE_ELICITATION: '${user_config.require_own_answer}',
          AVENIR_MCP_NO_UPDATE_CHECK: '1',
        },
      },
    },
    tools: tools.map((tool) => ({
      name: tool.name,
      description:
        tool.kind === 'write'
          ? `${firstSentence(tool.description)} Only when "Allow changes to your plans" is on.`
          : firstSentence(tool.description),
    })),
    tools_generated: false,
    prompts_generated: false,
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: pkg.engines.node },
    },
    user_config: {
      ynab_api_key: {
        type: 'string',
        title: 'YNAB Personal Access Token',
        description:
          'In YNAB: Account Settings, Developer Settings, New Token. It can read and change every plan of your account, so keep it to yourself; Claude Desktop stores it securely.',
        sensitive: true,
        required: true,
      },
      allow_changes: {
        type: 'boolean',
        title: 'Allow changes to your plans',
        description:
          'Lets Claude propose changes (categorise, budget, move money, create or split transactions, reconcile, undo). Each one is previewed and applied only after your yes, and can be undone. Unticked, the extension only reads.',
        default: false,
        required: false,
      },
      require_own_answer: {
        type: 'boolean',
        title: 'Only accept my own answer',
        description:
          "A change is confirmed only by your yes in Claude Desktop's own dialog, never by a confirmation code typed in the conversation.",
        default: false,
        required: false,
      },
    },
  };
}
