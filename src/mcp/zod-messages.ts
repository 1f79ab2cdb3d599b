/**
 * Argument errors that name the rule in words: `at most 200`, `at least 1`, `at most 500 characters`.
 * zod keeps one configuration per process: the server installs these when it starts (server.ts's
 * serverFactory), before any call's arguments are checked, rather than as a side effect of whichever
 * module happens to import zod first.
 */
import { z } from 'zod';

const unit = (origin: unknown, bound: string): string => {
  const one = bound === '1';
  if (origin === 'string') return one ? ' character' : ' characters';
  return origin === 'array' || origin === 'set' ? (one ? ' item' : ' items') : '';
};

/** Makes zod's bound errors name the rule in words; calling it again changes nothing. */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'too_big') {
        const bound = String(issue.maximum);
        return issue.inclusive === false
          ? `must be less than ${bound}`
          : `must be at most ${bound}${unit(issue.origin, bound)}`;
      }
      if (issue.code === 'too_small') {
        const bound = String(issue.minimum);
        return issue.inclusive === false
          ? `must be more than ${bound}`
          : `must be at least ${bound}${unit(issue.origin, bound)}`;
      }
      return undefined;
    },
  });
}
