/**
 * The approval card. It shows the question of a previewed write (every line, before → after, and the
 * warnings) with Approve and Decline. Its ticket comes with the tool result; the card trades it for
 * the one-time secret through `open_approval` (the secret comes in that result's `_meta` alone) and
 * answers through `answer_approval`, tools only the app can call, so that the agent never holds what
 * applies the change. Once answered, the buttons are gone (a second click sends nothing) and the
 * outcome goes back to the conversation.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { connectView, el, setState, textOf, type ToolResult } from './view-kit.js';

const TICKET_META_KEY = 'avenir-mcp/approval';
/** Where open_approval puts the secret: its result's `_meta`, never what a model may be shown. */
const SECRET_META_KEY = 'avenir-mcp/approval-secret';

const root = document.getElementById('root') as HTMLElement;

/** Lines of a question: the first is the question, "- " lines are the changes, the rest warnings. */
function renderQuestion(question: string): HTMLElement {
  const box = el('section', '', 'question');
  const [first = '', ...rest] = question.split('\n');
  box.append(el('h1', first));
  const list = el('ul', '', 'changes');
  for (const line of rest) {
    if (line.startsWith('- ')) list.append(el('li', line.slice(2)));
    else if (line.trim() !== '') box.append(el('p', line, 'warning'));
  }
  if (list.childElementCount > 0) box.insertBefore(list, box.children[1] ?? null);
  return box;
}

function showOutcome(text: string, kind: 'applied' | 'declined' | 'error'): void {
  root.querySelector('.actions')?.remove();
  const outcome = el('p', text, `outcome ${kind}`);
  outcome.id = 'outcome';
  root.append(outcome);
  setState(kind);
}

/** Tells the conversation what the user answered and what happened (no secret, no code). */
async function report(app: App, tool: string, text: string): Promise<void> {
  try {
    await app.updateModelContext({ content: [{ type: 'text', text: `Approval card for ${tool}: ${text}` }] });
  } catch {
    // a host without model context still shows the outcome in the card
  }
}

async function answer(app: App, tool: string, secret: string, approve: boolean): Promise<void> {
  for (const b of root.querySelectorAll('button')) b.disabled = true;
  setState('answering');
  const result = await app.callServerTool({ name: 'answer_approval', arguments: { secret, approve } });
  const out = result.structuredContent as { status?: string; message?: string } | undefined;
  const text = result.isError ? textOf(result) : (out?.message ?? textOf(result));
  if (result.isError) showOutcome(text, 'error');
  else showOutcome(text, out?.status === 'declined' ? 'declined' : 'applied');
  const said = approve ? 'the user approved.' : 'the user declined.';
  await report(app, tool, `${said} ${result.isError ? 'Nothing was changed: ' : ''}${text}`);
}

async function open(app: App, ticket: string): Promise<void> {
  const opened = await app.callServerTool({ name: 'open_approval', arguments: { ticket } });
  if (opened.isError) return showOutcome(textOf(opened), 'error');
  const { tool, question } = opened.structuredContent as { tool: string; question: string };
  const meta = opened._meta as Record<string, { secret?: unknown } | undefined> | undefined;
  const secret = meta?.[SECRET_META_KEY]?.secret;
  // a host that drops the result's _meta leaves the card unable to answer: say so rather than show buttons
  if (typeof secret !== 'string')
    return showOutcome(
      "This host did not pass the approval's secret on to the card: nothing was changed.",
      'error',
    );
  root.replaceChildren(renderQuestion(question));
  const actions = el('div', '', 'actions');
  const approve = el('button', 'Approve', 'approve');
  const decline = el('button', 'Decline', 'decline');
  approve.id = 'approve';
  decline.id = 'decline';
  approve.onclick = () => void answer(app, tool, secret, true);
  decline.onclick = () => void answer(app, tool, secret, false);
  actions.append(decline, approve);
  root.append(actions);
  setState('ready');
}

function onResult(result: ToolResult, app: App): void {
  const meta = result._meta as Record<string, { ticket?: unknown } | undefined> | undefined;
  const ticket = meta?.[TICKET_META_KEY]?.ticket;
  if (typeof ticket === 'string') {
    void open(app, ticket).catch((error: unknown) => showOutcome(String(error), 'error'));
    return;
  }
  // a result that asks nothing (applied through another path, refused, an error): shown as it is
  const out = result.structuredContent as { message?: string } | undefined;
  showOutcome(out?.message ?? textOf(result), result.isError ? 'error' : 'applied');
}

setState('loading');
void connectView('avenir-mcp approval card', onResult);
