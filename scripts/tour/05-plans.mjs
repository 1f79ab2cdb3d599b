// Tour section: the plan itself (plans, accounts, category groups, payees) on the demo plan.
// Read-only: nothing changes.
export const group = 'Plans, accounts and payees';

export async function tour({ tool, say, heading, money, PLAN }) {
  heading('list_plans — the plans the token reads');
  for (const p of (await tool('list_plans')).result)
    say(`  ${p.id}  ${p.name}  (${p.first_month} … ${p.last_month})`);

  heading('get_digest — what needs the person now, each item with the tool for it');
  const digest = await tool('get_digest', { plan_id: PLAN });
  say(`  ${digest.message}`);
  for (const n of digest.needs_you.slice(0, 5))
    say(`  ${n.kind.padEnd(16)} ${n.what}  → ${n.tool ?? 'YNAB'}`);

  heading('list_accounts — balances, bank link, last reconciliation');
  for (const a of (await tool('list_accounts', { plan_id: PLAN })).result) {
    const flags = [
      a.on_budget ? 'budget' : 'tracking',
      a.closed ? 'closed' : null,
      a.bank_link !== 'none' ? `link ${a.bank_link}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    say(
      `  ${a.name.padEnd(14)} ${money(a.balance)}  ${a.type.padEnd(12)} ${flags}${a.last_reconciled ? `, reconciled ${a.last_reconciled}` : ''}`,
    );
  }

  heading('list_category_groups — where a new category can go');
  say(
    `  ${(await tool('list_category_groups', { plan_id: PLAN })).result.map((g) => `${g.name} (${g.id})`).join(', ')}`,
  );

  heading('list_payees — the most used payees, and the merchant each label normalises to');
  const payees = await tool('list_payees', { plan_id: PLAN, limit: 3 });
  for (const p of payees.payees)
    say(`  ${String(p.transactions).padStart(3)} × ${p.name}  →  ${p.merchant}  (last ${p.last_date})`);
  const market = await tool('list_payees', { plan_id: PLAN, search: 'market' });
  say(`  … ${payees.total} payees in all; search 'market' finds ${market.total}.`);
}
