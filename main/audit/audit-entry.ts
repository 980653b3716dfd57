/**
 * One entry of the audit trail as it is sealed: its number in the trail, when (UTC, and the
 * computer's local time with its offset and zone), what, which item, the patient's pseudonym,
 * who (the OS user and the account signed in to the service), which machine, the outcome, and
 * the fingerprint of the entry before it (the chain). Read back, an entry is checked for
 * shape: one of a form this version does not know was written by a newer one. Pure.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ITEM_KINDS, isAuditAction, type AuditAction, type AuditCategory } from '../../contract/audit';
import type { AuditDetail, AuditEvent } from './audit-event';

/** The form of entry this version writes; a higher one is a newer version's. */
export const ENTRY_VERSION = 1;

export interface Who {
  /** The operating system's user. */
  osUser: string;
  /** The account signed in to the service ("client-credentials:<client id>", "sandbox", …), or null when none. */
  account: string | null;
}

export interface AuditEntry {
  v: number;
  /** Counts from 1 over the whole trail, across its files. */
  seq: number;
  /** ISO 8601, UTC. */
  at: string;
  /** The same moment in the computer's time: ISO 8601 with its offset. */
  local: string;
  /** The computer's time zone (IANA name), when it has one. */
  zone: string;
  action: AuditAction;
  category: AuditCategory;
  item: { kind: (typeof AUDIT_ITEM_KINDS)[number]; id: string } | null;
  /** The patient's pseudonym, or null. */
  patient: string | null;
  who: Who;
  machine: string;
  outcome: 'done' | 'refused';
  /** Why it was refused; null when done. */
  reason: string | null;
  detail: AuditDetail;
  /** The fingerprint (SHA-256, hex) of the entry before it; null for the first entry of a trail. */
  prev: string | null;
  /** The version of Scribe Desk that wrote it. */
  app: string;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** The moment in this computer's local time, with its offset: 2026-08-21T14:45:02.123+05:30. */
export function localTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

export interface EntryContext {
  seq: number;
  now: Date;
  zone: string;
  who: Who;
  machine: string;
  patient: string | null;
  prev: string | null;
  app: string;
}

export function entryOf(event: AuditEvent, context: EntryContext): AuditEntry {
  const outcome = event.outcome ?? { done: true };
  return {
    v: ENTRY_VERSION,
    seq: context.seq,
    at: context.now.toISOString(),
    local: localTime(context.now),
    zone: context.zone,
    action: event.action,
    category: AUDIT_ACTIONS[event.action].category,
    item: event.item ?? null,
    patient: context.patient,
    who: context.who,
    machine: context.machine,
    outcome: outcome.done ? 'done' : 'refused',
    reason: outcome.done ? null : outcome.reason,
    detail: event.detail ?? {},
    prev: context.prev,
    app: context.app,
  };
}

/** Built when an entry is first read (`z.lazy`), not as main's code loads before the window's first answer. */
const entrySchema = z.lazy(() => {
  const detailSchema = z
    .object({
      service: z.string(),
      api: z.string(),
      how: z.string(),
      what: z.string(),
      form: z.string(),
      for: z.string(),
      count: z.number(),
      file: z.string(),
      line: z.number(),
      seq: z.number(),
      hash: z.string(),
      source: z.string(),
      found: z.string(),
      serviceIds: z.string(),
    })
    .partial()
    .strict();

  return z
    .object({
      v: z.literal(ENTRY_VERSION),
      seq: z.number().int().min(1),
      at: z.iso.datetime(),
      local: z.string(),
      zone: z.string(),
      action: z.string().refine(isAuditAction),
      category: z.string(),
      item: z.object({ kind: z.enum(AUDIT_ITEM_KINDS), id: z.string() }).strict().nullable(),
      patient: z.string().nullable(),
      who: z.object({ osUser: z.string(), account: z.string().nullable() }).strict(),
      machine: z.string(),
      outcome: z.enum(['done', 'refused']),
      reason: z.string().nullable(),
      detail: detailSchema,
      prev: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
      app: z.string(),
    })
    .strict();
});

/** What a sealed entry holds, once opened: an entry, one of a newer form, or something else. */
export type ReadEntry = { kind: 'entry'; entry: AuditEntry } | { kind: 'newer'; version: number } | { kind: 'malformed' };

export function readEntry(value: unknown): ReadEntry {
  const version = (value as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > ENTRY_VERSION) return { kind: 'newer', version };
  const parsed = entrySchema.safeParse(value);
  return parsed.success ? { kind: 'entry', entry: parsed.data as AuditEntry } : { kind: 'malformed' };
}
