/**
 * Writes test/fixtures/statements/: the bank's statement of the demo plan's checking account for
 * August 2026 (the last full month before the demo's today) in the five files a bank gives (CSV, OFX
 * 1.x, QFX, QIF, CAMT.053), with five differences planted against what YNAB holds, and the README
 * that names them. Run after `npm run build`: `node scripts/statement-fixtures.mjs`.
 *
 * The month is made from the demo plan's rows, so the files follow the demo data; the tests call
 * `statementFiles(buildDemoPlan())` and compare with the files committed, which says when they must
 * be written again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { toCamt, toCsv, toOfx1, toQfx, toQif, units } from './statement-formats.mjs';

export const MONTH = '2026-08';
export const ACCOUNT = 'acc-checking';
const FROM = `${MONTH}-01`;
const TO = `${MONTH}-31`;
const OPENING_DATE = '2026-07-31';

/** What each planted difference is; the README and the tests read it from here. */
export const PLANTED = {
  /** A line only the bank has: the month's account fee. */
  fee: { date: TO, amount: -7_500, label: 'FRAIS TENUE DE COMPTE' },
  /** A card payment YNAB holds twice: the bank's line once, a copy imported the day after. */
  duplicate: {
    merchant: 'MARKET FRESH',
    date: `${MONTH}-14`,
    copyId: 'tx-stmt-copy',
    copyDate: `${MONTH}-15`,
  },
  /** A card payment typed wrong in YNAB: the bank's amount is the true one. */
  mistyped: { merchant: 'CHEZ LUCIE', date: `${MONTH}-10`, bankAmount: -28_700 },
  /** A cheque written in YNAB, not cleared, that the bank has not paid yet. */
  cheque: {
    id: 'tx-stmt-cheque',
    date: `${MONTH}-27`,
    amount: -60_000,
    payee: 'Cabinet Dr Moreau',
    memo: 'Chèque n° 4127',
  },
  /** A card payment the bank booked two days after the day YNAB holds. */
  late: { merchant: 'SUSHI GO', date: `${MONTH}-24`, bankDate: `${MONTH}-26` },
};

/** Bank labels of the checking account's payees that are not card payments, and their kind. */
const LABELS = {
  'LANDLORD SARL': ['VIR PERM LANDLORD SARL LOYER', 'transfer'],
  'FIBERNET - PRELEV': ['PRLV SEPA FIBERNET SAS', 'debit'],
  'TELCO MOBILE - PRELEV': ['PRLV SEPA TELCO MOBILE', 'debit'],
  'POWERCO ENERGIE': ['PRLV SEPA POWERCO ENERGIE', 'debit'],
  STREAMFLIX: ['PRLV SEPA STREAMFLIX.COM', 'debit'],
  'TENNIS CLUB - PRELEV': ['PRLV SEPA TENNIS CLUB', 'debit'],
  'ACME EMPLOYER SALAIRE': ['VIR SEPA ACME EMPLOYER SALAIRE', 'transfer'],
  'RAIL CO': [null, 'card'],
  'Transfer : Savings': ['VIR INTERNE VERS LIVRET A', 'transfer'],
};

/** `CB MARKET FRESH FACT 140826 525130******1` → `MARKET FRESH`. */
const cardMerchant = (payee) => /^CB (.+) FACT \d{6} /u.exec(payee ?? '')?.[1] ?? null;

/** The bank's label and kind for a YNAB row: a card payment shows its merchant and the day it was paid. */
function bankLabel(row) {
  const [, mm, dd] = row.date.split('-');
  const merchant = cardMerchant(row.payee_name);
  if (merchant !== null) return [`CB ${merchant} ${dd}/${mm}`, 'card'];
  const [label, kind] = LABELS[row.payee_name] ?? [row.payee_name.toUpperCase(), 'transfer'];
  return [label ?? `CB ${row.payee_name} ${dd}/${mm}`, kind];
}

const checking = (plan) => plan.transactions.filter((t) => t.account_id === ACCOUNT && !t.deleted);

