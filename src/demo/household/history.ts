/**
 * The tracking-account history of the demo plan: 169 rows `nw-000` … `nw-168` in generation order.
 * Interest is computed from the loan terms, not copied from a table of figures.
 */
import {
  CAR_LOAN,
  FORMER_BANK,
  JOINT_SAVINGS,
  STUDENT_LOAN,
  addMonths,
  lastDayOf,
  m,
  plain,
  transfer,
} from './rows.js';
import type { DraftRow } from './rows.js';

/** Loan terms keyed by date `2025-03-31`: rate in thousandths of a percent, payment in milliunits. */
export const CAR_RATE = 4500;
export const CAR_PAYMENT = m(400);
export const STUDENT_RATE = 2000;
export const STUDENT_PAYMENT = m(250);
export const TERMS_DATE = '2025-03-31';

const FIRST_MONTH = '2025-04';
const MONTHS = 18;
const STUDENT_MONTHS = 12;
const FORMER_BANK_MONTHS = 14;

/** Deferred card statements, April 2025 → May 2026 (units). */
const CARD_STATEMENTS = [
  820.4, 905.15, 960.3, 1104.75, 1188.6, 870.2, 845.9, 912.35, 2480.0, 760.45, 798.1, 856.7, 889.25, 902.6,
];

/**
 * A month's interest on `owed` milliunits at `rate` thousandths of a percent a year:
 * owed × rate ÷ 12, rounded to the nearest cent (10 milliunits), an exact tie to even.
 */
export function monthlyInterest(owed: number, rate: number): number {
  const num = owed * rate; // exact: both are integers and the product stays below 2^53
  const den = 100_000 * 12 * 10; // percent → fraction, year → month, milliunits → tens of milliunits
  let q = Math.floor(num / den);
  const r = num - q * den;
  if (2 * r > den || (2 * r === den && q % 2 !== 0)) q += 1;
  return q * 10;
}

/** A loan being paid down: its interest row on the 4th, then the transfer from Joint savings on the 5th. */
class Loan {
  constructor(
    readonly account: string,
    readonly rate: number,
    public owed: number,
  ) {}

  month(month: string, payment: number | 'rest'): DraftRow[] {
    const interest = monthlyInterest(this.owed, this.rate);
    this.owed += interest;
    const paid = payment === 'rest' ? this.owed : payment;
    this.owed -= paid;
    return [
      plain(`${month}-04`, 'Interest', -interest, this.account),
      ...transfer(`${month}-05`, JOINT_SAVINGS, this.account, paid),
    ];
  }
}

/** The former bank's month: rent, salary, the 900.00 transfer to Joint savings, the card statement. */
function formerBankMonth(month: string, statement: number): DraftRow[] {
  return [
    plain(`${month}-03`, 'LOYER RESIDENCE DES TILLEULS', m(-820), FORMER_BANK),
    plain(`${month}-27`, 'VIR ACME EMPLOYER', m(3450), FORMER_BANK),
    ...transfer(`${month}-28`, FORMER_BANK, JOINT_SAVINGS, m(900)),
    plain(lastDayOf(month), 'RELEVE CARTE DIFFERE', m(-statement), FORMER_BANK),
  ];
}

/** The 169 history rows in generation order (index i is `nw-<i>`). */
export function historyRows(): DraftRow[] {
  const rows: DraftRow[] = [
    plain(TERMS_DATE, 'Starting Balance', m(1200), FORMER_BANK),
    plain(TERMS_DATE, 'Starting Balance', m(800), JOINT_SAVINGS),
    plain(TERMS_DATE, 'Starting Balance', m(-24750), CAR_LOAN),
    plain(TERMS_DATE, 'Starting Balance', m(-3000), STUDENT_LOAN),
  ];
  const car = new Loan(CAR_LOAN, CAR_RATE, m(24750));
  const student = new Loan(STUDENT_LOAN, STUDENT_RATE, m(3000));
  for (let i = 0; i < MONTHS; i++) {
    const month = addMonths(FIRST_MONTH, i);
    rows.push(...car.month(month, CAR_PAYMENT));
    if (i < STUDENT_MONTHS)
      rows.push(...student.month(month, i === STUDENT_MONTHS - 1 ? 'rest' : STUDENT_PAYMENT));
    const statement = CARD_STATEMENTS[i];
    if (i < FORMER_BANK_MONTHS && statement !== undefined) rows.push(...formerBankMonth(month, statement));
  }
  rows.push(plain('2025-08-12', 'GARAGE DU CENTRE REPARATION', m(-1350), FORMER_BANK));
  rows.push(plain('2026-03-27', 'VIR ACME EMPLOYER PRIME', m(1800), FORMER_BANK));
  const formerBalance = rows.filter((r) => r.account_id === FORMER_BANK).reduce((s, r) => s + r.amount, 0);
  rows.push(...transfer('2026-05-31', FORMER_BANK, JOINT_SAVINGS, formerBalance));
  rows.push(plain('2026-09-15', 'TRESOR PUBLIC REMBOURSEMENT', m(1600), JOINT_SAVINGS));
  return rows;
}
