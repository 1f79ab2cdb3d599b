// The benchmark's second heavy plan: the heavy plan's transactions (bench/heavy-plan.mjs, its own
// seeds) relabelled the way a real bank exports them. The heavy plan's short tidy names ("MERCHANT
// 042", "Food 03") keep every answer small; a real plan's do not, and an answer's size is what this
// plan is for. Here:
// - about 800 payees, raw card labels of 30 to 60 characters: a processor prefix ("SQ *", "TST* ",
//   "PAYPAL *"), the merchant, a store number, a city and a state or a reference number, a merchant
//   seen under up to five labels (its stores);
// - 105 categories, some with long names, some names repeated across groups ("Subscriptions");
// - 35 scheduled transactions, some with a memo;
// - a monthly target on most categories, long memos on a fifth of the purchases, and about 1 % more split transactions, of two to four lines with memos.
// Seeded like the heavy plan: the same seeds give the same plan, byte for byte.
import { HEAVY_TODAY, buildHeavyPlan, finish, mulberry32, pad, pick } from './heavy-plan.mjs';

export const RAW_PLAN_ID = 'raw-plan';
export const RAW_TODAY = HEAVY_TODAY;
export const RAW_TRANSACTION_SEED = 20261206;
export const RAW_SCHEDULE_SEED = 4217;
/** The seed of the labels, memos and splits laid over the heavy plan's rows. */
export const LABEL_SEED = 8803;

// ---------------------------------------------------------------------------------------------------
// Categories: the heavy plan's ten groups of ten, renamed, and a group of five more.

const GROUP_NAMES = [
  'Housing & home maintenance',
  'Utilities',
  'Food & dining',
  'Transportation',
  'Health & medical',
  'Fun',
  'Shopping',
  'Kids & family obligations',
  'Savings goals (long term)',
  'Irregular & miscellaneous',
];
/** Ten names a group; "Subscriptions", "Insurance", "Gifts" and others come back in several groups. */
const CATEGORY_NAMES = [
  [
    'Mortgage / rent',
    'HOA dues',
    'Property tax escrow shortfall',
    'Home insurance',
    'Repairs & maintenance',
    'Furniture',
    'Cleaning supplies',
    'Lawn & garden',
    'Subscriptions',
    'Miscellaneous',
  ],
  [
    'Electricity',
    'Natural gas',
    'Water & sewer',
    'Trash pickup',
    'Internet',
    'Mobile phones (family plan, 4 lines)',
    'Streaming',
    'Subscriptions',
    'Insurance',
    'Miscellaneous',
  ],
  [
    'Groceries',
    'Restaurants',
    'Coffee shops',
    'Take-out & delivery',
    'Work lunches',
    'Alcohol',
    'Snacks',
    'Farmers market',
    'Subscriptions',
    'Miscellaneous',
  ],
  [
    'Fuel',
    'Parking & tolls',
    'Public transit',
    'Rideshare',
    'Car maintenance & repairs (incl. tires)',
    'Car insurance',
    'Registration & DMV fees',
    'Car wash',
    'Insurance',
    'Miscellaneous',
  ],
  [
    'Doctor copays',
    'Dental',
    'Vision & glasses',
    'Pharmacy',
    'Therapy',
    'Gym membership',
    'Health insurance premiums (not deducted)',
    'Supplements',
    'Insurance',
    'Miscellaneous',
  ],
  [
    'Movies & events',
    'Hobbies',
    'Books',
    'Games',
    'Concerts',
    'Sports',
    'Vacation spending money (flights booked separately)',
    'Subscriptions',
    'Gifts',
    'Miscellaneous',
  ],
  [
    'Clothing',
    'Shoes',
    'Electronics',
    'Household goods',
    'Personal care',
    'Hair',
    'Amazon purchases (sort later)',
    'Gifts',
    'Subscriptions',
    'Miscellaneous',
  ],
  [
    'Childcare',
    'School tuition & fees',
    'School supplies',
    'Kids activities',
    'Allowance',
    'Babysitting',
    'Pets',
    'Vet bills',
    'Gifts',
    'Miscellaneous',
  ],
  [
    'Emergency fund',
    'Next car',
    'Vacation fund',
    'Christmas',
    'Home down payment fund',
    'Wedding',
    'Retirement top-up (beyond 401k match)',
    'Education',
    'Gifts',
    'Miscellaneous',
  ],
  [
    'Annual fees',
    'Charity',
    'Bank fees',
    'Taxes owed',
    'Postage',
    'Professional dues',
    'Software licenses',
    'Stuff I forgot to budget for',
    'Subscriptions',
    'Miscellaneous',
  ],
];
const EXTRA_GROUP = { id: 'grp-11', name: 'Side business — reimbursable expenses (claim monthly)' };
const EXTRA_CATEGORIES = [
  'Client meals',
  'Mileage',
  'Co-working space',
  'Software & SaaS tools',
  'Subscriptions',
];

