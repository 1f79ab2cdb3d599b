/**
 * From a tool's structuredContent to what the chart draws: a title, the labels along the x axis, and
 * the series. Pure functions, one per chart (the result's `_meta` names which); the text answer
 * stays what the model reads.
 */
export interface Series {
  label: string;
  /** null: no value at that label (a marker series). */
  values: (number | null)[];
  kind: 'line' | 'bar';
  /** A dashed reference line (zero, the lowest points). */
  dashed?: boolean;
  /** Points only, no line (the lowest day of each month). */
  markers?: boolean;
}

export interface ChartData {
  title: string;
  labels: string[];
  series: Series[];
  /** Bars run horizontally (many categories read better that way). */
  horizontal?: boolean;
}

type Out = Record<string, unknown>;

const ym = (month: string): string => month.slice(0, 7);

type Day = { date: string; balance: number };

/**
 * The balance day by day (from the result's view data; month ends when a host sent none), the lowest
 * day of each month marked, zero drawn, and the first month below zero in the title.
 */
function forecast(out: Out, extra: Out | undefined): ChartData {
  const months = out.months as { month: string; end: number; lowest: number }[];
  const shortfall = out.first_shortfall as string | null;
  const title = shortfall
    ? `Balance forecast: first month below zero ${ym(shortfall)}`
    : 'Balance forecast: stays above zero';
  const daily = extra?.daily as Day[] | undefined;
  if (daily === undefined || daily.length === 0) {
    return {
      title,
      labels: months.map((m) => ym(m.month)),
      series: [
        { label: 'Balance at month end', values: months.map((m) => m.end), kind: 'line' },
        {
          label: 'Lowest point of the month',
          values: months.map((m) => m.lowest),
          kind: 'line',
          dashed: true,
        },
        { label: 'Zero', values: months.map(() => 0), kind: 'line', dashed: true },
      ],
    };
  }
  const lowestDay = new Map<string, Day>();
  for (const d of daily) {
    const seen = lowestDay.get(ym(d.date));
    if (seen === undefined || d.balance < seen.balance) lowestDay.set(ym(d.date), d);
  }
  const marked = new Set([...lowestDay.values()].map((d) => d.date));
  return {
    title,
    labels: daily.map((d) => d.date),
    series: [
      { label: 'Balance, day by day', values: daily.map((d) => d.balance), kind: 'line' },
      {
        label: 'Lowest day of the month',
        values: daily.map((d) => (marked.has(d.date) ? d.balance : null)),
        kind: 'line',
        markers: true,
      },
      { label: 'Zero', values: daily.map(() => 0), kind: 'line', dashed: true },
    ],
  };
}

/** The categories that spent most over the period (the answer lists them so; 8 lines stay readable). */
function spending(out: Out): ChartData {
  const months = out.months as { month: string; partial: boolean }[];
  const categories = out.categories as { name: string; amounts: (number | null)[]; total: number }[];
  const entries = [...categories].sort((a, b) => b.total - a.total).slice(0, 8);
  return {
    title: 'Spending by category, month by month',
    labels: months.map((m) => (m.partial ? `${ym(m.month)} (so far)` : ym(m.month))),
    series: entries.map((e) => ({
      label: e.name,
      values: months.map((_, i) => e.amounts[i] ?? 0),
      kind: 'line' as const,
    })),
  };
}

function netWorth(out: Out): ChartData {
  const months = out.months as { month: string; assets: number; debts: number; net_worth: number }[];
  return {
    title: 'Net worth: assets, debts and net',
    labels: months.map((m) => ym(m.month)),
    series: [
      { label: 'Assets', values: months.map((m) => m.assets), kind: 'bar' },
      { label: 'Debts', values: months.map((m) => m.debts), kind: 'bar' },
      { label: 'Net worth', values: months.map((m) => m.net_worth), kind: 'line' },
    ],
  };
}

/**
 * Spent against budgeted, for the categories with either (at most 12, the largest first), taken from
 * every category (the view data) rather than the page the model reads.
 */
function budgetVsActual(out: Out, extra: Out | undefined): ChartData {
  const rows = ((extra?.rows ?? out.result) as { name: string; budgeted: number; actual: number }[])
    .filter((r) => r.budgeted !== 0 || r.actual !== 0)
    .sort((a, b) => Math.max(b.budgeted, b.actual) - Math.max(a.budgeted, a.actual))
    .slice(0, 12);
  return {
    title: 'Spent against budgeted, per category',
    labels: rows.map((r) => r.name),
    horizontal: true,
    series: [
      { label: 'Budgeted', values: rows.map((r) => r.budgeted), kind: 'bar' },
      { label: 'Spent', values: rows.map((r) => r.actual), kind: 'bar' },
    ],
  };
}

const BY_CHART: Record<string, (out: Out, extra: Out | undefined) => ChartData> = {
  forecast,
  spending,
  net_worth: netWorth,
  budget_vs_actual: budgetVsActual,
};

/** The `_meta` key under which a result names its chart (the server declares it per tool). */
export const CHART_META_KEY = 'avenir-mcp/chart';

/** The chart the result's `_meta` names, or null: a view draws what it is told, never a guess. */
export function chartOf(meta: Out | undefined): string | null {
  const chart = meta?.[CHART_META_KEY];
  return typeof chart === 'string' && Object.hasOwn(BY_CHART, chart) ? chart : null;
}

/** `extra`: the figures the server sends views only (the result's `_meta` under avenir-mcp/view-data). */
export function chartData(chart: string, out: Out, extra?: Out): ChartData | null {
  const make = BY_CHART[chart];
  return make ? make(out, extra) : null;
}
