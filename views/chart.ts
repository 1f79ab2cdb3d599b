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
import { chartData, chartOf, type ChartData } from './chart-data.js';
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

const cssVar = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

function datasets(data: ChartData): ChartDataset<'bar' | 'line', (number | null)[]>[] {
  return data.series.map((s, i) => {
    const color =
      s.label === 'Zero' ? cssVar('--color-text-secondary', '#888') : (PALETTE[i % PALETTE.length] ?? '#888');
    return {
      type: s.kind,
      label: s.label,
      data: s.values,
      borderColor: color,
      backgroundColor: s.kind === 'bar' ? `${color}cc` : color,
      borderWidth: s.kind === 'line' ? 2 : 0,
      pointRadius: s.markers ? 5 : s.kind === 'line' && !s.dashed && data.labels.length <= 60 ? 2 : 0,
      ...(s.markers ? { showLine: false } : {}),
      ...(s.dashed ? { borderDash: [6, 4] } : {}),
    };
  });
}

function draw(data: ChartData): void {
  const text = cssVar('--color-text-primary', '#222');
  const grid = cssVar('--color-border-secondary', 'rgba(128,128,128,0.25)');
  const canvas = el('canvas');
  const box = el('div', '', 'chart');
  box.append(canvas);
  root.replaceChildren(el('h1', data.title), box);
  // what was drawn, for people reading the page's source and for the browser tests
  root.dataset.series = data.series.map((s) => s.label).join('|');
  root.dataset.points = String(data.labels.length);
  chart?.destroy();
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
        x: { ticks: { color: text }, grid: { color: grid } },
        y: { ticks: { color: text }, grid: { color: grid } },
      },
      plugins: { legend: { labels: { color: text } } },
    },
  });
}

function onResult(result: ToolResult): void {
  const out = result.structuredContent as Record<string, unknown> | undefined;
  if (result.isError || !out) {
    root.replaceChildren(el('p', 'Nothing to draw: the answer holds no figures.', 'outcome error'));
    return setState('error');
  }
  const meta = result._meta as Record<string, unknown> | undefined;
  const chart = chartOf(meta);
  const extra = meta?.['avenir-mcp/view-data'];
  const data = chart === null ? null : chartData(chart, out, extra as Record<string, unknown> | undefined);
  if (data === null) {
    root.replaceChildren(el('p', 'Nothing to draw for this answer.', 'outcome error'));
    return setState('error');
  }
  draw(data);
  setState('drawn');
}

setState('loading');
void connectView('avenir-mcp chart', (result) => onResult(result));
