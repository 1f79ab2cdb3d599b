/**
 * What the safety layer keeps per person: the journal (with tombstones of pruned entries, so that an
 * undo of one can say it is too old), the pending outcomes, confirmation codes, used answer nonces,
 * approval-card tickets, settings, and the pacer's sends and 429 pause. Every table is keyed by the
 * person first and cascades from `people`.
 */
import type { Migration } from './migration.js';

const person = 'person_id text NOT NULL REFERENCES people (id) ON DELETE CASCADE';

export const safety: Migration = {
  version: 3,
  name: 'safety',
  statements: [
    `CREATE TABLE journal_entries (
      ${person},
      operation_id text NOT NULL,
      seq bigserial,
      plan_id text NOT NULL,
      kind text NOT NULL,
      applied_at text NOT NULL,
      recorded_at bigint NOT NULL,
      moves jsonb NOT NULL,
      details jsonb NOT NULL,
      undone_at bigint,
      conflict boolean NOT NULL DEFAULT false,
      PRIMARY KEY (person_id, operation_id)
    )`,
    `CREATE INDEX journal_entries_order ON journal_entries (person_id, seq)`,
    `CREATE TABLE journal_pruned (
      ${person},
      operation_id text NOT NULL,
      pruned_at bigint NOT NULL,
      PRIMARY KEY (person_id, operation_id)
    )`,
    `CREATE TABLE pending_outcomes (
      ${person},
      operation_id text NOT NULL,
      seq bigserial,
      plan_id text NOT NULL,
      entry jsonb NOT NULL,
      opened_at bigint NOT NULL,
      PRIMARY KEY (person_id, operation_id)
    )`,
    `CREATE TABLE confirmation_codes (
      ${person},
      code text NOT NULL,
      fingerprint text NOT NULL,
      expires_at bigint NOT NULL,
      PRIMARY KEY (person_id, code)
    )`,
    `CREATE TABLE used_nonces (
      ${person},
      nonce text NOT NULL,
      keep_until bigint NOT NULL,
      PRIMARY KEY (person_id, nonce)
    )`,
    `CREATE TABLE approval_tickets (
      ${person},
      ticket text NOT NULL,
      secret text UNIQUE,
      approval jsonb NOT NULL,
      expires_at bigint NOT NULL,
      PRIMARY KEY (person_id, ticket)
    )`,
    `CREATE TABLE person_settings (
      ${person},
      name text NOT NULL,
      value jsonb NOT NULL,
      PRIMARY KEY (person_id, name)
    )`,
    `CREATE TABLE pacer_state (
      person_id text PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
      paused_until bigint NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE pacer_sends (
      id bigserial PRIMARY KEY,
      ${person},
      sent_at bigint NOT NULL,
      count integer NOT NULL CHECK (count > 0)
    )`,
    `CREATE INDEX pacer_sends_person ON pacer_sends (person_id, sent_at)`,
  ],
};
