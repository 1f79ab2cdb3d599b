// What the hosted bench (bench/hosted.mjs) checks and measures after a run: latency percentiles, each
// person's YNAB requests per sliding hour as the stand-in counted them, and each person's journal
// against what the stand-in holds: no confirmed write lost or doubled, every write the stand-in shows
// journaled, every journaled write shown as the journal says (undone or not).

const HOUR_MS = 3_600_000;

/** The value below which `q` of the sorted samples fall (nearest rank). */
export function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** The most requests of one person in any hour, from the times the stand-in read them. */
export function maxPerSlidingHour(times) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= HOUR_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Per person: the most YNAB API requests (OAuth routes aside) in any hour. */
export function ynabPerHour(standIn) {
  const times = new Map();
  for (const r of standIn.requests) {
    if (r.person === null || r.path.startsWith('/oauth/')) continue;
    times.set(r.person, [...(times.get(r.person) ?? []), r.at]);
  }
  const per = [...times.values()].map(maxPerSlidingHour);
  return { max: Math.max(0, ...per), total: per.reduce((a, b) => a + b, 0) };
}

/**
 * One person's outcome: the problems found (none when all is well), and of the writes whose answer the
 * kill lost, how many YNAB shows (`landed`: the checks below then require them journaled as YNAB holds
 * them) and how many it does not. `result` is what their client saw, `journal` and `pending` their rows
 * in the store, the stand-in what YNAB holds.
 */
export function outcomeOf(p, result, { journal, undone, pending }, standIn, run) {
  const problems = [];
  const memo = `bench ${run} ${p.name}`;
  const transactions = standIn.stateOf(p.name).transactions;
  const live = (id) => transactions.some((t) => t.id === id && !t.deleted);
  const posts = standIn.writes.filter(
    (w) => w.person === p.name && w.method === 'POST' && JSON.stringify(w.body).includes(memo),
  );
  if (posts.length > 1) problems.push(`its create was applied ${posts.length} times`);
  for (const [label, op] of Object.entries(result.applied))
    if (!journal.some((e) => e.operation_id === op.operation_id))
      problems.push(`${label} ${op.operation_id} was applied but is not in the journal`);

  const created = new Set();
  for (const e of journal) {
    const isUndone = undone.has(e.operation_id);
    if (e.kind === 'create') {
      for (const id of e.details.transaction_ids) {
        created.add(id);
        if (live(id) === isUndone)
          problems.push(
            `create ${e.operation_id}: ${id} is ${live(id) ? 'at' : 'not at'} YNAB, journaled ${isUndone ? 'undone' : 'applied'}`,
          );
      }
    } else if (e.kind === 'flag') {
      for (const change of e.details.changes) {
        const now = transactions.find((t) => t.id === change.transaction_id)?.flag_color ?? null;
        const want = isUndone ? change.from : change.to;
        if (now !== want)
          problems.push(`flag ${e.operation_id}: ${change.transaction_id} is ${now}, journal says ${want}`);
      }
    } else problems.push(`unexpected journal kind ${e.kind}`);
  }
  for (const t of transactions.filter((x) => x.memo === memo && !created.has(x.id)))
    problems.push(`${t.id} (its create) is at YNAB but in no journal entry`);
  const flag = transactions.find((t) => t.id === p.flagTx)?.flag_color ?? null;
  if (!journal.some((e) => e.kind === 'flag') && flag !== null)
    problems.push(`${p.flagTx} is flagged ${flag} at YNAB, and no journal entry says so`);
  // a pending entry left after the settling pass must be of a write YNAB does not show (it closes as
  // not applied once its pending time is over); one YNAB shows would have been caught above
  if (pending.length > result.unknown.length)
    problems.push(`${pending.length} pending entries for ${result.unknown.length} writes of unknown outcome`);
  const flagSent = standIn.writes.some(
    (w) => w.person === p.name && w.method === 'PATCH' && JSON.stringify(w.body).includes(`"${p.flagTx}"`),
  );
  const landed = result.unknown.filter((u) =>
    u.label === 'create' ? posts.length === 1 : u.label === 'flag' ? flagSent : undone.has(u.operation),
  ).length;
  return { problems, landed, notLanded: result.unknown.length - landed };
}
