/**
 * From a tool's structuredContent to what the chart draws: a title, the labels along the x axis, and
 * the series. Pure functions, one per chart (the result's `_meta` names which); the text answer
 * stays what the model reads.
 */
import { month as monthText, period, type Formats } from './format.js';

export interface Series {
  label: string;
  /** null: no value at that label (a marker series). */
  values: (number | null)[];
  kind: 'line' | 'bar';
  /** A dashed reference line (zero, the lowest points). */
  dashed?: boolean;
  /** Points only, no line (the lowest day of each month). */
  markers?: boolean;
  /** Per label: the value is over its limit (spent beyond what was budgeted), drawn in the warning colour. */
  over?: boolean[];
  /** The series' place in the palette, when not its own order. */
  color?: number;
}

export interface ChartData {
  title: string;
  labels: string[];
  series: Series[];
  /** Bars run horizontally (many categories read better that way). */
  horizontal?: boolean;
  /** The index of the first label of a month still running (drawn dashed or hatched); null: none. */
  partialFrom: number | null;
  /** What the chart holds nothing of, said to the person instead of an empty chart; null: a chart. */
  empty: string | null;
  /** A line under the title (what is marked, what averages leave out); null: none. */
  note: string | null;
}

type Out = Record<string, unknown>;

const PLAIN: Formats = { currency: null, date_format: null, locale: null };

const ym = (month: string): string => month.slice(0, 7);

type Day = { date: string; balance: number };

const base = { partialFrom: null, empty: null, note: null } as const;

/**
 * The balance day by day (from the result's view data; month ends when a host sent none), the lowest
 * day of each month marked, zero drawn, and the first month below zero in the title.
 */
function forecast(out: Out, extra: Out | undefined, f: Formats): ChartData {
  const months = (out.months ?? []) as { month: string; end: number; lowest: number }[];
  const shortfall = out.first_shortfall as string | null;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const span = first === undefined || last === undefined ? '' : `, ${period(first, last, f)}`;
  const title = shortfall
    ? `Balance forecast${span}: first month below zero ${monthText(shortfall, f, 'long')}`
    : `Balance forecast${span}: stays above zero`;
  if (months.length === 0)
    return { ...base, title, labels: [], series: [], empty: 'No month to forecast: the answer holds none.' };
  const daily = extra?.daily as Day[] | undefined;
  if (daily === undefined || daily.length === 0) {
    // one month: bars, a line needs two points
    const kind = months.length === 1 ? 'bar' : 'line';
    return {
      ...base,
      title,
      labels: months.map((m) => monthText(m.month, f)),
      series: [
        { label: 'Balance at month end', values: months.map((m) => m.end), kind },
        {
          label: 'Lowest point of the month',
          values: months.map((m) => m.lowest),
          kind,
          dashed: kind === 'line',
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
    ...base,
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

/**
 * The categories that spent most over the period (the answer lists them so; 8 lines stay readable).
 * The month still running is drawn dashed (its amounts are totals to today, not a drop), and the
 * averages in the legend are the answer's own, which leave it out. One month: bars.
 */
function spending(out: Out, _extra: Out | undefined, f: Formats): ChartData {
  const months = (out.months ?? []) as { month: string; partial: boolean }[];
  const categories = (out.categories ?? []) as {
    name: string;
    amounts: (number | null)[];
    total: number;
    average?: number | null;
  }[];
  const entries = [...categories].sort((a, b) => b.total - a.total).slice(0, 8);
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const span = first === undefined || last === undefined ? '' : `, ${period(first, last, f)}`;
  const title = `Spending by category${span}`;
  const partial = months.findIndex((m) => m.partial);
  const labels = months.map((m) => (m.partial ? `${monthText(m.month, f)} (so far)` : monthText(m.month, f)));
  const empty =
    months.length === 0
      ? 'No month to show: YNAB lists none in this period.'
      : entries.length === 0 || entries.every((e) => e.total === 0)
        ? `Nothing spent${span}: no category to draw.`
        : null;
  const kind = months.length === 1 ? 'bar' : 'line';
  return {
    title,
    labels,
    partialFrom: partial === -1 ? null : partial,
    empty,
    note:
      partial === -1 || months.length === 1
        ? null
        : 'The month still running is dashed: its amounts are totals to today. Averages leave it out.',
    series: entries.map((e) => ({
      label: e.name,
      values: months.map((_, i) => e.amounts[i] ?? 0),
      kind,
    })),
  };
}

function netWorth(out: Out, _extra: Out | undefined, f: Formats): ChartData {
  const months = (out.months ?? []) as { month: string; assets: number; debts: number; net_worth: number }[];
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const span = first === undefined || last === undefined ? '' : `, ${period(first, last, f)}`;
  return {
    ...base,
    title: `Net worth${span}: assets, debts and net`,
    labels: months.map((m) => monthText(m.month, f)),
    empty: months.length === 0 ? 'No month to show: YNAB lists none in this period.' : null,
    series: [
      { label: 'Assets', values: months.map((m) => m.assets), kind: 'bar' },
      { label: 'Debts', values: months.map((m) => m.debts), kind: 'bar' },
      {
        label: 'Net worth',
        values: months.map((m) => m.net_worth),
        kind: months.length === 1 ? 'bar' : 'line',
      },
    ],
  };
}

/**
 * Spent against budgeted, for the categories with either (at most 12, the largest first), taken from
 * every category (the view data) rather than the page the model reads. A category that spent more
 * than it was budgeted is marked overspent.
 */
function budgetVsActual(out: Out, extra: Out | undefined, f: Formats): ChartData {
  const rows = ((extra?.rows ?? out.result ?? []) as { name: string; budgeted: number; actual: number }[])
    .filter((r) => r.budgeted !== 0 || r.actual !== 0)
    .sort((a, b) => Math.max(b.budgeted, b.actual) - Math.max(a.budgeted, a.actual))
    .slice(0, 12);
  const month = typeof extra?.month === 'string' ? extra.month : null;
  const when = month === null ? '' : `, ${monthText(month, f, 'long')}`;
  const over = rows.map((r) => r.actual > r.budgeted);
  const count = over.filter(Boolean).length;
  return {
    ...base,
    title: `Spent against budgeted${when}`,
    labels: rows.map((r) => r.name),
    horizontal: true,
    empty: rows.length === 0 ? `Nothing budgeted or spent${when}: no category to draw.` : null,
    note:
      count === 0
        ? null
        : `${count} ${count === 1 ? 'category' : 'categories'} overspent (spent more than budgeted): marked ⚠ and in red.`,
    series: [
      { label: 'Budgeted', values: rows.map((r) => r.budgeted), kind: 'bar' },
      // green, far from the red of the overspent
      { label: 'Spent', values: rows.map((r) => r.actual), kind: 'bar', over, color: 2 },
    ],
  };
}

const BY_CHART: Record<string, (out: Out, extra: Out | undefined, f: Formats) => ChartData> = {
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
export function chartData(chart: string, out: Out, extra?: Out, formats: Formats = PLAIN): ChartData | null {
  const make = BY_CHART[chart];
  return make ? make(out, extra, formats) : null;
}
