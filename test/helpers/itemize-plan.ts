/**
 * The demo plan with the charges the receipts and order exports of test/fixtures/receipts/ and
 * test/fixtures/orders/ belong to planted in its checking account, plus one past split whose memos
 * name items (the history a line's category comes from). A plan of its own, served with
 * `h.standIn.reset(itemizePlan())`, so that the demo plan other tests count stays as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDemoPlan, type TransactionRow } from '../../src/demo/index.js';

const ACCOUNT = 'acc-checking';
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

export const receiptText = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, 'receipts', name), 'utf8')) as Record<string, unknown>;
export const orderText = (name: string) => readFileSync(join(FIXTURES, 'orders', name), 'utf8');

/** The planted charges, by what they are; amounts in milliunits. */
export const PLANTED = {
  receipts: {
    'market-fresh-fr.json': {
      id: 'tx-rcpt-fr',
      date: '2026-09-17',
      amount: -42_990,
      payee: 'CB MARKET FRESH FACT 160926 525130******1',
    },
    'corner-store-en.json': {
      id: 'tx-rcpt-en',
      date: '2026-09-13',
      amount: -24_220,
      payee: 'CORNER STORE 0042',
    },
    'chez-lucie-restaurant.json': {
      id: 'tx-rcpt-resto',
      date: '2026-09-15',
      amount: -55_400,
      payee: 'CB CHEZ LUCIE FACT 140926 525130******1',
    },
  },
  /** The shipments and refund of generic-orders.csv, and a charge of the same shop no order explains. */
  generic: {
    'S-1': { id: 'tx-ord-s1', date: '2026-09-03', amount: -25_890 },
    'S-2': { id: 'tx-ord-s2', date: '2026-09-06', amount: -24_500 },
    'S-3': { id: 'tx-ord-s3', date: '2026-09-08', amount: -67_000 },
    'S-5': { id: 'tx-ord-s5', date: '2026-09-12', amount: -20_000 },
    refund: { id: 'tx-ord-refund', date: '2026-09-16', amount: 49_000 },
    stray: { id: 'tx-ord-stray', date: '2026-09-10', amount: -14_990 },
  },
  genericPayee: 'AMAZON MKTPLACE PMTS',
  amazon: {
    '405-1111111-1111111': { id: 'tx-amz-1', date: '2026-08-05', amount: -32_980 },
    '405-2222222-2222222': { id: 'tx-amz-2', date: '2026-08-12', amount: -25_000 },
  },
  amazonPayee: 'AMAZON EU SARL',
  /** A past MARKET FRESH charge split by hand: its memos name the items. */
  pastSplit: 'tx-past-split',
} as const;

function row(id: string, date: string, amount: number, payee: string): TransactionRow {
  return {
    id,
    date,
    amount,
    memo: null,
    cleared: 'cleared',
    approved: true,
    account_id: ACCOUNT,
    account_name: 'Checking',
    payee_id: null,
    payee_name: payee,
    category_id: null,
    category_name: null,
    transfer_account_id: null,
    deleted: false,
  };
}

function sub(parent: string, n: number, amount: number, category: [string, string], memo: string) {
  return {
    id: `${parent}-${String(n)}`,
    transaction_id: parent,
    amount,
    memo,
    payee_id: null,
    payee_name: null,
    category_id: category[0],
    category_name: category[1],
    transfer_account_id: null,
    deleted: false,
  };
}

export function itemizePlan() {
  const plan = buildDemoPlan();
  const planted: TransactionRow[] = [
    ...Object.values(PLANTED.receipts).map((r) => row(r.id, r.date, r.amount, r.payee)),
    ...Object.values(PLANTED.generic).map((r) => row(r.id, r.date, r.amount, PLANTED.genericPayee)),
    ...Object.values(PLANTED.amazon).map((r) => row(r.id, r.date, r.amount, PLANTED.amazonPayee)),
    {
      ...row(PLANTED.pastSplit, '2026-09-02', -30_000, 'CB MARKET FRESH FACT 020926 525130******1'),
      subtransactions: [
        sub(PLANTED.pastSplit, 1, -18_000, ['cat-groceries', 'Groceries'], 'Pain, Lait'),
        sub(PLANTED.pastSplit, 2, -12_000, ['cat-tennis', 'Tennis'], 'Balles de tennis'),
      ],
    },
  ];
  return { ...plan, transactions: [...plan.transactions, ...planted] };
}