function renameCategories(plan) {
  for (const group of plan.category_groups) {
    const g = Number(group.id.slice(4));
    if (g >= 1 && g <= 10) group.name = GROUP_NAMES[g - 1];
  }
  plan.category_groups.push({ ...EXTRA_GROUP, hidden: false, deleted: false });
  // a monthly need like the heavy plan's first category's, on two categories in three
  const need = plan.categories.find((c) => c.id === 'cat-001').target;
  for (const category of plan.categories) {
    if (category.id === plan.inflow_category_id) continue;
    const n = Number(category.id.slice(4)) - 1;
    category.name = CATEGORY_NAMES[Math.floor(n / 10)][n % 10];
    if (category.target === null && n % 3 !== 2)
      category.target = { ...need, goal_target: (60 + n * 3) * 1000 };
  }
  EXTRA_CATEGORIES.forEach((name, i) => {
    const id = `cat-${pad(101 + i, 3)}`;
    plan.categories.push({
      id,
      name,
      category_group_id: EXTRA_GROUP.id,
      hidden: false,
      deleted: false,
      note: null,
      target: null,
    });
    for (const month of plan.months) plan.budgets[month][id] = 75_000;
  });
}

// ---------------------------------------------------------------------------------------------------
// Labels: each "MERCHANT nnn" of the heavy plan becomes a raw bank label, one of its stores'.

const PROCESSORS = [
  'SQ *',
  'TST* ',
  'PAYPAL *',
  'SP * ',
  'PY *',
  'DD *',
  'POS DEBIT ',
  'CHECKCARD ',
  'ACH DEBIT ',
  '',
];
const FIRST = [
  'BLUE BOTTLE',
  'GREEN LEAF',
  'SUNSET',
  'HARBOR',
  'MAPLE',
  'GOLDEN GATE',
  'RED ROCK',
  'NORTHSIDE',
  'SILVER LAKE',
  'OLD TOWN',
  'PACIFIC',
  'MOUNTAIN VIEW',
  'RIVERSIDE',
  'LUCKY',
  'BRIGHT STAR',
  'CORNER',
  'URBAN',
  'CEDAR',
  'IRON HORSE',
  'BAYSHORE',
];
const SECOND = [
  'COFFEE',
  'MARKET',
  'PHARMACY',
  'HARDWARE',
  'DELI',
  'FUEL',
  'BAKERY',
  'GRILL',
  'OUTFITTERS',
  'TACOS',
  'BOOKS',
  'PET SUPPLY',
  'CLEANERS',
  'WINE & SPIRITS',
  'AUTO SERVICE',
  'FITNESS',
  'NAILS',
  'ELECTRONICS',
];
const PLACES = [
  ['SAN FRANCISCO', 'CA'],
  ['OAKLAND', 'CA'],
  ['LOS ANGELES', 'CA'],
  ['SEATTLE', 'WA'],
  ['PORTLAND', 'OR'],
  ['AUSTIN', 'TX'],
  ['BROOKLYN', 'NY'],
  ['CHICAGO', 'IL'],
  ['DENVER', 'CO'],
  ['SALT LAKE CTY', 'UT'],
  ['MINNEAPOLIS', 'MN'],
  ['ATLANTA', 'GA'],
];

/** One store's label, 30 to 60 characters: cut at 60, padded with a reference number below 30. */
function storeLabel(random, processor, merchant) {
  const [city, state] = pick(random, PLACES);
  const tail =
    random() < 0.7
      ? ` ${Math.floor(random() * 9000) + 1000} ${city} ${state}`
      : ` REF ${Math.floor(random() * 9e9) + 1e9} ${state}`;
  let text = `${processor}${merchant}${tail}`;
  if (text.length < 30) text = `${text} ${city}`;
  return text.slice(0, 60).trimEnd();
}