/** The demo plan's card row of `merchant` on `date`: the row a planted difference is made from. */
export function cardRow(plan, merchant, date) {
  const row = checking(plan).find((t) => t.date === date && cardMerchant(t.payee_name) === merchant);
  if (row === undefined) throw new Error(`the demo plan has no ${merchant} card payment on ${date}`);
  return row;
}

/** The two rows the demo plan lacks and a test adds to YNAB: the imported copy and the pending cheque. */
export function plantedTransactions(plan) {
  const original = cardRow(plan, PLANTED.duplicate.merchant, PLANTED.duplicate.date);
  const { id: _id, transfer_transaction_id: _link, ...rest } = original;
  const copy = {
    ...rest,
    id: PLANTED.duplicate.copyId,
    date: PLANTED.duplicate.copyDate,
    import_id: `YNAB:${original.amount}:${PLANTED.duplicate.copyDate}:1`,
  };
  const cheque = {
    id: PLANTED.cheque.id,
    date: PLANTED.cheque.date,
    amount: PLANTED.cheque.amount,
    memo: PLANTED.cheque.memo,
    cleared: 'uncleared',
    approved: true,
    account_id: ACCOUNT,
    account_name: original.account_name,
    payee_id: null,
    payee_name: PLANTED.cheque.payee,
    category_id: null,
    category_name: null,
    transfer_account_id: null,
    deleted: false,
  };
  return [copy, cheque];
}

/**
 * The demo plan as YNAB holds it against the statement: the copy and the pending cheque added, and
 * the cheque's payee. A stand-in serves it with `startStandIn({ plan })` or `standIn.reset(plan)`.
 */
export function statementPlan(plan) {
  const [copy, cheque] = plantedTransactions(plan);
  const payee = { id: 'pay-stmt-cheque', name: cheque.payee_name, transfer_account_id: null, deleted: false };
  return {
    ...plan,
    payees: [...plan.payees, payee],
    transactions: [...plan.transactions, copy, { ...cheque, payee_id: payee.id }],
  };
}

