// The benchmark's heavy plan: a seeded generator producing the same
// `PlanData` shape as the demo plan (src/demo/types.ts), so the stand-in serves it unchanged.
// About ten years (the 120 months before today's month plus the current one), about 60,000
// transactions spread evenly over 20 accounts with transfers between them, 100 categories in groups
// of ten, month budgets of 200.00, 20 scheduled transactions. One seed for the transactions, another
// for the schedules: the same seeds give the same plan, byte for byte.

export const HEAVY_PLAN_ID = 'heavy-plan';
export const HEAVY_TODAY = '2026-09-25';
export const TRANSACTION_SEED = 20260925;
export const SCHEDULE_SEED = 1729;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
export const pad = (n, width) => String(n).padStart(width, '0');
const dayNumber = (date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dates = new Map();
/** `YYYY-MM-DD` of a day number (memoised: a few thousand days serve 60,000 rows). */
function dateOf(day) {
  let date = dates.get(day);
  if (date === undefined) dates.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  return date;
}
/** `YYYY-MM-01` of the month `offset` months after the month of `date`. */
export function monthAfter(date, offset) {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1, 2)}-01`;
}
const lastDay = (month) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
/** `month` (YYYY-MM-01) on `day`, or on its last day when shorter. */
const onDay = (month, day) => `${month.slice(0, 8)}${pad(Math.min(day, lastDay(month)), 2)}`;
/** Currency units between `low` and `high`, whole cents, as milliunits. */
export const cents = (random, low, high) => Math.round((low + random() * (high - low)) * 100) * 10;
export const pick = (random, list) => list[Math.floor(random() * list.length)];

// ---------------------------------------------------------------------------------------------------
// Structure: accounts, groups, categories, targets, months, budgets.

/** [id, name, type, on budget, closed, opening balance in units] */
const ACCOUNTS = [
  ['acc-01', 'Main checking', 'checking', true, false, 2500],
  ['acc-02', 'Joint checking', 'checking', true, false, 1500],
  ['acc-03', 'Online bank', 'checking', true, false, 800],
  ['acc-04', 'Old checking', 'checking', true, true, 400],
  ['acc-05', 'Wallet', 'cash', true, false, 100],
  ['acc-06', 'Savings', 'savings', true, false, 5000],
  ['acc-07', 'Holiday savings', 'savings', true, false, 1000],
  ['acc-08', 'Old savings', 'savings', true, true, 2000],
  ['acc-09', 'Visa card', 'creditCard', true, false, 0],
  ['acc-10', 'Mastercard', 'creditCard', true, false, 0],
  ['acc-11', 'Store card', 'creditCard', true, false, 0],
  ['acc-12', 'Old card', 'creditCard', true, true, 0],
  ['acc-13', 'Brokerage', 'otherAsset', false, false, 15000],
  ['acc-14', 'House', 'otherAsset', false, false, 250000],
  ['acc-15', 'Pension fund', 'otherAsset', false, false, 20000],
  ['acc-16', 'Old car', 'otherAsset', false, true, 9000],
  ['acc-17', 'Mortgage', 'mortgage', false, false, -180000],
  ['acc-18', 'Car loan', 'autoLoan', false, true, -15000],
  ['acc-19', 'Student loan', 'studentLoan', false, false, -22000],
  ['acc-20', 'Personal loan', 'personalLoan', false, false, -6000],
];
/** The date a closed account stopped being used: its balance is moved out that day. */
const CLOSED_ON = {
  'acc-04': '2019-06-30',
  'acc-08': '2020-03-31',
  'acc-12': '2021-11-30',
  'acc-16': '2022-05-31',
  'acc-18': '2023-08-31',
};
/** Where a closed account's rows and balance go: an open sibling of the same kind. */
const SUCCESSOR = {
  'acc-04': 'acc-01',
  'acc-08': 'acc-06',
  'acc-12': 'acc-09',
  'acc-16': 'acc-13',
  'acc-18': 'acc-19',
};
/** Loan terms: yearly rate in milli-percent (YNAB's debt_interest_rates) and minimum payment in units. */
const LOAN_TERMS = {
  'acc-17': [2150, 950],
  'acc-18': [4900, 320],
  'acc-19': [3100, 240],
  'acc-20': [6900, 180],
};
const DEBT_TYPES = new Set(['creditCard', 'mortgage', 'autoLoan', 'studentLoan', 'personalLoan']);

const GROUPS = [
  'Housing',
  'Utilities',
  'Food',
  'Transport',
  'Health',
  'Leisure',
  'Shopping',
  'Family',
  'Savings goals',
  'Miscellaneous',
];
export const INFLOW = 'cat-inflow';
const INTERNAL = 'grp-internal';

function structure(today) {
  const firstMonth = monthAfter(today, -120);
  const months = Array.from({ length: 121 }, (_, i) => monthAfter(firstMonth, i));
  const accounts = ACCOUNTS.map(([id, name, type, onBudget, closed], i) => {
    const terms = LOAN_TERMS[id];
    return {
      id,
      name,
      type,
      on_budget: onBudget,
      closed,
      note: null,
      direct_import_linked: onBudget && !closed && type !== 'cash',
      direct_import_in_error: id === 'acc-11',
      last_reconciled_at:
        onBudget && !closed ? `${monthAfter(today, -(i % 3) - 1).slice(0, 8)}28T18:00:00.000Z` : null,
      debt_original_balance: terms ? ACCOUNTS[i][5] * 1000 : null,
      debt_interest_rates: terms ? { [firstMonth]: terms[0] } : null,
      debt_minimum_payments: terms ? { [firstMonth]: terms[1] * 1000 } : null,
      debt_escrow_amounts: terms ? { [firstMonth]: id === 'acc-17' ? 150_000 : 0 } : null,
      deleted: false,
    };
  });
  const category_groups = [
    { id: INTERNAL, name: 'Internal Master Category', hidden: false, deleted: false },
    ...GROUPS.map((name, g) => ({ id: `grp-${pad(g + 1, 2)}`, name, hidden: false, deleted: false })),
  ];
  const categories = [
    {
      id: INFLOW,
      name: 'Inflow: Ready to Assign',
      category_group_id: INTERNAL,
      hidden: false,
      deleted: false,
      note: null,
      target: null,
    },
  ];
  for (let g = 0; g < GROUPS.length; g++) {
    for (let c = 1; c <= 10; c++) {
      const n = g * 10 + c;
      categories.push({
        id: `cat-${pad(n, 3)}`,
        name: `${GROUPS[g]} ${pad(c, 2)}`,
        category_group_id: `grp-${pad(g + 1, 2)}`,
        hidden: false,
        deleted: false,
        note: null,
        target: target(n, today),
      });
    }
  }
  const budgets = {};
  for (const month of months) {
    budgets[month] = {};
    for (const c of categories) if (c.id !== INFLOW) budgets[month][c.id] = 200_000;
  }
  return { accounts, category_groups, categories, months, budgets };
}

/** A few targets: every 10th category a monthly need, three more saving for a date. */
function target(n, today) {
  const base = {
    goal_type: 'NEED',
    goal_target_date: null,
    goal_cadence: 1,
    goal_cadence_frequency: 1,
    goal_creation_month: monthAfter(today, -14),
    goal_needs_whole_amount: true,
    goal_day: null,
    goal_snoozed_at: null,
  };
  if (n % 10 === 1) return { ...base, goal_target: (150 + n) * 1000 };
  if (n === 85 || n === 86 || n === 47) {
    return {
      ...base,
      goal_target: n * 40_000,
      goal_target_date: `${monthAfter(today, n % 12).slice(0, 8)}01`,
      goal_cadence: 0,
      goal_needs_whole_amount: null,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Merchants and labels.

const PREFIXES = ['CB ', 'CARTE ', 'PRLV SEPA ', 'VIR ', ''];

function merchants(random, categoryIds) {
  return Array.from({ length: 300 }, (_, i) => ({
    name: `MERCHANT ${pad(i + 1, 3)}`,
    category: pick(random, categoryIds),
    typical: cents(random, 3, 180),
    prefix: pick(random, PREFIXES),
  }));
}

/** `<prefix><merchant> FACT <DDMMYY> <6 digits>******<digit>`, the card of the account paying. */
function label(merchant, date, card) {
  return `${merchant.prefix}${merchant.name} FACT ${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)} ${card}`;
}
const cardOf = (accountIndex) => `${525130 + accountIndex * 7}******${accountIndex % 10}`;

// ---------------------------------------------------------------------------------------------------
// Transactions.

class Rows {
  constructor(random, accounts) {
    this.random = random;
    this.rows = [];
    this.balance = new Map(accounts.map((a) => [a.id, 0]));
    this.imports = new Map();
  }

  add(fields) {
    const row = {
      id: `tx-${pad(this.rows.length, 6)}`,
      date: fields.date,
      amount: fields.amount,
      memo: fields.memo ?? null,
      cleared: this.random() < 0.1 ? 'uncleared' : 'cleared',
      approved: fields.approved ?? true,
      flag_color: null,
      account_id: fields.account,
      account_name: '',
      payee_id: null,
      payee_name: fields.payee,
      category_id: fields.category ?? null,
      category_name: null,
      transfer_account_id: fields.transfer ?? null,
      import_id: fields.imported ? this.importId(fields.amount, fields.date) : null,
      deleted: false,
    };
    if (fields.split) row.subtransactions = fields.split(row.id);
    this.rows.push(row);
    this.balance.set(fields.account, this.balance.get(fields.account) + fields.amount);
    return row;
  }

  /** YNAB's `YNAB:<amount>:<date>:<occurrence>`. */
  importId(amount, date) {
    const key = `${amount}:${date}`;
    const n = (this.imports.get(key) ?? 0) + 1;
    this.imports.set(key, n);
    return `YNAB:${key}:${n}`;
  }

  /** A transfer: the row leaving `from`, then the row arriving on `to`. */
  transfer(date, from, to, amount, names) {
    this.add({ date, account: from, amount: -amount, payee: `Transfer : ${names.get(to)}`, transfer: to });
    this.add({ date, account: to, amount, payee: `Transfer : ${names.get(from)}`, transfer: from });
  }
}

function purchase(rows, ctx, date, account, accountIndex) {
  const { random, shops, categoryIds } = ctx;
  const shop = shops[Math.floor(random() ** 2 * shops.length)];
  const amount = -Math.round((shop.typical * (0.8 + 0.4 * random())) / 10) * 10;
  // Purchases are under half the rows: 13 % of them is about 5 % of all.
  const pending = random() < 0.13;
  const split = !pending && random() < 0.01;
  const fields = {
    date,
    account,
    amount,
    payee: label(shop, date, cardOf(accountIndex)),
    category: pending || split ? null : shop.category,
    approved: !pending,
    imported: true,
    memo: random() < 0.02 ? `ref ${Math.floor(random() * 1e6)}` : null,
  };
  if (split) {
    const other = pick(random, categoryIds);
    const first = Math.round((amount * 0.6) / 10) * 10;
    fields.split = (id) =>
      [
        [first, shop.category],
        [amount - first, other],
      ].map(([lineAmount, category], i) => ({
        id: `${id}-${i}`,
        transaction_id: id,
        amount: lineAmount,
        memo: null,
        payee_id: null,
        payee_name: null,
        category_id: category,
        category_name: null,
        transfer_account_id: null,
        deleted: false,
      }));
  }
  rows.add(fields);
}

/** Where checking accounts send money: cards (their debt), savings, investments, loans (the minimum). */
const TRANSFER_TARGETS = [
  'acc-09',
  'acc-10',
  'acc-11',
  'acc-09',
  'acc-10',
  'acc-11',
  'acc-06',
  'acc-07',
  'acc-13',
  'acc-15',
  'acc-17',
  'acc-19',
  'acc-20',
];

/** A transfer out of checking: a card gets its debt paid, a loan half its minimum, others a sum. */
function checkingTransfer(rows, ctx, date, account, index) {
  const { random, names } = ctx;
  const to = pick(random, TRANSFER_TARGETS);
  const type = ACCOUNTS.find((a) => a[0] === to)[2];
  const owed = -rows.balance.get(to);
  const amount =
    type === 'creditCard' ? owed : LOAN_TERMS[to] ? LOAN_TERMS[to][1] * 500 : cents(random, 150, 900);
  if (DEBT_TYPES.has(type) && owed < amount) return purchase(rows, ctx, date, account, index);
  rows.transfer(date, account, to, amount, names);
}

/** Interest on a loan, spread over the month's rows (about 23 of them). */
function interest(rows, date, account) {
  const owed = Math.max(0, -rows.balance.get(account));
  const amount = Math.max(10, Math.round((owed * LOAN_TERMS[account][0]) / 100_000 / 12 / 23 / 10) * 10);
  rows.add({ date, account, amount: -amount, payee: 'Interest charge' });
}

/** One step of the generator on `account`: what such an account sees, sometimes a transfer. */
function step(rows, ctx, date, account, index) {
  const { random, names } = ctx;
  const type = ACCOUNTS[index][2];
  const r = random();
  const balance = rows.balance.get(account);
  if (type === 'checking') {
    if (r < 0.05 || (balance < 1_500_000 && r < 0.25)) {
      rows.add({
        date,
        account,
        amount: cents(random, 2800, 4200),
        payee: 'VIR ACME EMPLOYER SALAIRE',
        category: INFLOW,
        imported: true,
      });
    } else if (r < 0.14) checkingTransfer(rows, ctx, date, account, index);
    else purchase(rows, ctx, date, account, index);
  } else if (type === 'cash') {
    if (balance < 60_000) rows.transfer(date, 'acc-01', account, cents(random, 150, 300), names);
    else purchase(rows, ctx, date, account, index);
  } else if (type === 'creditCard') {
    purchase(rows, ctx, date, account, index);
  } else if (type === 'savings') {
    const from = pick(random, ['acc-01', 'acc-02', 'acc-03']);
    if (r < 0.8 || rows.balance.get(from) < 6_000_000)
      rows.add({
        date,
        account,
        amount: cents(random, 1, 8),
        payee: 'INTERETS CREDITEURS',
        category: INFLOW,
      });
    else rows.transfer(date, from, account, cents(random, 100, 600), names);
  } else if (type === 'otherAsset') {
    rows.add({ date, account, amount: cents(random, -900, 950), payee: 'Market value adjustment' });
  } else if (r < 0.94 || -balance < LOAN_TERMS[account][1] * 500) {
    interest(rows, date, account);
  } else {
    rows.transfer(date, pick(random, ['acc-01', 'acc-02']), account, LOAN_TERMS[account][1] * 500, names);
  }
}

function transactions(random, accounts, categories, today, count, schedules) {
  const categoryIds = categories.filter((c) => c.id !== INFLOW).map((c) => c.id);
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const ctx = { random, names, categoryIds, shops: merchants(random, categoryIds) };
  const rows = new Rows(random, accounts);
  const first = dayNumber(monthAfter(today, -120));
  const span = dayNumber(today) - first + 1;
  const start = dateOf(first);
  for (const [id, , , , , opening] of ACCOUNTS) {
    if (opening !== 0)
      rows.add({
        date: start,
        account: id,
        amount: opening * 1000,
        payee: 'Starting Balance',
        category: ACCOUNTS.find((a) => a[0] === id)[3] ? INFLOW : null,
      });
  }
  const recurring = scheduledHistory(schedules, start, today);
  // About 1.067 rows per step (transfers make two), dates spread evenly over the steps.
  const steps = Math.round((count - recurring.length - rows.rows.length) / 1.067);
  const closedDone = new Set();
  for (let i = 0; i < steps; i++) {
    const date = dateOf(first + Math.floor((i * span) / steps));
    while (recurring.length > 0 && recurring[0].date <= date) rows.add(recurring.shift());
    let index = i % ACCOUNTS.length;
    let account = ACCOUNTS[index][0];
    const closedOn = CLOSED_ON[account];
    if (closedOn !== undefined && date > closedOn) {
      if (!closedDone.has(account)) {
        closedDone.add(account);
        const left = rows.balance.get(account);
        if (left > 0) rows.transfer(closedOn, account, SUCCESSOR[account], left, names);
        else if (left < 0) rows.transfer(closedOn, SUCCESSOR[account], account, -left, names);
      }
      account = SUCCESSOR[account];
      index = ACCOUNTS.findIndex((a) => a[0] === account);
    }
    step(rows, ctx, date, account, index);
  }
  for (const row of recurring) rows.add(row);
  rows.rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return rows.rows;
}

// ---------------------------------------------------------------------------------------------------
// Scheduled transactions (their own seed) and the payments they already made.

function scheduled(random, categories, today, count) {
  const categoryIds = categories.filter((c) => c.id !== INFLOW).map((c) => c.id);
  const payers = ['acc-01', 'acc-02', 'acc-09'];
  return Array.from({ length: count }, (_, k) => {
    const yearly = k % 4 === 3;
    const next = dateOf(dayNumber(today) + 1 + Math.floor(random() * 28));
    const back = yearly ? 12 * (1 + Math.floor(random() * 4)) : 1 + Math.floor(random() * 36);
    const merchant = { name: `MERCHANT ${pad(301 + k, 3)}`, prefix: pick(random, ['PRLV SEPA ', 'CB ', '']) };
    return {
      id: `sch-${pad(k + 1, 2)}`,
      date_first: onDay(monthAfter(next, -back), Number(next.slice(8, 10))),
      date_next: next,
      frequency: yearly ? 'yearly' : 'monthly',
      amount: -cents(random, 10, 900),
      memo: null,
      flag_color: null,
      account_id: pick(random, payers),
      account_name: '',
      payee_id: null,
      payee_name: `${merchant.prefix}${merchant.name}`,
      category_id: pick(random, categoryIds),
      category_name: null,
      transfer_account_id: null,
      deleted: false,
      subtransactions: [],
      merchant,
    };
  });
}

/** The payments each schedule made from its first date to today, as bank-labelled transactions. */
function scheduledHistory(schedules, start, today) {
  const out = [];
  for (const s of schedules) {
    const step = s.frequency === 'yearly' ? 12 : 1;
    const day = Number(s.date_first.slice(8, 10));
    const index = ACCOUNTS.findIndex((a) => a[0] === s.account_id);
    for (let k = 0; ; k++) {
      const date = onDay(monthAfter(s.date_first, k * step), day);
      if (date >= s.date_next || date > today) break;
      if (date < start) continue;
      out.push({
        date,
        account: s.account_id,
        amount: s.amount,
        payee: label(s.merchant, date, cardOf(index)),
        category: s.category_id,
        imported: true,
      });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------
// Payees and names: filled in last, as the demo plan does.

export function finish(accounts, categories, rows, schedules) {
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const transferTo = new Map(accounts.map((a) => [`Transfer : ${a.name}`, a.id]));
  const labels = new Set([...transferTo.keys()]);
  for (const r of rows) labels.add(r.payee_name);
  for (const s of schedules) labels.add(s.payee_name);
  // Every label is ASCII, so the default sort is code-point order.
  const payees = [...labels].sort().map((name, i) => ({
    id: `pay-${pad(i, 5)}`,
    name,
    transfer_account_id: transferTo.get(name) ?? null,
    deleted: false,
  }));
  const payeeId = new Map(payees.map((p) => [p.name, p.id]));
  for (const r of [...rows, ...schedules]) {
    r.account_name = accountName.get(r.account_id);
    r.payee_id = payeeId.get(r.payee_name) ?? null;
    r.category_name = r.category_id === null ? null : categoryName.get(r.category_id);
    for (const line of r.subtransactions ?? []) line.category_name = categoryName.get(line.category_id);
  }
  return payees;
}

/**
 * The heavy plan. `transactions` is the target count (about; transfers come in pairs); `schedules` the
 * number of scheduled transactions (bench/raw-plan.mjs asks for more).
 * @returns {import('../dist/demo/index.js').PlanData}
 */
export function buildHeavyPlan({
  transactions: count = 60_000,
  today = HEAVY_TODAY,
  transactionSeed = TRANSACTION_SEED,
  scheduleSeed = SCHEDULE_SEED,
  schedules: scheduleCount = 20,
} = {}) {
  const { accounts, category_groups, categories, months, budgets } = structure(today);
  const schedules = scheduled(mulberry32(scheduleSeed), categories, today, scheduleCount);
  const rows = transactions(mulberry32(transactionSeed), accounts, categories, today, count, schedules);
  const payees = finish(accounts, categories, rows, schedules);
  for (const s of schedules) delete s.merchant;
  return {
    plan: {
      id: HEAVY_PLAN_ID,
      name: 'Heavy benchmark plan',
      last_modified_on: today,
      first_month: months[0],
      last_month: months.at(-1),
    },
    accounts,
    category_groups,
    categories,
    inflow_category_id: INFLOW,
    payees,
    transactions: rows,
    scheduled_transactions: schedules,
    months,
    budgets,
  };
}
