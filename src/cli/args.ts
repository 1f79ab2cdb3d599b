/**
 * The command line: no arguments serves, `--version` prints the version, `--demo` serves the
 * built-in demo plan, `--help` prints the usage, `set-password` and `revoke` manage remote mode,
 * `migrate`, `seal-key` and `accounts` hosted mode's store, `digest` prints what needs the person.
 * Anything else is refused with the one-line usage on stderr, so that a typo in a client's
 * configuration fails loudly instead of starting something the user did not ask for.
 */

export type Command =
  | 'serve'
  | 'demo'
  | 'version'
  | 'help'
  | 'set-password'
  | 'revoke'
  | 'migrate'
  | 'seal-key'
  | 'accounts'
  | 'digest'
  | 'refuse';

export const USAGE_LINE =
  'usage: avenir-mcp [--version | --demo | --help | set-password | revoke [--all | <client id>] | migrate | seal-key | accounts [list | delete <account id>] | digest [--plan <id>] [--format md | json | html] [--out <file>] [--webhook <url>]] (configuration comes from environment variables; see the README)';

/** What `--help` prints on stdout: the usage, each option, and where the documentation lives. */
export const help = (homepage: string): string => `${USAGE_LINE}

An MCP server for YNAB. An MCP client (Claude Desktop, Claude Code, Cursor, VS Code, Codex...)
starts it and talks to it over stdio; it reads your plan, and changes it only when
AVENIR_MCP_WRITE=1 and you say yes to each previewed change.

Options:
  (none)      serve over stdio (or streamable HTTP with AVENIR_MCP_TRANSPORT=http)
  --demo      the same, on a built-in invented household: no YNAB account or token needed
  --version   print the version
  --help      print this help
  set-password            remote mode (AVENIR_MCP_AUTH=oauth): set the owner's sign-in passphrase
  revoke [--all | <id>]   remote mode: list the clients holding access, revoke one, or all
  migrate                 hosted mode: bring the store's schema up to this version (AVENIR_MCP_DATABASE_URL)
  seal-key                hosted mode: print a new key line for AVENIR_MCP_SEAL_KEY_FILE
  accounts [list]         hosted mode: list the accounts (opaque id, created, last seen)
  accounts delete <id>    hosted mode: delete everything the store holds about one person
  digest [--plan <id>] [--format md|json|html] [--out <file>] [--webhook <url>]
                          print what needs you in a plan (default: the last used), read-only

Main environment variables:
  YNAB_API_KEY                      your YNAB Personal Access Token (or YNAB_API_KEY_FILE: a chmod 600 file holding it)
  AVENIR_MCP_WRITE=1                allow previewed, confirmed, undoable changes
  AVENIR_MCP_REQUIRE_ELICITATION=1  only a yes given in the client's own dialog confirms

Every variable, and how to set up each client: ${homepage}
`;

export function parseArgs(argv: readonly string[]): Command {
  if (argv.length === 0) return 'serve';
  // revoke, accounts and digest check their own arguments and say what they expect.
  if (argv[0] === 'revoke') return 'revoke';
  if (argv[0] === 'accounts') return 'accounts';
  if (argv[0] === 'digest') return 'digest';
  if (argv.length > 1) return 'refuse';
  switch (argv[0]) {
    case '--demo':
      return 'demo';
    case '--version':
      return 'version';
    case '--help':
      return 'help';
    case 'set-password':
      return 'set-password';
    case 'migrate':
      return 'migrate';
    case 'seal-key':
      return 'seal-key';
    default:
      return 'refuse';
  }
}