/** The bank's view of the month: every YNAB row of the month as booked, the planted changes made. */
export function statementMonth(plan) {
  const rows = checking(plan);
  const opening = rows.filter((t) => t.date < FROM).reduce((s, t) => s + t.amount, 0);
  const mistyped = cardRow(plan, PLANTED.mistyped.merchant, PLANTED.mistyped.date);
  const late = cardRow(plan, PLANTED.late.merchant, PLANTED.late.date);
  const lines = rows
    .filter((t) => t.date >= FROM && t.date <= TO)
    .map((t) => {
      const [label, kind] = bankLabel(t);
      const date = t.id === late.id ? PLANTED.late.bankDate : t.date;
      const amount = t.id === mistyped.id ? PLANTED.mistyped.bankAmount : t.amount;
      return { date, amount, label, kind, memo: null };
    });
  lines.push({ ...PLANTED.fee, kind: 'fee', memo: 'OFFRE ESSENTIELLE AOUT 2026' });
  lines.sort((a, b) => a.date.localeCompare(b.date) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  lines.forEach((line, i) => {
    line.ref = `${line.date.replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`;
    if (line.kind === 'debit') line.memo = `ECHEANCE ${line.date.slice(8)}/${line.date.slice(5, 7)}`;
  });
  const closing = opening + lines.reduce((s, l) => s + l.amount, 0);
  return { from: FROM, to: TO, openingDate: OPENING_DATE, opening, closing, lines };
}

function readme(plan, month) {
  const [copy, cheque] = plantedTransactions(plan);
  const original = cardRow(plan, PLANTED.duplicate.merchant, PLANTED.duplicate.date);
  const mistyped = cardRow(plan, PLANTED.mistyped.merchant, PLANTED.mistyped.date);
  const late = cardRow(plan, PLANTED.late.merchant, PLANTED.late.date);
  const eur = (milli) => `${units(milli)} EUR`;
  return `# Bank statements of the demo plan's checking account

Written by \`node scripts/statement-fixtures.mjs\` (after \`npm run build\`) from the demo plan: do not
edit them by hand; change the script and run it again. test/domain/statement-fixtures.test.ts fails
when these files and the demo data part.

The bank's statement of \`${ACCOUNT}\` for ${month.from} to ${month.to}, ${month.lines.length} lines,
opening balance ${eur(month.opening)} (end of ${month.openingDate}), closing balance ${eur(month.closing)},
in five files that hold the same lines (date, amount, label):

| File | Format |
| --- | --- |
| \`checking-${MONTH}.csv\` | CSV as a French bank exports it: \`;\`, decimal comma, day first, money out and money in, running balance, account lines above the header, CRLF |
| \`checking-${MONTH}.ofx\` | OFX 1.0.2 (SGML, elements left open) |
| \`checking-${MONTH}.qfx\` | QFX, OFX 2.2 (XML) |
| \`checking-${MONTH}.qif\` | QIF \`!Type:Bank\`, month first |
| \`checking-${MONTH}.camt.xml\` | CAMT.053.001.08 with opening (OPBD) and closing (CLBD) balances |

Every line is a row of the demo plan's checking account in that month, with the bank's label (\`CB
MARKET FRESH 14/08\` for a card payment made on the 14th, \`PRLV SEPA ...\` for a direct debit), except
for these planted differences:

1. **A fee YNAB never saw**: ${PLANTED.fee.date} \`${PLANTED.fee.label}\` ${eur(PLANTED.fee.amount)}, on the statement only. Found as missing in YNAB.
2. **A card payment YNAB holds twice**: \`${original.id}\` (${original.date}, ${eur(original.amount)}, \`${original.payee_name}\`) is on the statement once. The demo plan holds it once, so the test adds the copy to YNAB: \`${copy.id}\`, the same row dated ${copy.date}, import id \`${copy.import_id}\` (\`statementPlan(buildDemoPlan())\` of the script is the demo plan with the copy and the cheque added, for \`standIn.reset(plan)\`; created through the API instead, the copy gets the stand-in's id). The copy is the likely duplicate, \`${original.id}\` the one kept (its date is the statement's).
3. **A mistyped amount**: \`${mistyped.id}\` (${mistyped.date}, \`${mistyped.payee_name}\`) is ${eur(mistyped.amount)} in YNAB and ${eur(PLANTED.mistyped.bankAmount)} on the statement (two digits swapped). Found as an amount mismatch that can be fixed.
4. **A pending cheque**: \`${cheque.id}\`, ${cheque.date}, ${eur(cheque.amount)} to \`${cheque.payee_name}\` (memo \`${cheque.memo}\`), uncleared, in YNAB only. The demo plan has no uncleared row, so the test adds it to YNAB as well (\`statementPlan\` does, with a payee \`pay-stmt-cheque\`). Found as in YNAB but not on the statement, not yet cleared.
5. **A card settlement two days late**: \`${late.id}\` (${late.date}, ${eur(late.amount)}, \`${late.payee_name}\`) is booked by the bank on ${PLANTED.late.bankDate}. Matched, two days apart.

Every other line matches its YNAB row on the same day and amount.
`;
}

/** The files of test/fixtures/statements/, by name. */
export function statementFiles(plan) {
  const month = statementMonth(plan);
  return {
    [`checking-${MONTH}.csv`]: toCsv(month),
    [`checking-${MONTH}.ofx`]: toOfx1(month),
    [`checking-${MONTH}.qfx`]: toQfx(month),
    [`checking-${MONTH}.qif`]: toQif(month),
    [`checking-${MONTH}.camt.xml`]: toCamt(month),
    'README.md': readme(plan, month),
  };
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const { buildDemoPlan } = await import(pathToFileURL(join(root, 'dist/demo/index.js')).href);
  const folder = join(root, 'test/fixtures/statements');
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(statementFiles(buildDemoPlan()))) {
    writeFileSync(join(folder, name), text);
    console.log(`wrote ${join('test/fixtures/statements', name)}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
