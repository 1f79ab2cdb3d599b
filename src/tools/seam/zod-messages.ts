/**
 * Argument errors that name the rule in words: `at most 200`, `at least 1`, `at most 500 characters`.
 * Installed once for the process's zod.
 */
import { z } from 'zod';

const unit = (origin: unknown, bound: string): string => {
  const one = bound === '1';
  if (origin === 'string') return one ? ' character' : ' characters';
  return origin === 'array' || origin === 'set' ? (one ? ' item' : ' items') : '';
};

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
