// Tour section: categories and targets. create_category and update_category are confirmed but not
// journaled; set_category_target is journaled when YNAB's API can bring the previous target back.
export const group = 'Categories and targets';
export const writes = true;

export async function tour({ tool, say, heading, PLAN }) {
  heading('create_category — a new category, once the user agrees');
  const create = { plan_id: PLAN, category_group_id: 'grp-fun', name: 'Climbing' };
  const preview = await tool('create_category', create);
  say(`  ${preview.status}: create '${preview.name}' in ${preview.group}? code ${preview.confirmation}`);
  const created = await tool('create_category', { ...create, confirmation: preview.confirmation });
  say(`  ${created.status}: ${created.message} New id ${created.category_id}.`);
  say("  (YNAB's API cannot delete a category: to undo, the user hides it in YNAB.)");

  heading('update_category — rename or move it; to revert, call it again');
  const update = {
    plan_id: PLAN,
    category_id: created.category_id,
    name: 'Bouldering',
    category_group_id: 'grp-everyday',
  };
  const change = await tool('update_category', update);
  say(
    `  ${change.status}: '${change.from_name}' (${change.from_group}) → '${change.to_name}' (${change.to_group}), code ${change.confirmation}`,
  );
  const changed = await tool('update_category', { ...update, confirmation: change.confirmation });
  say(`  ${changed.status}: ${changed.message}`);

  heading('set_category_target — "save 1,200 by June 2027", then undo it');
  const target = { plan_id: PLAN, category_id: 'cat-holidays', amount: 1200, by_date: '2027-06-01' };
  const plan = await tool('set_category_target', target);
  say(
    `  ${plan.category}: ${plan.before} → ${plan.after} (undoable: ${plan.undoable}), code ${plan.confirmation}`,
  );
  const set = await tool('set_category_target', { ...target, confirmation: plan.confirmation });
  say(`  ${set.status}: ${set.message}`);
  const undo = { plan_id: PLAN, operation_id: set.operation_id };
  const undoPreview = await tool('undo_operation', undo);
  say(`  undo preview: ${undoPreview.status}, code ${undoPreview.confirmation}`);
  const undone = await tool('undo_operation', { ...undo, confirmation: undoPreview.confirmation });
  say(`  ${undone.status}: ${undone.message}`);

  heading('set_category_target — an amount alone keeps the kind of target');
  const groceries = await tool('set_category_target', {
    plan_id: PLAN,
    category_id: 'cat-groceries',
    amount: 500,
  });
  say(
    `  ${groceries.category}: ${groceries.before} → ${groceries.after} (${groceries.status}, not applied here)`,
  );
}
