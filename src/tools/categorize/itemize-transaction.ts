/**
 * `itemize_transaction`: a receipt the client read, matched to its YNAB charge, each line placed in a
 * category and given its share of the charge; the split (or the one category) proposed, nothing
 * written.
 */
import { z } from 'zod';
import { stepOf } from '../../domain/itemize/allocate.js';
import { chargeCandidates, chosen, type Candidate } from '../../domain/itemize/charges.js';
import { itemize } from '../../domain/itemize/itemize.js';
import {
  LINE_KINDS,
  checkReceipt,
  leavesTip,
  receiptItems,
  receiptMessage,
} from '../../domain/itemize/receipt.js';
import { toMilli, toUnits } from '../../domain/money.js';
import { clean } from '../../domain/text.js';
import { checkAmount } from '../../domain/amount-checks.js';
import { defineReadTool } from '../shared/define-tool.js';
import { DATA_NOTE, planId, untrusted } from '../shared/schemas.js';
import { categoryField, itemRow, splitField } from './itemize-schemas.js';
import { itemizeReads } from './itemize-reads.js';

/** Why an item line of 0 is refused. */
const ITEM_ZERO = 'an item costs something: leave it out.';

/** The most candidates an answer lists. */
const CANDIDATES = 5;

export const itemizeTransaction = defineReadTool({
  name: 'itemize_transaction',
  title: 'Itemise a receipt into categories',
  description: [
    "Receipt lines: its charge, each item's category and share, a split.",
    'Costs 3 YNAB requests.',
    DATA_NOTE,
  ].join(' '),
  rules:
    'A charge matches for the total (above it by up to 30% when tip is given), from the day before the receipt to 5 days after, the most alike payee first. Tax, discount, tip and fees are spread over the lines in proportion, rounded to the currency, the remainder on the largest line. A category comes from a rule naming the item, past split memos, the rule or history of the merchant, then a category name in the item. The plans list is read once when the currency is not known yet.',
  input: () =>
    z.strictObject({
      plan_id: planId,
      merchant: z.string().describe('Printed.'),
      date: z.string().describe('YYYY-MM-DD.'),
      total: z.number().describe('Paid.'),
      lines: z
        .array(
          z.strictObject({
            text: z.string().describe('Printed.'),
            amount: z.number().describe('Below 0: a discount.'),
            quantity: z.number().nullable().default(null).describe('Count.'),
            kind: z.enum(LINE_KINDS).nullable().default(null).describe('Not an item.'),
          }),
        )
        .max(100)
        .describe('Items; tax, discount, tip, fee.'),
    }),
  output: () =>
    z.strictObject({
      message: z.string().describe('What was found, for the agent to relay.'),
      candidates: z
        .array(
          z.strictObject({
            transaction_id: z.string().describe('The transaction.'),
            date: z.string().describe('Its date, YYYY-MM-DD.'),
            amount: z.number().describe('Its amount, in currency units.'),
            payee: untrusted('The payee'),
            score: z.number().describe('Payee likeness, 0-1.'),
          }),
        )
        .describe('Best first.'),
      items: z.array(itemRow()).describe("The receipt's items, in its order."),
      split: splitField(),
      category: categoryField(),
    }),
  async run({ deps, money }, input) {
    // an amount YNAB would hold as 0 is a typo: refused before anything is read, as everywhere
    checkAmount(input.total, 'total', 'give what was paid.');
    input.lines.forEach((l, i) =>
      checkAmount(l.amount, `lines[${i}].amount`, l.kind === null ? ITEM_ZERO : undefined),
    );
    // the plan is read first (within the freshness window, from what an earlier call synced): the
    // checks then refuse what the client misread, and nothing is written either way
    const reads = await itemizeReads(deps, input.plan_id);
    checkReceipt(input);
    const step = stepOf(reads.digits);
    const items = receiptItems(input, step, money);
    const total = toMilli(input.total);
    const found = chargeCandidates(
      { merchant: input.merchant, date: input.date, total, tip: leavesTip(input) },
      reads.transactions,
      reads.offBudget,
      step,
    );
    // the plan is made for the best candidate; when another is as likely, the message asks
    const pick = found[0] ?? null;
    const sure = chosen(found) !== null;
    const tx = pick?.transaction;
    const charge = tx ?? { payee_name: input.merchant, amount: -total, account_id: '' };
    const itemized = itemize(items, charge, tx?.id ?? null, reads.digits, reads.evidence);
    const row = (c: Candidate) => ({
      transaction_id: c.transaction.id,
      date: c.transaction.date,
      amount: toUnits(c.transaction.amount),
      payee: clean(c.transaction.payee_name),
      score: c.score,
    });
    const candidates = found.slice(0, CANDIDATES).map(row);
    return {
      message: receiptMessage(
        input,
        {
          chosen: pick === null ? null : row(pick),
          count: found.length,
          sure,
          left: itemized.items.filter((i) => i.category_id === null).length,
          split: itemized.plan?.split != null,
        },
        money,
      ),
      candidates,
      items: itemized.items.map((i) => ({
        text: clean(i.text),
        amount: toUnits(i.amount),
        category_id: i.category_id,
        category: i.category,
        by: i.by,
      })),
      split: itemized.plan?.split ?? null,
      category: itemized.plan?.category ?? null,
    };
  },
});
