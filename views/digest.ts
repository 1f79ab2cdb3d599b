/**
 * The digest view of get_digest: the conclusion, the changes since the last digest when the answer
 * has them, then what needs the person grouped by kind, each item with the tool that deals with it.
 * Text only (payees are the bank's text, never rendered as markup), in the host's colours.
 */
import { digestPage, isDigest, type DigestPage } from './digest-data.js';
import { connectView, el, setState, type ToolResult } from './view-kit.js';

const root = document.getElementById('root') as HTMLElement;

function section(heading: string, className: string, lines: HTMLElement[]): HTMLElement {
  const box = el('section', '', className);
  const list = el('ul');
  list.append(...lines);
  box.append(el('h2', heading), list);
  return box;
}

function draw(page: DigestPage): void {
  const parts: HTMLElement[] = [el('h1', 'What needs you'), el('p', page.message, 'summary')];
  if (page.changes.length > 0)
    parts.push(
      section(
        'What changed',
        'changed',
        page.changes.map((c) => el('li', c)),
      ),
    );
  for (const group of page.groups) {
    const items = group.items.map((item) => {
      const line = el('li', item.what);
      line.append(' ', el('span', item.tool ?? 'in YNAB itself', item.tool ? 'tool' : 'tool none'));
      return line;
    });
    const box = section(`${group.heading} (${group.items.length})`, 'group', items);
    box.dataset.kind = group.kind;
    parts.push(box);
  }
  if (page.omitted !== null) parts.push(el('p', page.omitted, 'omitted'));
  root.replaceChildren(...parts);
}

function onResult(result: ToolResult): void {
  const out = result.structuredContent as Record<string, unknown> | undefined;
  const meta = result._meta as Record<string, unknown> | undefined;
  const page = !result.isError && out && isDigest(meta) ? digestPage(out) : null;
  if (page === null) {
    root.replaceChildren(el('p', 'Nothing to show: the answer is not a digest.', 'outcome error'));
    return setState('error');
  }
  draw(page);
  setState('shown');
}

setState('loading');
void connectView('avenir-mcp digest', (result) => onResult(result));
