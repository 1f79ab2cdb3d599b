/** What tools, resources and the server need, built once per process. */
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import { forwardingLog } from './client-log.js';
import type { Log } from './log.js';
import { YnabHttp, type AnswerTimer, type HttpOptions } from './ynab/client.js';
import { YnabClient } from './ynab/api.js';
import { Pacer, type Pacing } from './ynab/pace.js';
import { ApprovalStore, type Approvals } from './safety/approvals.js';
import { CodeStore, type Codes } from './safety/codes.js';
import { Journal, type JournalStore } from './safety/journal.js';
import { PendingStore, type Pending } from './safety/pending.js';
import type { RulesStore } from './safety/rules-book.js';
import { RulesFile } from './safety/rules-file.js';
import { FileMarks, marksPath, type MarkStore } from './safety/marks.js';

export interface Deps {
  ynab: YnabClient;
  config: Config;
  clock: Clock;
  log: Log;
  pacer: Pacing;
  /**
   * Confirmation codes and used answer nonces (process memory, shared by every session: the HTTP token
   * is the boundary; in hosted mode, the store).
   */
  codes: Codes;
  /** Changes waiting for the user's answer in an MCP Apps card (process memory, like the codes). */
  approvals: Approvals;
  journal: JournalStore;
  /** Confirmed writes announced before their first request, and those whose outcome is not known. */
  pending: Pending;
  /** The household's rules, per plan: a file beside the journal, or the store in hosted mode. */
  rules: RulesStore;
  /** Where get_changes' mark of each plan is kept (beside the journal; in hosted mode, the store). */
  marks: MarkStore;
  /** Waits between the reads that settle a lost answer (tests may make it instant). */
  sleep: (ms: number) => Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  /** The machine's time, for the system clock (tests fix it to see "today" in a zone). */
  instant?: () => Date;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a YNAB request may take (tests of a timeout). */
  timeoutMs?: number;
  /** Arms that wait (tests of a late answer end it when the stand-in holds the request). */
  answerTimer?: AnswerTimer;
  /** Builds the YNAB HTTP client (hosted mode: one that speaks with a person's own token). */
  http?: (options: HttpOptions) => YnabHttp;
  /**
   * Where the safety state lives (hosted mode: the store, shared by every instance); by default the
   * files and process memory of a single owner.
   */
  safety?: (clock: Clock) => Safety;
  /** Where the household's rules live (hosted mode: the store); by default a file beside the journal. */
  rules?: () => RulesStore;
  /** Told after each write request to a plan (hosted mode tells the other instances). */
  written?: (plan: string | undefined) => void;
}

/**
 * The five things a safety property depends on, and the marks of get_changes: what hosted mode keeps in
 * the store.
 */
export type Safety = Pick<Deps, 'pacer' | 'codes' | 'approvals' | 'journal' | 'pending' | 'marks'>;

/** A single owner's safety state: the journal and pending files, codes, cards and pacer in memory. */
function ownSafety(config: Config, clock: Clock, log: Log): Safety {
  return {
    pacer: new Pacer(() => clock.monotonicMs()),
    codes: new CodeStore(
      () => clock.monotonicMs(),
      () => clock.now().getTime(),
    ),
    approvals: new ApprovalStore(() => clock.monotonicMs()),
    journal: new Journal(
      () => config.journalPath(),
      (message) => log.warning('journal', message),
    ),
    pending: new PendingStore(() => config.journalPath()),
    marks: new FileMarks(() => marksPath(config.journalPath())),
  };
}

const MS_PER_SECOND = 1_000;

/** Wires the YNAB client (pacer, cache) to the configuration; one set per process. */
export function createDeps(config: Config, stderrLog: Log, overrides: DepsOverrides = {}): Deps {
  // What is logged during a request also reaches that request's client (the MCP logging capability).
  const log = forwardingLog(stderrLog);
  const clock = overrides.clock ?? systemClock(config, overrides.instant);
  const safety = overrides.safety?.(clock) ?? ownSafety(config, clock, log);
  const { pacer } = safety;
  const http = (overrides.http ?? ((options: HttpOptions) => new YnabHttp(options)))({
    baseUrl: () => config.ynabUrl(),
    token: () => config.token(),
    pacer,
    log,
    ...(overrides.random ? { random: overrides.random } : {}),
    ...(overrides.sleep ? { sleep: overrides.sleep } : {}),
    ...(overrides.answerTimer ? { answerTimer: overrides.answerTimer } : {}),
    timeoutMs: overrides.timeoutMs ?? config.ynabTimeoutMs,
  });
  const sleep = overrides.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const ynab = new YnabClient(http, {
    freshness: { now: () => clock.monotonicMs(), windowMs: config.freshSeconds * MS_PER_SECOND },
    ...(overrides.written ? { written: overrides.written } : {}),
  });
  const rules = overrides.rules?.() ?? new RulesFile(() => config.journalPath());
  return { ynab, config, clock, log, ...safety, rules, sleep };
}
