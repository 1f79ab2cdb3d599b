/**
 * `match_orders`: an order export held against an account: each shipment paired with its card
 * charge, each refund with the refund YNAB holds, their items placed in categories and the split (or
 * the one category) proposed; what pairs with nothing listed. The export is read for the call only.
 */
import { z } from 'zod';
import { unknownAccount } from '../../domain/accounts/reconcile.js';
import { AppError } from '../../domain/errors.js';
import { itemize } from '../../domain/itemize/itemize.js';
import { matchOrders as pairOrders, orderGroups, type Paired } from '../../domain/itemize/order-match.js';
import { readOrders } from '../../domain/itemize/orders.js';
import { ordersMessage } from '../../domain/itemize/orders-message.js';
import { toUnits } from '../../domain/money.js';
import { dayOrderOfFormat } from '../../domain/statements/date-text.js';
import { clean } from '../../domain/text.js';
import { defineReadTool } from '../shared/define-tool.js';
import { encodeCursor } from '../../domain/cursor.js';
import { leftOut, nextCursorField, offsetOf, rowBytes, rowsWithin, ROW_BYTES } from '../shared/paging.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { categoryField, itemRow, splitField } from './itemize-schemas.js';
import { itemizeReads } from './itemize-reads.js';

/** The most text one call carries (an export of a year of orders is well under it). */
const MAX_TEXT = 200 * 1024;
/** Matched charges a page. */
const PAGE = 10;

export const matchOrders = defineReadTool({
  name: 'match_orders',
  title: 'Match an order export to charges',
  description: [
    "Order CSV (generic, Amazon) vs an account: each shipment's charge or refund itemised; the unmatched.",
    'Costs 3 YNAB requests a page.',
    DATA_NOTE,
  ].join(' '),
  rules:
    'A shipment matches a charge of its amount (less gift card and promotion parts) from the day before it shipped to 7 days after; an order’s refunds a refund of their sum within 60 days. The columns are found from the header: order id, date, item, price or total, and if present ship date, quantity, shipment or charge id, refund, gift card, status (cancelled lines are left out). The export is not kept.',
  names: { account_id: 'account' },
  input: () =>
    z.strictObject({
      plan_id: planId,
      account_id: z.string().describe('Charged.'),
      orders: z.string().describe('CSV text.'),
      cursor: z.string().nullable().default(null).describe('From next_cursor.'),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('What was found, for the agent to relay.'),
      matched: z
        .array(
          z.strictObject({
            transaction_id: z.string().describe('The charge or refund.'),
            date: z.string().describe('Its date, YYYY-MM-DD.'),
            amount: z.number().describe('Its amount, in currency units.'),
            order: untrusted('The order id'),
            items: z.array(itemRow()).describe('The items it paid for or refunded.'),
            split: splitField(),
            category: categoryField(),
          }),
        )
        .describe('The transactions paired with a shipment or a refund, by date.'),
      orders_left: z
        .array(
          z.strictObject({
            order: untrusted('The order id'),
            date: z.string().describe('Shipped (ordered, for a refund), YYYY-MM-DD.'),
            amount: z.number().describe('The charge expected; above 0 for a refund.'),
          }),
        )
        .describe('Shipments and refunds no transaction matches.'),
      charges_left: z
        .array(
          z.strictObject({
            transaction_id: z.string().describe('The transaction.'),
            date: z.string().describe('Its date, YYYY-MM-DD.'),
            amount: z.number().describe('Its amount, in currency units.'),
            payee: untrusted('The payee'),
          }),
        )
        .describe('Charges of the same shop in the period that no order explains.'),
      next_cursor: nextCursorField,
    }),
  async run({ deps, money }, { plan_id, account_id, orders, cursor }) {
    const offset = offsetOf(cursor);
    const reads = await itemizeReads(deps, plan_id);
    if (Buffer.byteLength(orders) > MAX_TEXT)
      throw new AppError('The order export is over the 200 kB one call can carry: give a shorter period.');
    const format = deps.ynab.plans.known?.find((p) => p.id === plan_id)?.date_format?.format;
    const { shop, lines } = readOrders(orders, dayOrderOfFormat(format));
    if (lines.length === 0) throw new AppError('The order export holds no order line: nothing was matched.');
    const account = reads.accounts.find((a) => a.id === account_id && !a.deleted);
    if (account === undefined) throw new AppError(unknownAccount(account_id));
    const own = reads.transactions.filter((t) => t.account_id === account.id);
    const matching = pairOrders(orderGroups(lines), own, shop);
    const row = ({ group, transaction }: Paired) => {
      const items = group.lines.map((l) => ({
        text: l.item,
        price: group.refund ? l.refund : l.price,
        quantity: l.quantity,
      }));
      const done = itemize(items, transaction, transaction.id, reads.digits, reads.evidence);
      return {
        transaction_id: transaction.id,
        date: transaction.date,
        amount: toUnits(transaction.amount),
        order: clean(group.order),
        items: done.items.map((i) => ({
          text: clean(i.text),
          amount: toUnits(i.amount),
          category_id: i.category_id,
          category: i.category,
          by: i.by,
        })),
        split: done.plan?.split ?? null,
        category: done.plan?.category ?? null,
      };
    };
    const unmatchedOrders = matching.unmatched.map((g) => ({
      order: clean(g.order),
      date: g.date,
      amount: toUnits(g.refund ? g.amount : -g.amount),
    }));
    const unmatchedCharges = matching.unexplained.map((t) => ({
      transaction_id: t.id,
      date: t.date,
      amount: toUnits(t.amount),
      payee: clean(t.payee_name),
    }));
    // the unmatched lists (at most a quarter of the page each) come first; the matches take the rest
    const nOrders = rowsWithin(unmatchedOrders, ROW_BYTES / 4);
    const nCharges = rowsWithin(unmatchedCharges, ROW_BYTES / 4);
    const shownOrders = unmatchedOrders.slice(0, nOrders);
    const shownCharges = unmatchedCharges.slice(0, nCharges);
    const rows = matching.paired.slice(offset, offset + PAGE).map(row);
    const kept = rowsWithin(rows, ROW_BYTES - rowBytes([shownOrders, shownCharges]));
    const end = offset + kept;
    const after = Math.max(0, matching.paired.length - end);
    const omitted = leftOut(
      after > 0 ? `${String(after)} more matched charges: pass next_cursor as cursor.` : null,
      nOrders < unmatchedOrders.length
        ? `${String(unmatchedOrders.length - nOrders)} more unmatched orders.`
        : null,
      nCharges < unmatchedCharges.length
        ? `${String(unmatchedCharges.length - nCharges)} more unmatched charges.`
        : null,
    );
    return {
      // what the page leaves out ends the message (the answer has no field of its own for it)
      message: [ordersMessage(matching, account.name, money), omitted].filter((x) => x !== null).join(' '),
      matched: rows.slice(0, kept),
      orders_left: shownOrders,
      charges_left: shownCharges,
      next_cursor: after > 0 ? encodeCursor(end) : null,
    };
  },
});
