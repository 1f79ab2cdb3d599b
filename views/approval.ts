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
/** Where answer_approval names the operation it journaled, for the Undo button. */
const UNDO_META_KEY = 'avenir-mcp/undo';
/** The lines of a question that warn before the yes (the server writes them so). */
const WARNING = /^Warning: /;

const root = document.getElementById('root') as HTMLElement;

/**
 * Lines of a question: the first is the question, "- " lines are the changes (an indented line goes
 * with the change above it), "Warning: " lines are set apart just above the buttons, the rest are notes.
 */
function renderQuestion(question: string): { box: HTMLElement; warnings: HTMLElement | null } {
  const box = el('section', '', 'question');
  const [first = '', ...rest] = question.split('\n');
  const title = el('h1', first);
  title.id = 'question';
  box.append(title);
  const list = el('ul', '', 'changes');
  list.setAttribute('aria-label', 'Changes');
  const warnings = el('div', '', 'warnings');
  warnings.setAttribute('role', 'alert');
  for (const line of rest) {
    if (line.startsWith('- ')) list.append(el('li', line.slice(2)));
    else if (line.startsWith('  ') && list.lastElementChild !== null)
      list.append(el('li', line.trim(), 'more'));
    else if (WARNING.test(line)) warnings.append(el('p', line.replace(WARNING, ''), 'warning'));
    else if (line.trim() !== '') box.append(el('p', line, 'warning'));
  }
  if (list.childElementCount > 0) box.insertBefore(list, box.children[1] ?? null);
  return { box, warnings: warnings.childElementCount > 0 ? warnings : null };
}

function showOutcome(text: string, kind: 'applied' | 'declined' | 'error'): HTMLElement {
  root.querySelector('.actions')?.remove();
  const outcome = el('p', text, `outcome ${kind}`);
  outcome.id = 'outcome';
  outcome.setAttribute('role', 'status');
  root.append(outcome);
  setState(kind);
  return outcome;
}

/** Tells the conversation what the user answered and what happened (no secret, no code). */
async function report(app: App, tool: string, text: string): Promise<void> {
  try {
    await app.updateModelContext({ content: [{ type: 'text', text: `Approval card for ${tool}: ${text}` }] });
  } catch {
    // a host without model context still shows the outcome in the card
  }
}

/** What the person reads once it is applied: short, with no instruction meant for the model. */
const DONE: Record<string, string> = {
  applied: 'Done.',
  partial: 'Done in part: YNAB took some of it. Check in YNAB before trying again.',
  unknown: "Not confirmed yet: YNAB's answer was lost. Check in YNAB before trying again.",
};

/** The outcome of an approved change, in the person's words; Undo when the change can be undone. */
function showApplied(app: App, result: ToolResult, status: string | undefined, modelText: string): void {
  if (result.isError && status === undefined) return void showOutcome(`Not done: ${modelText}`, 'error');
  if (result.isError) return void showOutcome(DONE[status ?? ''] ?? 'Not done.', 'error');
  const outcome = showOutcome(DONE.applied ?? 'Done.', 'applied');
  const meta = result._meta as Record<string, { plan_id?: unknown; operation_id?: unknown }> | undefined;
  const undo = meta?.[UNDO_META_KEY];
  if (typeof undo?.plan_id === 'string' && typeof undo.operation_id === 'string')
    outcome.append(' ', undoButton(app, undo.plan_id, undo.operation_id));
}

async function answer(app: App, tool: string, secret: string, approve: boolean): Promise<void> {
  for (const b of root.querySelectorAll('button')) b.disabled = true;
  setState('answering');
  const result = await app.callServerTool({ name: 'answer_approval', arguments: { secret, approve } });
  const out = result.structuredContent as { status?: string; message?: string } | undefined;
  // the tool's message is written for the model (it names tools to call): the report carries it
  const modelText = result.isError ? textOf(result) : (out?.message ?? textOf(result));
  if (!approve) showOutcome('Declined: nothing was changed.', 'declined');
  else showApplied(app, result, out?.status, modelText);
  const said = approve ? 'the user approved.' : 'the user declined.';
  await report(app, tool, `${said} ${result.isError ? 'Nothing was changed: ' : ''}${modelText}`);
}

/**
 * Undo: previews the undo of what was just applied, through the card's own calls (undo_operation
 * without a code gives a ticket to a client that renders Apps), and shows it as a card of its own,
 * approved or declined like any change.
 */
function undoButton(app: App, planId: string, operationId: string): HTMLButtonElement {
  const button = el('button', 'Undo', 'undo');
  button.id = 'undo';
  button.setAttribute('aria-label', 'Undo this change (asks before it changes anything)');
  button.onclick = () => {
    button.disabled = true;
    setState('loading');
    void app
      .callServerTool({ name: 'undo_operation', arguments: { plan_id: planId, operation_id: operationId } })
      .then((preview) => {
        const meta = preview._meta as Record<string, { ticket?: unknown } | undefined> | undefined;
        const ticket = meta?.[TICKET_META_KEY]?.ticket;
        if (preview.isError || typeof ticket !== 'string') {
          const out = preview.structuredContent as { message?: string } | undefined;
          showOutcome(`Undo is not possible: ${out?.message ?? textOf(preview)}`, 'error');
          return;
        }
        return open(app, ticket);
      })
      .catch((error: unknown) => showOutcome(String(error), 'error'));
  };
  return button;
}

async function open(app: App, ticket: string): Promise<void> {
  const opened = await app.callServerTool({ name: 'open_approval', arguments: { ticket } });
  if (opened.isError) return void showOutcome(textOf(opened), 'error');
  const { tool, question } = opened.structuredContent as { tool: string; question: string };
  const meta = opened._meta as Record<string, { secret?: unknown } | undefined> | undefined;
  const secret = meta?.[SECRET_META_KEY]?.secret;
  // a host that drops the result's _meta leaves the card unable to answer: say so rather than show buttons
  if (typeof secret !== 'string')
    return void showOutcome(
      "This host did not pass the approval's secret on to the card: nothing was changed.",
      'error',
    );
  const { box, warnings } = renderQuestion(question);
  root.replaceChildren(box);
  if (warnings !== null) root.append(warnings);
  const actions = el('div', '', 'actions');
  actions.setAttribute('role', 'group');
  actions.setAttribute('aria-labelledby', 'question');
  const approve = el('button', 'Approve', 'approve');
  const decline = el('button', 'Decline', 'decline');
  approve.id = 'approve';
  decline.id = 'decline';
  approve.setAttribute(
    'aria-label',
    warnings === null ? 'Approve this change' : 'Approve this change despite the warnings above',
  );
  decline.setAttribute('aria-label', 'Decline: change nothing');
  approve.onclick = () => void answer(app, tool, secret, true);
  decline.onclick = () => void answer(app, tool, secret, false);
  actions.append(decline, approve);
  root.append(actions);
  // the keyboard starts on Decline: a stray Enter never applies a change
  decline.focus();
  document.body.dataset.warned = String(warnings !== null);
  document.body.dataset.tool = tool;
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
