// `npm run bench -- --readme`: the README's "Performance" section, written from the figures of the run
// that just ended, so that the section never shows numbers no run produced. Everything from the
// "## Performance" heading to the next "## " heading is replaced; the rest of the README is kept.
import { readFileSync, writeFileSync } from 'node:fs';

const HEADING = '## Performance';

const kib = (bytes) => {
  if (bytes === undefined) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
};
const ms = (value) => (value === undefined ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const ratio = (a, b) => (a / b).toFixed(2);

/** The section's Markdown, from the figures `bench/run.mjs` collected. */
export function renderSection(f) {
  const rows = f.rows.map(
    (r) =>
      `| ${r.name} | ${r.requests} | ${kib(r.coldBytes)} | ${kib(r.warmBytes)} | ${ms(r.coldMs)} | ` +
      `${ms(r.warmP50)} / ${ms(r.warmP95)} | ${kib(r.answerBytes)} | ${r.rss ? r.rss.toFixed(0) : 'n/a'} |`,
  );
  const p = f.plan;
  return [
    HEADING,
    '',
    '<!-- Written by `npm run bench -- --readme` from the run it describes: edit bench/readme.mjs, not this section. -->',
    '',
    `\`npm run bench\` (not part of \`npm test\`) serves a generated heavy plan from the stand-in on`,
    `127.0.0.1 — ${p.transactions.toLocaleString('en')} transactions over ${Math.round(p.months / 12)} years and ${p.accounts} accounts, ` +
      `${p.payees.toLocaleString('en')} payees, ${p.categories} categories, ${p.months}`,
    `months, ${p.scheduled} scheduled transactions — and drives \`node dist/main.js\` (the bundled CLI) over stdio`,
    'with the official client (protocol 2026-07-28). Each tool gets a fresh server process: its first call is',
    'cold (empty caches), then one repeat at once (within the freshness window), then up to 9 warm repeats',
    'asked with `fresh: true`, served by delta sync as after the window.',
    `This run: ${f.date}, Node ${f.node.replace(/^v/, '')}, ${f.cores} cores, load average ${f.load.before} at the`,
    `start and ${f.load.after} at the end (a shared machine: under load every figure is slower; the ratios,`,
    'measured side by side in the same run, hold better).',
    '',
    '| Tool | Requests cold / in window / after | YNAB bytes cold | warm | Cold ms | Warm p50 / p95 ms | Answer | Peak RSS MiB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `- Start-up, spawn to the first \`tools/list\` answer, against a minimal SDK server (33 one-line tools)` +
      ` in the same run, alternating spawns: us p50 ${ms(f.ratio.ours)} ms, minimal ${ms(f.ratio.minimal)} ms,` +
      ` ${ratio(f.ratio.ours, f.ratio.minimal)}× (target ≤ 1.05×).`,
    `- First call in a fresh process, request sent → answer (demo plan, p50 of 5): ` +
      f.first.map(({ name, sentMs }) => `\`${name}\` ${ms(sentMs)} ms`).join(', ') +
      " (target ≤ 40 ms). The SDK's client compiles a validator for every listed tool's output schema" +
      ' before it sends its first call: its `callTool` as a whole took ' +
      f.first.map(({ name, wholeMs }) => `\`${name}\` ${ms(wholeMs)} ms`).join(', ') +
      '.',
    `- A warm \`get_monthly_summary\`, stdio against stateless HTTP. What the server costs, timed with a bare ` +
      `client (one JSON-RPC request written, its answer read; p50 of 140 alternating calls after 30, in each ` +
      `of three fresh pairs of processes, pooled): stdio ` +
      `${ms(f.http.bare.stdioMs)} ms, HTTP ${ms(f.http.bare.httpMs)} ms, ` +
      `${ratio(f.http.bare.httpMs, f.http.bare.stdioMs)}× (target ≤ 1.5×; the pairs alone ` +
      `${f.http.bare.pairs.map((r) => `${r.toFixed(2)}×`).join(', ')}). Through the SDK's own client ` +
      `(p50 of 60 after 20), which adds its fetch on HTTP: stdio ${ms(f.http.stdioMs)} ms, HTTP ` +
      `${ms(f.http.httpMs)} ms, ${ratio(f.http.httpMs, f.http.stdioMs)}×. The minimal SDK server in the same ` +
      `run (the SDK's stateless handler, a one-line tool), the floor of what HTTP adds: bare ` +
      `${ms(f.floor.bare.stdioMs)} ms and ${ms(f.floor.bare.httpMs)} ms ` +
      `(${ms(f.floor.bare.httpMs - f.floor.bare.stdioMs)} ms more; ours ` +
      `${ms(f.http.bare.httpMs - f.http.bare.stdioMs)} ms more), SDK client ${ms(f.floor.stdioMs)} ms and ` +
      `${ms(f.floor.httpMs)} ms.`,
    `- \`tools/list\` answer: ${f.toolsList.readBytes.toLocaleString('en')} bytes for the ${f.toolsList.readTools} read tools; ` +
      `${f.toolsList.allBytes.toLocaleString('en')} bytes with \`AVENIR_MCP_WRITE=1\` (${f.toolsList.allTools} tools, ` +
      `${Math.round(f.toolsList.allBytes / f.toolsList.allTools)} bytes a tool).`,
    ...(f.answers === undefined
      ? []
      : [
          `- Default answers of the read tools (the whole answer; every one is cut at 16,384 bytes): ` +
            f.answers
              .map(
                ({ label, largest, over }) =>
                  `on the ${label} the largest is \`${largest.name}\` at ${largest.answer.toLocaleString('en')} bytes` +
                  (over > 0 ? ` (${over} over)` : ''),
              )
              .join('; ') +
            '. The raw-label plan (`bench/raw-plan.mjs`) has the same rows with long bank labels and category names.',
        ]),
    `- Server peak RSS: ${f.idleRss === undefined ? 'n/a' : `${f.idleRss.toFixed(0)} MiB`} after start-up, ` +
      `${f.peakRss ? `${f.peakRss.toFixed(0)} MiB` : 'n/a'} at most over the tool runs (target ≤ 200 MB).`,
    '- Within the freshness window (`AVENIR_MCP_FRESH_SECONDS`, 10 s) a repeat costs no request. After it, a',
    '  repeat costs one delta per list, a few hundred bytes instead of megabytes; month details are kept',
    "  against the month list's knowledge, so a month tool's repeat costs that list's delta alone.",
    ...(f.conversation === undefined
      ? []
      : [
          `- A scripted conversation of ${f.conversation.calls} typical calls back to back (bench/calls.mjs): ` +
            `${f.conversation.window} YNAB requests with the window, ${f.conversation.off} with ` +
            '`AVENIR_MCP_FRESH_SECONDS=0`.',
        ]),
    "- The figures are printed, never asserted; one process per tool keeps each run within the server's",
    '  own 180-requests-per-hour budget.',
    '- Hosted mode with several instances, under load and with one killed in the middle, is measured by',
    '  `npm run bench:hosted`: see the next section.',
    '',
  ].join('\n');
}

/** Replaces the README's performance section with the one rendered from `figures`. */
export function writeReadmeSection(path, figures) {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(`\n${HEADING}\n`);
  if (start === -1) throw new Error(`${path} has no "${HEADING}" section to replace.`);
  const next = text.indexOf('\n## ', start + HEADING.length + 2);
  const end = next === -1 ? text.length : next + 1;
  writeFileSync(path, `${text.slice(0, start + 1)}${renderSection(figures)}\n${text.slice(end)}`);
}
