/**
 * An order export read: a generic CSV of order lines (order id, date, item, price, quantity, shipment
 * or charge id, refund, gift card or promotion; the columns found from the header) or Amazon's
 * "Request My Data" order history, whose columns are among those names. Read with csv-parse; cells
 * stay text (a `=FORMULA` cell is an item name like any other). Nothing of it is kept. Pure.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from '../errors.js';
import { amountOf, decimalMarkOf, type DecimalMark } from '../statements/amount-text.js';
import { dateOf, type DayOrder } from '../statements/date-text.js';
import { clean } from '../text.js';

export interface OrderLine {
  order: string;
  /** The day the order was placed, YYYY-MM-DD. */
  date: string;
  /** The day it shipped (a card is charged then), or the order's date when the export has none. */
  shipped: string;
  item: string;
  /** What the line cost (its quantity included), in milliunits. */
  price: number;
  quantity: number | null;
  /** What identifies its charge: a shipment or charge id, or the order and its ship date. */
  shipment: string;
  /** Milliunits refunded for it (positive), 0 when none. */
  refund: number;
  /** Milliunits of it paid by a gift card or a promotion, not by the card. */
  gift: number;
}

type Role =
  | 'order'
  | 'date'
  | 'shipped'
  | 'item'
  | 'total'
  | 'unit'
  | 'quantity'
  | 'shipment'
  | 'refund'
  | 'gift'
  | 'status';

/** Header names per role, compared without case, accents or punctuation; the first listed wins. */
const NAMES: readonly [Role, readonly string[]][] = [
  ['order', ['order id', 'order number', 'order no', 'order', 'numero de commande', 'commande']],
  ['shipped', ['ship date', 'shipment date', 'shipped date', 'shipped', 'date d expedition']],
  ['date', ['order date', 'purchase date', 'date', 'date de commande']],
  ['item', ['product name', 'item', 'item name', 'title', 'product', 'description', 'article', 'name']],
  ['total', ['total owed', 'item total', 'line total', 'total', 'amount', 'montant']],
  ['unit', ['unit price', 'price', 'item price', 'prix', 'prix unitaire']],
  ['quantity', ['quantity', 'qty', 'quantite']],
  ['shipment', ['shipment id', 'charge id', 'shipment', 'payment id', 'transaction id', 'expedition']],
  ['refund', ['refund', 'refund amount', 'refunded', 'remboursement', 'rembourse']],
  ['gift', ['gift card', 'gift card amount', 'promotion', 'promotions', 'carte cadeau']],
  ['status', ['order status', 'status', 'statut']],
];

const plain = (cell: string): string =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}]+/gu, ' ')
    .trim();

/** The column of each role a header names; null when it lacks an order id, an item or a price. */
function columnsOf(header: readonly string[]): Map<Role, number> | null {
  const names = header.map(plain);
  const found = new Map<Role, number>();
  for (const [role, wanted] of NAMES) {
    for (const name of wanted) {
      const at = names.findIndex((n, i) => n === name && ![...found.values()].includes(i));
      if (at >= 0) {
        found.set(role, at);
        break;
      }
    }
  }
  const priced = found.has('total') || found.has('unit');
  return found.has('order') && found.has('item') && found.has('date') && priced ? found : null;
}

/** The most lines one export may hold. */
export const MAX_ORDER_LINES = 2_000;
/** An order line cancelled before it shipped: never charged. */
const CANCELLED = /cancel|annul/iu;

export interface Orders {
  /** The retailer, when the export's columns say (Amazon's ASIN column), else null. */
  shop: string | null;
  lines: OrderLine[];
}

/** The delimiter seen most in the first lines: a French export separates with `;`. */
function delimiterOf(text: string): string {
  const head = text.split(/\r\n|\r|\n/u, 10).join('\n');
  const count = (d: string) => head.split(d).length;
  return [',', ';', '\t', '|'].reduce((best, d) => (count(d) > count(best) ? d : best));
}

export function readOrders(text: string, order: DayOrder | null): Orders {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new AppError(`The order export is not a CSV file csv-parse can read: ${(error as Error).message}`);
  }
  const headerAt = rows.slice(0, 10).findIndex((r) => columnsOf(r) !== null);
  if (headerAt < 0)
    throw new AppError(
      'The order export has no header naming an order id, a date, an item and a price (or total): give the CSV with its header row.',
    );
  const columns = columnsOf(rows[headerAt]!)!;
  const data = rows.slice(headerAt + 1).filter((r) => r.some((c) => c !== ''));
  if (data.length > MAX_ORDER_LINES)
    throw new AppError(
      `The export holds ${String(data.length)} lines, over ${String(MAX_ORDER_LINES)}: give a shorter period.`,
    );
  const cell = (row: readonly string[], role: Role): string => {
    const at = columns.get(role);
    return at === undefined ? '' : (row[at] ?? '');
  };
  const money = ['total', 'unit', 'refund', 'gift'] as const;
  const mark: DecimalMark = decimalMarkOf(data.flatMap((r) => money.map((role) => cell(r, role))));
  const amount = (row: readonly string[], role: Role): number =>
    Math.abs(amountOf(cell(row, role).replace(/[^\d.,-]/gu, ''), mark) ?? 0);
  const shop = rows[headerAt]!.some((c) => plain(c) === 'asin') ? 'Amazon' : null;
  const lines = data.flatMap((row, i): OrderLine[] => {
    if (CANCELLED.test(cell(row, 'status'))) return [];
    const where = `line ${String(headerAt + i + 2)}`;
    const date = dateOf(cell(row, 'date'), order);
    if (date === null)
      throw new AppError(`The order date on ${where} is not a date: "${clean(cell(row, 'date'))}".`);
    const shipped = dateOf(cell(row, 'shipped'), order) ?? date;
    const quantity = Number(cell(row, 'quantity').replace(',', '.'));
    const count = Number.isFinite(quantity) && quantity > 0 ? quantity : null;
    const price = columns.has('total')
      ? amount(row, 'total')
      : Math.round(amount(row, 'unit') * (count ?? 1));
    const id = clean(cell(row, 'order'));
    const shipment = clean(cell(row, 'shipment'));
    return [
      {
        order: id,
        date,
        shipped,
        item: cell(row, 'item'),
        price,
        quantity: count,
        shipment: shipment === '' ? `${id} ${shipped}` : shipment,
        refund: amount(row, 'refund'),
        gift: amount(row, 'gift'),
      },
    ];
  });
  return { shop, lines };
}
