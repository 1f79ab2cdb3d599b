/**
 * Order lines held against an account's transactions: each shipment (a card is charged once per
 * shipment, for its lines less what a gift card or a promotion paid) paired with a charge of that
 * amount within days after it shipped, each order's refunds with a refund of their sum within weeks
 * after the order; one transaction paired once, the nearest date first, then the most alike payee.
 * What is left over is listed: shipments no charge matches, and charges like the paired ones that no
 * shipment explains. Pure.
 */
import type { YnabTransaction } from '../model.js';
import { similarity } from '../statements/similarity.js';
import { addDays } from '../transactions/date-bounds.js';
import type { OrderLine } from './orders.js';

/** Days after the ship date a card charge may be booked (and one before, a time zone apart). */
export const CHARGE_DAYS = 7;
/** Days after the order a refund may come. */
export const REFUND_DAYS = 60;
/** How alike a payee must be to a paired one to count as an unexplained charge of the same shop. */
const SAME_SHOP = 0.6;

export interface Group {
  /** The shipment's key, or the order's id for its refunds. */
  key: string;
  order: string;
  /** The ship date of a shipment, the order date of a refund. */
  date: string;
  lines: OrderLine[];
  /** Milliunits the card paid (a shipment) or got back (a refund), positive. */
  amount: number;
  refund: boolean;
}

export interface Paired {
  group: Group;
  transaction: YnabTransaction;
}

export interface OrderMatching {
  paired: Paired[];
  /** Shipments and refunds no transaction matches. */
  unmatched: Group[];
  /** Shipments a gift card or a promotion paid whole: no charge to find. */
  unpaid: Group[];
  /** Transactions like the paired ones, in the orders' period, that no shipment explains. */
  unexplained: YnabTransaction[];
}

function grouped(lines: readonly OrderLine[], refund: boolean): Group[] {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const key = refund ? line.order : line.shipment;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        key,
        order: line.order,
        date: refund ? line.date : line.shipped,
        lines: [],
        amount: 0,
        refund,
      };
      groups.set(key, group);
    }
    group.lines.push(line);
    group.amount += refund ? line.refund : line.price - line.gift;
  }
  return [...groups.values()];
}

/** The shipments (one charge each) and each order's refunds. */
export function orderGroups(lines: readonly OrderLine[]): Group[] {
  return [
    ...grouped(
      lines.filter((l) => l.price > 0),
      false,
    ),
    ...grouped(
      lines.filter((l) => l.refund > 0),
      true,
    ),
  ];
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** `shop`: the retailer the export comes from when it says (Amazon's does), to prefer its charges. */
export function matchOrders(
  groups: readonly Group[],
  account: readonly YnabTransaction[],
  shop: string | null,
): OrderMatching {
  const live = account.filter((t) => !t.deleted && !t.transfer_account_id);
  const unpaid = groups.filter((g) => !g.refund && g.amount <= 0);
  const wanted = groups.filter((g) => g.refund || g.amount > 0);
  const candidates = wanted.flatMap((group) =>
    live.flatMap((transaction) => {
      const signed = group.refund ? group.amount : -group.amount;
      const days = Math.round(dayNumber(transaction.date) - dayNumber(group.date));
      const reach = group.refund ? REFUND_DAYS : CHARGE_DAYS;
      if (transaction.amount !== signed || days < -1 || days > reach) return [];
      return [{ group, transaction, days }];
    }),
  );
  const alike = (c: { transaction: YnabTransaction }) => similarity(shop, c.transaction.payee_name);
  candidates.sort(
    (a, b) =>
      Math.abs(a.days) - Math.abs(b.days) ||
      alike(b) - alike(a) ||
      a.transaction.id.localeCompare(b.transaction.id) ||
      a.group.key.localeCompare(b.group.key),
  );
  const usedGroups = new Set<Group>();
  const usedIds = new Set<string>();
  const paired: Paired[] = [];
  for (const c of candidates) {
    if (usedGroups.has(c.group) || usedIds.has(c.transaction.id)) continue;
    usedGroups.add(c.group);
    usedIds.add(c.transaction.id);
    paired.push({ group: c.group, transaction: c.transaction });
  }
  const dates = wanted.map((g) => g.date).sort();
  const from = addDays(dates[0] ?? '9999-12-31', -1);
  const to = addDays(dates.at(-1) ?? '0000-01-01', CHARGE_DAYS);
  const payees = paired.map((p) => p.transaction.payee_name);
  const unexplained = live.filter(
    (t) =>
      !usedIds.has(t.id) &&
      t.amount < 0 &&
      t.date >= from &&
      t.date <= to &&
      payees.some((p) => similarity(p, t.payee_name) >= SAME_SHOP),
  );
  return {
    paired: paired.sort((a, b) => a.transaction.date.localeCompare(b.transaction.date)),
    unmatched: wanted.filter((g) => !usedGroups.has(g)),
    unpaid,
    unexplained,
  };
}
