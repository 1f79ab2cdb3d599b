/**
 * The client set-ups of docs/clients.md, read back from its code blocks as each client reads them:
 * JSON (`mcpServers` or `servers`), Codex's TOML tables, and `claude mcp add` / `codex mcp add`
 * command lines. The package test starts each one, so the page cannot describe a set-up that fails.
 */

export interface SetUp {
  /** Where it came from, for messages: the block's language and the server's name. */
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

type Entry = { command?: string; args?: string[]; env?: Record<string, string> };

function fromJson(text: string): SetUp[] {
  const doc = JSON.parse(text) as { mcpServers?: Record<string, Entry>; servers?: Record<string, Entry> };
  return Object.entries({ ...doc.mcpServers, ...doc.servers }).flatMap(([name, e]) =>
    e.command ? [{ label: `json ${name}`, command: e.command, args: e.args ?? [], env: e.env ?? {} }] : [],
  );
}

/** The small part of TOML the page uses: `[mcp_servers.NAME]`, strings, arrays and inline tables. */
function fromToml(text: string): SetUp[] {
  const setUps: SetUp[] = [];
  for (const table of text.split(/^(?=\[mcp_servers\.)/m).filter((t) => t.startsWith('['))) {
    const name = /^\[mcp_servers\.([^\]]+)\]/.exec(table)![1]!;
    const value = (key: string): string | undefined => new RegExp(`^${key} = (.+)$`, 'm').exec(table)?.[1];
    const env = Object.fromEntries(
      [...(value('env') ?? '').matchAll(/([A-Z_]+) = "([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    setUps.push({
      label: `toml ${name}`,
      command: JSON.parse(value('command') ?? '""') as string,
      args: JSON.parse(value('args') ?? '[]') as string[],
      env,
    });
  }
  return setUps;
}

/** `claude mcp add NAME [--scope S] [--env K=V]... -- command args` (and Codex's same form). */
function fromShell(text: string): SetUp[] {
  return text.split('\n').flatMap((line) => {
    const m = /^(claude|codex) mcp add (\S+)(.*?) -- (.+)$/.exec(line.trim());
    if (!m) return [];
    const env = Object.fromEntries([...m[3]!.matchAll(/--env (\w+)=(\S+)/g)].map((e) => [e[1]!, e[2]!]));
    const [command, ...args] = m[4]!.split(/\s+/);
    return [{ label: `${m[1]} ${m[2]}`, command: command!, args, env }];
  });
}

export function clientSetUps(markdown: string): SetUp[] {
  const setUps: SetUp[] = [];
  for (const block of markdown.matchAll(/^```(json|toml|sh)\n([\s\S]*?)^```$/gm)) {
    const [, lang, body] = block;
    const found = lang === 'json' ? fromJson(body!) : lang === 'toml' ? fromToml(body!) : fromShell(body!);
    const section = [...markdown.slice(0, block.index).matchAll(/^## (.+)$/gm)].at(-1)?.[1] ?? '';
    for (const setUp of found) {
      const label = `${section}: ${setUp.label}`;
      const same = setUps.filter((s) => s.label === label || s.label.startsWith(`${label} (`)).length;
      setUps.push({ ...setUp, label: same === 0 ? label : `${label} (${same + 1})` });
    }
  }
  return setUps;
}
