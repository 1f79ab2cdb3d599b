/** What match_orders found, in a sentence or two for the agent to relay. Pure. */
import type { MoneyText } from '../money.js';
import { clean } from '../text.js';
import type { OrderMatching } from './order-match.js';

export function ordersMessage(m: OrderMatching, account: string, money: MoneyText): string {
  const refunds = m.paired.filter((p) => p.group.refund).length;
  const parts = [
    `${clean(account)}: ${String(m.paired.length - refunds)} charge(s) and ${String(refunds)} refund(s) match the orders.`,
  ];
  if (m.unmatched.length > 0)
    parts.push(
      `${String(m.unmatched.length)} shipment(s) or refund(s) match no transaction: not in YNAB yet, or charged otherwise.`,
    );
  if (m.unpaid.length > 0) {
    const paid = m.unpaid.reduce((s, g) => s + g.lines.reduce((t, l) => t + l.gift, 0), 0);
    parts.push(
      `${String(m.unpaid.length)} shipment(s) were paid whole by gift card or promotion (${money(paid)}): no charge to find.`,
    );
  }
  if (m.unexplained.length > 0)
    parts.push(
      `${String(m.unexplained.length)} charge(s) of the same shop match no order: ask the person what they were.`,
    );
  if (m.paired.length > 0)
    parts.push(
      'apply_itemization applies the splits and categories the person agrees to, in one confirmation.',
    );
  return parts.join(' ');
}
