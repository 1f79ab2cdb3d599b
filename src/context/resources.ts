/**
 * The resources: compact JSON bodies built from YNAB data (one YNAB request each), names sanitised, and
 * the digest, the same text `get_digest` answers, for a host that shows a resource rather than calling
 * a tool.
 */
import type { Deps } from '../deps.js';
import { toUnits } from '../domain/money.js';
import { clean } from '../domain/text.js';
import { isInternalGroup } from '../domain/categories/internal.js';
import { planMoney } from '../mcp/plan-money.js';
import { renderResult } from '../mcp/render.js';
import { listRules } from '../tools/categorize/list-rules.js';
import { digestOf } from '../tools/plans/get-digest.js';

export interface ResourceDefinition {
  name: string;
  /** What a host shows in its resource picker. */
  title: string;
  uri: string;
  description: string;
  mimeType: string;
  /** `uri` is a template when it holds `{plan_id}`. */
  read(deps: Deps, planId: string): Promise<string>;
}

const json = (value: unknown): string => JSON.stringify(value);

export const resources: readonly ResourceDefinition[] = [
  {
    name: 'plans',
    title: 'Your YNAB plans',
    uri: 'ynab://plans',
    description: 'The plans (budgets) the token can read, with the ids tools need.',
    mimeType: 'application/json',
    async read(deps) {
      const plans = await deps.ynab.plans.list();
      return json(
        plans.map((p) => ({
          plan_id: p.id,
          name: clean(p.name),
          last_modified_on: p.last_modified_on ?? null,
        })),
      );
    },
  },
  {
    name: 'categories',
    title: 'Categories of a plan',
    uri: 'ynab://plans/{plan_id}/categories',
    description: "A plan's visible categories by group, with their ids.",
    mimeType: 'application/json',
    async read(deps, planId) {
      const groups = await deps.ynab.categories.groups(planId);
      const byGroup = new Map<string, { category_id: string; name: string }[]>();
      for (const group of groups) {
        if (group.deleted || isInternalGroup(group)) continue;
        for (const c of group.categories) {
          if (c.hidden || c.deleted) continue;
          const name = clean(c.category_group_name ?? group.name);
          const list = byGroup.get(name) ?? [];
          list.push({ category_id: c.id, name: clean(c.name) });
          byGroup.set(name, list);
        }
      }
      return json([...byGroup].map(([group, categories]) => ({ group, categories })));
    },
  },
  {
    name: 'accounts',
    title: 'Open accounts of a plan',
    uri: 'ynab://plans/{plan_id}/accounts',
    description: "A plan's open accounts, balances in currency units.",
    mimeType: 'application/json',
    async read(deps, planId) {
      const accounts = await deps.ynab.accounts.list(planId);
      return json(
        accounts
          .filter((a) => !a.closed && !a.deleted)
          .map((a) => ({
            account_id: a.id,
            name: clean(a.name),
            type: a.type,
            on_budget: a.on_budget,
            balance: toUnits(a.balance),
          })),
      );
    },
  },
  {
    name: 'digest',
    title: 'What needs you in a plan',
    uri: 'avenir-mcp://digest/{plan_id}',
    description:
      "get_digest's answer: what changed since the last digest (the mark stays), and what needs the person now.",
    mimeType: 'text/plain',
    async read(deps, planId) {
      // reading a resource moves no mark: a host may read it without the person asking
      return renderResult(
        await digestOf(deps, planId, planMoney(deps, planId), { since: 'last', mark: false }),
      );
    },
  },
  {
    name: 'rules',
    title: "The household's rules",
    uri: 'avenir-mcp://rules/{plan_id}',
    description: "list_rules' answer: the rules a plan's suggestions follow, the one that wins first.",
    mimeType: 'application/json',
    async read(deps, planId) {
      return json(
        await listRules.run(
          { deps, tool: listRules.name, money: planMoney(deps, planId) },
          { plan_id: planId },
        ),
      );
    },
  },
];
