/**
 * The chart view of forecast_balance, get_spending_trends, get_net_worth_trend and
 * get_budget_vs_actual: Chart.js (bundled into the page, no network) drawn from the result's
 * structuredContent, in the host's colours, within 500 px of height.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartDataset,
} from 'chart.js';
import type { App } from '@modelcontextprotocol/ext-apps';
import { chartData, chartOf, type ChartData } from './chart-data.js';
import { date, formatsOf, money, type Formats } from './format.js';
import { connectView, el, setState, type ToolResult } from './view-kit.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
);

/** Colours that read on light and dark backgrounds alike. */
const PALETTE = ['#2f7de1', '#e4572e', '#1f9d6b', '#a259d9', '#f0a202', '#00a6a6', '#d6336c', '#6c757d'];

const root = document.getElementById('root') as HTMLElement;
let chart: Chart | null = null;

/**
 * One of the view's own colours (view.css): the host's variable when it sent one, else the view's
 * light or dark palette. Never a fixed colour, which would be unreadable on one of the two.
 */
const cssVar = (name: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Diagonal stripes in `color`: a bar of the month still running, a partial figure. */
function hatch(color: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const g = tile.getContext('2d');
  if (g === null) return `${color}66`;
  g.strokeStyle = color;
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(0, 8);
  g.lineTo(8, 0);
  g.stroke();
  return g.createPattern(tile, 'repeat') ?? `${color}66`;
}

/** A name cut to what fits the width, whole in the tooltip. */
const cut = (name: string, width: number): string => {
  const max = width < 560 ? 16 : 28;
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
};

function datasets(data: ChartData): ChartDataset<'bar' | 'line', (number | null)[]>[] {
  const danger = cssVar('--bad');
  const partial = data.partialFrom;
  return data.series.map((s, i) => {
    const color =
      s.label === 'Zero' ? cssVar('--muted') : (PALETTE[(s.color ?? i) % PALETTE.length] ?? '#888');
    const fill = s.kind === 'bar' ? `${color}cc` : color;
    const bars = s.values.map((_, j) =>
      s.over?.[j] ? danger : partial !== null && j >= partial && s.kind === 'bar' ? hatch(color) : fill,
    );
    return {
      type: s.kind,
      label: s.label,
      data: s.values,
      borderColor: s.over ? s.values.map((_, j) => (s.over?.[j] ? danger : color)) : color,
      backgroundColor: s.kind === 'bar' ? bars : color,
      borderWidth: s.kind === 'line' ? 2 : s.over || partial !== null ? 1 : 0,
      pointRadius: s.markers ? 5 : s.kind === 'line' && !s.dashed && data.labels.length <= 60 ? 2 : 0,
      ...(s.markers ? { showLine: false } : {}),
      ...(s.dashed ? { borderDash: [6, 4] } : {}),
      // the segment into the month still running is dashed: a total to today, not a drop
      ...(s.kind === 'line' && partial !== null
        ? {
            segment: {
              borderDash: (ctx: { p1DataIndex: number }) => (ctx.p1DataIndex >= partial ? [6, 4] : undefined),
            },
          }
        : {}),
    };
  });
}

/**
 * The chart's figures as a table, for screen readers (a canvas is a picture to them): every name in
 * full, every amount as the plan writes it, overspent said in words. Hidden from sight.
 */
function figures(data: ChartData, f: Formats, daily: boolean): HTMLElement {
  // a table takes the width of its content: the box around it is what is hidden
  const hidden = el('div', '', 'sr-only');
  const table = el('table');
  table.id = 'figures';
  hidden.append(table);
  table.append(el('caption', data.title));
  const head = el('tr');
  head.append(el('th', daily ? 'Day' : ''), ...data.series.map((s) => el('th', s.label)));
  table.append(head);
  data.labels.forEach((label, j) => {
    const row = el('tr');
    row.append(el('th', daily ? date(label, f) : label));
    for (const s of data.series) {
      const v = s.values[j];
      row.append(
        el('td', v === null || v === undefined ? '' : `${money(v, f)}${s.over?.[j] ? ' (overspent)' : ''}`),
      );
    }
    table.append(row);
  });
  return hidden;
}

function draw(data: ChartData, f: Formats, daily: boolean): void {
  const text = cssVar('--fg');
  const grid = cssVar('--line');
  const head = el('h1', data.title);
  head.id = 'chart-title';
  const parts: HTMLElement[] = [head];
  if (data.note !== null) parts.push(el('p', data.note, 'note'));
  // what was drawn, for people reading the page's source and for the browser tests
  root.dataset.series = data.series.map((s) => s.label).join('|');
  root.dataset.points = String(data.labels.length);
  chart?.destroy();
  chart = null;
  if (data.empty !== null) {
    root.replaceChildren(...parts, el('p', data.empty, 'empty'));
    return;
  }
  const canvas = el('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-labelledby', 'chart-title');
  const box = el('div', '', 'chart');
  box.append(canvas);
  root.replaceChildren(...parts, box, figures(data, f, daily));
  root.dataset.textColor = text;
  const value = data.horizontal ? 'x' : 'y';
  const category = data.horizontal ? 'y' : 'x';
  const amount = (v: number | string) => money(Number(v), f, 0);
  chart = new Chart(canvas, {
    type: 'bar',
    data: { labels: data.labels, datasets: datasets(data) },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: data.horizontal ? 'y' : 'x',
      color: text,
      scales: {
        [value]: { ticks: { color: text, callback: amount }, grid: { color: grid } },
        [category]: {
          ticks: {
            color: text,
            autoSkip: true,
            // days read flat, a few of them, rather than a slanted crowd
            ...(daily ? { maxRotation: 0, autoSkipPadding: 16 } : {}),
            callback(this: { getLabelForValue(v: number): string }, v: number | string) {
              const label = this.getLabelForValue(Number(v));
              if (daily) return date(label, f);
              // overspent is said in the name too, not in colour alone
              const over = data.series.some((s) => s.over?.[Number(v)] === true);
              return `${over ? '⚠ ' : ''}${cut(label, root.clientWidth)}`;
            },
          },
          grid: { color: grid },
        },
      },
      plugins: {
        legend: {
          labels: {
            color: text,
            // a long name cut in the legend too, whole in the tooltip and the table of figures
            generateLabels: (c) =>
              Chart.defaults.plugins.legend.labels
                .generateLabels(c)
                .map((item) => ({ ...item, text: cut(item.text, root.clientWidth) })),
          },
        },
        tooltip: {
          callbacks: {
            // the whole name (the axis may cut it) and the amount as the plan writes it
            title: (items) => {
              const label = items[0]?.label ?? '';
              return daily ? date(label, f) : label;
            },
            label: (item) =>
              `${item.dataset.label ?? ''}: ${money(Number(item.raw), f)}${
                data.series[item.datasetIndex]?.over?.[item.dataIndex] ? ' (overspent)' : ''
              }`,
          },
        },
      },
    },
  });
  // the axes as drawn, for the browser tests (the canvas itself holds no text to read)
  root.dataset.valueTicks = chart.scales[value]?.ticks.map((t) => String(t.label)).join('|') ?? '';
  root.dataset.categoryTicks = chart.scales[category]?.ticks.map((t) => String(t.label)).join('|') ?? '';
  root.dataset.kinds = data.series.map((s) => s.kind).join('|');
  root.dataset.legend = chart.legend?.legendItems?.map((i) => i.text).join('|') ?? '';
  root.dataset.partial = String(data.partialFrom);
}

function onResult(result: ToolResult, app: App): void {
  const out = result.structuredContent as Record<string, unknown> | undefined;
  if (result.isError || !out) {
    root.replaceChildren(el('p', 'Nothing to draw: the answer holds no figures.', 'outcome error'));
    return setState('error');
  }
  const meta = result._meta as Record<string, unknown> | undefined;
  const which = chartOf(meta);
  const extra = meta?.['avenir-mcp/view-data'] as Record<string, unknown> | undefined;
  const f = formatsOf(meta, app.getHostContext()?.locale);
  const data = which === null ? null : chartData(which, out, extra, f);
  if (data === null) {
    root.replaceChildren(el('p', 'Nothing to draw for this answer.', 'outcome error'));
    return setState('error');
  }
  const daily = which === 'forecast' && Array.isArray(extra?.daily) && extra.daily.length > 0;
  draw(data, f, daily);
  setState(data.empty === null ? 'drawn' : 'empty');
}

setState('loading');
void connectView('avenir-mcp chart', onResult);
