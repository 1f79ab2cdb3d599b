/**
 * The Claude Desktop extension's settings. Desktop passes each setting as text (`true`/`false` for
 * a checkbox), while the server's switches mean exactly `1`: these turn the checkboxes into those
 * switches. config.ts applies them to the process's environment when the launcher starts, before
 * anything reads it. A switch left in the user's own environment never
 * overrides an unticked box: installed without the tick, the extension is read-only.
 */

/** The extension's settings, as the manifest names them in `mcp_config.env`, and the switch each sets. */
export const BUNDLE_SWITCHES = {
  AVENIR_MCP_BUNDLE_WRITE: 'AVENIR_MCP_WRITE',
  AVENIR_MCP_BUNDLE_REQUIRE_ELICITATION: 'AVENIR_MCP_REQUIRE_ELICITATION',
} as const;

/** A placeholder Desktop left unreplaced (a setting never given) counts as not set. */
const unset = (value: string | undefined): boolean =>
  value === undefined || value.trim() === '' || /^\$\{[^}]*\}$/.test(value.trim());

export function applyBundleSettings(env: NodeJS.ProcessEnv): void {
  for (const [setting, name] of Object.entries(BUNDLE_SWITCHES)) {
    const value = env[setting];
    delete env[setting];
    if (!unset(value) && /^(true|1)$/i.test(value!.trim())) env[name] = '1';
    else delete env[name];
  }
  if (unset(env.YNAB_API_KEY)) delete env.YNAB_API_KEY;
}
