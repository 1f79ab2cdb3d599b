/**
 * Sessions for the tests of late answers: YNAB holds a write (a `hold` fault) past the moment the
 * server stops waiting, and applies it when the test lets it (heldBack in pending.ts).
 *
 * The server's wait for that answer ends the moment the stand-in holds the request, through the
 * client's own timeout path (the same abort, the same "no answer within … ms"), instead of after a
 * real timeout: one that had to outlast every other answer on a loaded machine cost 0.4 s a test.
 * Every other request keeps a real timeout, long enough never to end early on a busy machine.
 */
import type { Clock } from '../../src/clock.js';
import type { StandIn } from '../../src/demo/index.js';
import type { AnswerTimer } from '../../src/ynab/client.js';
import type { ConnectOptions, Harness } from './harness.js';
import { ACCEPT, answering } from './writes.js';

/** The real timeout of these sessions' requests that the stand-in does not hold. */
export const LATE_TIMEOUT_MS = '5000';

/**
 * A wait for an answer that ends after `ms`, or as soon as the stand-in holds a request. Sessions make
 * one request at a time, so the held request is the one whose wait ends; a test that runs two
 * sessions' requests at once, one of them held, would end both waits.
 */
export function expireOnHold(standIn: StandIn): AnswerTimer {
  return (ms, expire) => {
    const timer = setTimeout(expire, ms);
    const stopListening = standIn.onHold(expire);
    return () => {
      clearTimeout(timer);
      stopListening();
    };
  };
}

/**
 * A session's options: the user accepts every write, the journal given, the clock the test moves. A
 * test whose held request is answered in time (released while the server still waits) says
 * `expireWhenHeld: false`, and the server then waits the real LATE_TIMEOUT_MS.
 */
export function lateOptions(
  h: Harness,
  journal: string,
  clock?: Clock,
  { expireWhenHeld = true } = {},
): ConnectOptions {
  return {
    env: { AVENIR_MCP_JOURNAL: journal, AVENIR_MCP_YNAB_TIMEOUT_MS: LATE_TIMEOUT_MS },
    elicit: answering(ACCEPT).handler,
    overrides: {
      ...(expireWhenHeld ? { answerTimer: expireOnHold(h.standIn) } : {}),
      ...(clock === undefined ? {} : { clock }),
    },
  };
}
