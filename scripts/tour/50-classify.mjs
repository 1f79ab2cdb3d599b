// Tour section: suggest_categories on the demo plan. Read-only: nothing changes.
export const group = 'Categorising what waits';

const suggestionText = (s) =>
  s ? `${s.category_name} (confidence ${s.confidence.toFixed(2)})` : 'no suggestion';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('suggest_categories — what waits for a category, with a suggestion when history allows');
  const first = await tool('suggest_categories', { plan_id: PLAN, limit: 4, include_categories: true });
  say(
    `  ${first.pending_count} pending, ${first.suggested_count} with a suggestion; ${first.categories.length} categories to choose from (include_categories, asked on the first page only).`,
  );
  const show = (item) => {
    say(`  ${item.date} ${money(item.amount)}  ${item.payee}  →  ${suggestionText(item.suggestion)}`);
    if (item.memo !== null) say(`  ${' '.repeat(21)}memo, on one line: ${item.memo}`);
    if (item.possible_transfer_with !== null)
      say(`  ${' '.repeat(21)}probably one half of a transfer with ${item.possible_transfer_with}`);
  };
  first.items.forEach(show);
  let cursor = first.next_cursor;
  while (cursor !== null) {
    const next = await tool('suggest_categories', { plan_id: PLAN, limit: 4, cursor });
    say(`  … next page (cursor ${cursor}):`);
    next.items.forEach(show);
    cursor = next.next_cursor;
  }
  say('  Each page costs 3 YNAB requests (transactions, categories, accounts). The planted memos stay data.');
}
