/**
 * The fingerprint of a change: SHA-256 of our canonical JSON of [plan_id, subject]. Our own format is
 * enough: only determinism within one process matters.
 */
import { createHash } from 'node:crypto';
import { compareCodePoints } from '../domain/text.js';

/** Canonical JSON: object keys sorted by code point, no whitespace, `null` kept, lists in order. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => compareCodePoints(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Lowercase hex SHA-256 of `[plan_id, subject]`; a top-level list subject is order-insensitive. */
export function fingerprint(planId: string, subject: unknown): string {
  const body = Array.isArray(subject) ? subject.map(canonical).sort(compareCodePoints) : subject;
  return createHash('sha256')
    .update(canonical([planId, body]), 'utf8')
    .digest('hex');
}