/** The stores of the merchants numbered 1 to `count`: one to five labels each. */
function merchantLabels(random, count) {
  const stores = new Map();
  for (let n = 1; n <= count; n++) {
    const processor = pick(random, PROCESSORS);
    const merchant = `${pick(random, FIRST)} ${pick(random, SECOND)}`;
    const many = 1 + Math.floor(random() * 4.3);
    stores.set(
      n,
      Array.from({ length: many }, () => storeLabel(random, processor, merchant)),
    );
  }
  return stores;
}

/** The heavy plan's other labels, as a US bank writes them. */
const OTHER_LABELS = {
  'VIR ACME EMPLOYER SALAIRE': 'ACH DEPOSIT ACME CORP PAYROLL PPD ID 9123456780',
  'INTERETS CREDITEURS': 'INTEREST PAYMENT SAVINGS ACCT XXXX4821 PERIOD END',
  'Interest charge': 'INTEREST CHARGED ON PURCHASES (STANDARD APR)',
};

const MERCHANT = /MERCHANT (\d{3})/;

// ---------------------------------------------------------------------------------------------------
// Memos and splits.

const MEMOS = [
  'Reimbursable: team lunch with client, receipt filed under Q3 expenses',
  'Split with roommate, they owe me half (Venmo requested)',
  'Birthday present for mom, wrapped at the store, card included',
  'Returned one item, refund should post within 5-7 business days',
  'Price matched at checkout, ask for the difference if it does not show',
  'Annual renewal: check for a price increase before the next one',
  'Paid for the neighbours too, they pay me back at the end of month',
];
const LINE_MEMOS = [
  'groceries part',
  'household part',
  'gift, see note',
  'reimbursable',
  'kids',
  'pharmacy part',
];

function splitLines(random, row, categoryIds) {
  const parts = 2 + Math.floor(random() * 3);
  const lines = [];
  let left = row.amount;
  for (let i = 0; i < parts; i++) {
    const amount = i === parts - 1 ? left : Math.round(row.amount / parts / 10) * 10;
    left -= amount;
    lines.push({
      id: `${row.id}-${i}`,
      transaction_id: row.id,
      amount,
      memo: random() < 0.6 ? pick(random, LINE_MEMOS) : null,
      payee_id: null,
      payee_name: null,
      category_id: i === 0 ? row.category_id : pick(random, categoryIds),
      category_name: null,
      transfer_account_id: null,
      deleted: false,
    });
  }
  return lines;
}

function relabel(plan, random) {
  const stores = merchantLabels(random, 300 + plan.scheduled_transactions.length);
  const categoryIds = plan.categories.filter((c) => c.id !== plan.inflow_category_id).map((c) => c.id);
  /** The label of merchant `n` (null: not a merchant's row); a schedule's merchant has one store. */
  const merchantLabel = (n) => {
    const labels = stores.get(n);
    return n <= 300 ? pick(random, labels) : labels[0];
  };
  const numberOf = (name) => {
    const n = MERCHANT.exec(name)?.[1];
    return n === undefined ? null : Number(n);
  };
  for (const row of plan.transactions) {
    const n = numberOf(row.payee_name);
    if (n === null) {
      row.payee_name = OTHER_LABELS[row.payee_name] ?? row.payee_name;
      continue;
    }
    row.payee_name = merchantLabel(n);
    if (row.memo === null && random() < 0.2) row.memo = pick(random, MEMOS);
    if (row.category_id !== null && row.subtransactions === undefined && random() < 0.012) {
      row.subtransactions = splitLines(random, row, categoryIds);
      row.category_id = null;
    }
  }
  plan.scheduled_transactions.forEach((s, k) => {
    s.payee_name = merchantLabel(numberOf(s.payee_name));
    if (k % 4 === 1) s.memo = pick(random, MEMOS);
  });
}

/**
 * The raw-labelled plan. `transactions` is the target count (about; transfers come in pairs).
 * @returns {import('../dist/demo/index.js').PlanData}
 */
export function buildRawPlan({
  transactions = 60_000,
  today = RAW_TODAY,
  transactionSeed = RAW_TRANSACTION_SEED,
  scheduleSeed = RAW_SCHEDULE_SEED,
  labelSeed = LABEL_SEED,
} = {}) {
  const plan = buildHeavyPlan({ transactions, today, transactionSeed, scheduleSeed, schedules: 35 });
  plan.plan = { ...plan.plan, id: RAW_PLAN_ID, name: 'Raw labels benchmark plan' };
  renameCategories(plan);
  relabel(plan, mulberry32(labelSeed));
  plan.payees = finish(plan.accounts, plan.categories, plan.transactions, plan.scheduled_transactions);
  return plan;
}
