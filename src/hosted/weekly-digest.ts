/**
 * Hosted mode's weekly digest: every hour, each instance looks for the people with a webhook whose
 * digest of this ISO week (UTC) nobody has sent, claims each send in the store (store/sql-digests.ts:
 * one instance wins the claim, so a week's digest goes once however many instances run this), builds
 * the person's digest of their default plan and posts it (webhook/post.ts: bounded tries, no redirect
 * followed, the token never sent, only public addresses connected to). A send that fails is logged
 * with the webhook's host only (its path is often its secret) and recorded; it is not tried again
 * that week, so a dead webhook costs one digest's YNAB requests a week. A send is claimed before it
 * is made: an instance stopped mid-send loses that week's digest rather than risk sending it twice.
 *
 * The first run comes five minutes after the start, then one every hour. The timers do not keep the
 * process alive, and stop() waits for a run under way.
 */
import { isoWeek } from '../domain/digest/iso-week.js';
import type { Log } from '../log.js';
import type { PersonId } from '../store/people.js';
import type { SqlDigests } from '../store/sql-digests.js';
import { postJson, WebhookError, type PostOptions } from '../webhook/post.js';
import { isPublicAddress } from '../webhook/public-address.js';

export const DIGEST_EVERY_MS = 3_600_000;
/**
 * The first run, this long after the start: an instance restarted more often than hourly (deploys)
 * must still send, and one that just started is left its first minutes for the calls it serves.
 */
export const DIGEST_FIRST_RUN_MS = 300_000;
/** People one run sends to at most: the next run takes the rest. */
const PER_RUN = 50;
/** How long the record of a send is kept: enough to answer "did last month's digests go?". */
const KEEP_SENDS_MS = 60 * 86_400_000;

export interface WeeklyDigestOptions {
  digests: SqlDigests;
  /** The person's digest of their default plan (get_digest's answer), read with their own token. */
  digestOf: (person: PersonId) => Promise<unknown>;
  log: Log;
  now?: () => number;
  everyMs?: number;
  /** The wait before the first run (DIGEST_FIRST_RUN_MS). */
  firstRunMs?: number;
  /**
   * How the post connects. Hosted mode gives none: only public addresses are connected to. Tests give
   * an `allowAddress` that lets their loopback receiver in, and its certificate; this is an option
   * of the code that starts the schedule, never a setting.
   */
  post?: PostOptions;
  timers?: {
    setInterval: (tick: () => void, ms: number) => { unref(): unknown };
    clearInterval: (timer: never) => void;
  };
}

export interface WeeklyDigest {
  /** Sends this week's due digests now (one run at a time); how many were sent. */
  run(): Promise<number>;
  stop(): Promise<void>;
}

export function startWeeklyDigest(options: WeeklyDigestOptions): WeeklyDigest {
  const { digests, digestOf, log, now = Date.now, everyMs = DIGEST_EVERY_MS } = options;
  const post: PostOptions = { allowAddress: isPublicAddress, ...options.post };
  const timers = options.timers ?? { setInterval, clearInterval };

  const sendOne = async (person: PersonId, week: string): Promise<boolean> => {
    if (!(await digests.claim(person, week))) return false;
    let host = 'its host';
    try {
      const address = await digests.webhook(person);
      if (address === null) throw new Error('the webhook was removed');
      const url = new URL(address);
      host = url.host;
      await postJson(url, await digestOf(person), post);
      await digests.finish(person, week, 'sent');
      log.info('hosted', `Weekly digest ${week} of person ${person} sent to ${host}`);
      return true;
    } catch (error) {
      await digests.finish(person, week, 'failed');
      const why = error instanceof WebhookError ? error.why : (error as Error).message;
      log.warning('hosted', `Weekly digest ${week} of person ${person} not sent to ${host}: ${why}`);
      return false;
    }
  };

  const once = async (): Promise<number> => {
    const week = isoWeek(now());
    let sent = 0;
    try {
      await digests.prune(now() - KEEP_SENDS_MS);
      for (const person of await digests.due(week, PER_RUN)) if (await sendOne(person, week)) sent++;
    } catch (error) {
      log.warning(
        'hosted',
        `Weekly digests: the store failed, tried again in an hour: ${(error as Error).message}`,
      );
    }
    return sent;
  };

  let running: Promise<number> | null = null;
  const run = (): Promise<number> => {
    running ??= once().finally(() => (running = null));
    return running;
  };
  const first = setTimeout(() => void run(), options.firstRunMs ?? DIGEST_FIRST_RUN_MS);
  first.unref();
  const timer = timers.setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      timers.clearInterval(timer as never);
      await running;
    },
  };
}
