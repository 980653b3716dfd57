/**
 * A dictation's result as read back from disk, checked before the page sees it: a damaged
 * file becomes "could not be read" with the reason, a damaged part only that part, and a
 * result stored by an earlier version (raw FHIR or JSON) is read again into today's shapes.
 * Pure.
 */
import { z } from 'zod';
import type { FhirSummary, OutputContent, StoredResult } from '../../contract/transcription';
import { emrDocumentSchema } from '../api/emr-document';
import { boundedCopy, nestsDeeperThan, parseJsonText } from '../api/json-limits';
import { cutText } from '../api/service-text';
import { MAX_JSON_CHARS, MAX_TEXT_CHARS, jsonContent } from '../api/transcription-output';

/** A larger result file is not read (a result holds at most a few megabytes). */
export const MAX_RESULT_FILE_BYTES = 64 * 1024 * 1024;

const text = (max: number) => z.string().transform((value) => cutText(value, max));

const fhirSummarySchema: z.ZodType<FhirSummary> = z.object({
  resourceType: text(100),
  bundleType: text(100).nullable(),
  resourceCounts: z.array(z.object({ type: text(100), count: z.number().int().min(0) })).max(100),
  title: text(2_000).nullable(),
  sections: z.array(z.object({ level: z.number().int().min(0).max(10), title: text(2_000).nullable(), text: text(2_000).nullable() })).max(500),
  lines: z.array(z.object({ resourceType: text(100), text: text(2_000) })).max(500),
  unreadableEntries: z.number().int().min(0),
  shortened: z.boolean(),
});

const jsonText = z.string().max(MAX_JSON_CHARS);

const contentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  /** The prescription is checked as a new one is (emr-document.ts). */
  z.object({ kind: z.literal('prescription'), prescription: z.unknown(), json: jsonText }),
  z.object({ kind: z.literal('fhir'), summary: fhirSummarySchema, json: jsonText }),
  z.object({ kind: z.literal('json'), json: jsonText }),
  z.object({ kind: z.literal('text'), text: z.string().max(MAX_TEXT_CHARS), shortened: z.boolean() }),
  z.object({ kind: z.literal('invalid'), problem: text(1_000) }),
]);

/** Contents as stored before they were typed: the raw JSON of FHIR and other templates, a prescription without its text. */
const legacyContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['fhir', 'json']), json: z.unknown() }),
  z.object({ kind: z.literal('prescription'), prescription: z.unknown() }),
  z.object({ kind: z.literal('text'), text: z.string().max(MAX_TEXT_CHARS) }),
]);

const UNREADABLE_PART: OutputContent = { kind: 'invalid', problem: 'This part of the saved result could not be read.' };

function readContent(raw: unknown, template: { templateId: string; type: string }): OutputContent {
  const current = contentSchema.safeParse(raw);
  if (current.success) {
    const content = current.data;
    if (content.kind !== 'prescription') return content;
    const checked = emrDocumentSchema.safeParse({ prescription: content.prescription });
    return checked.success ? { kind: 'prescription', prescription: checked.data.prescription, json: content.json } : UNREADABLE_PART;
  }
  const legacy = legacyContentSchema.safeParse(raw);
  if (!legacy.success) return UNREADABLE_PART;
  const old = legacy.data;
  if (old.kind === 'text') return { kind: 'text', text: old.text, shortened: false };
  const json = old.kind === 'prescription' ? { prescription: old.prescription } : old.json;
  if (nestsDeeperThan(json)) return { kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' };
  return jsonContent(json, old.kind === 'prescription' ? { templateId: 'eka_emr_template', type: 'eka_emr' } : template);
}

const messagesSchema = z.array(text(2_000)).max(100).catch([]);

const outputSchema = z
  .object({
    templateId: text(200),
    name: text(200),
    type: text(100).catch(''),
    status: text(100).catch(''),
    errors: messagesSchema,
    warnings: messagesSchema,
    content: z.unknown(),
  })
  .transform((output) => ({ ...output, content: readContent(output.content, output) }));

const contextSchema = z
  .object({
    mode: text(200).nullable().catch(null),
    doctorId: text(200).nullable().catch(null),
    visitId: text(200).nullable().catch(null),
    // Not a zod record: it would assign a `__proto__` key instead of keeping it as a plain key.
    raw: z.unknown().transform((raw) => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (boundedCopy(raw) as Record<string, unknown>) : {})),
  })
  .catch({ mode: null, doctorId: null, visitId: null, raw: {} });

const storedResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.enum(['in_progress', 'completed', 'partial']),
    outputs: z.array(outputSchema).max(200),
    context: contextSchema,
    transcript: z.string().max(MAX_TEXT_CHARS).nullable().optional().catch(null),
  }),
  z.object({ state: z.literal('failed'), code: text(80), message: text(1_000), detail: text(20_000).optional() }),
]);

const unreadable = (why: string): StoredResult => ({ state: 'unreadable', problem: `The saved result of this dictation could not be read: ${why}.` });

/** A result file's text as the page may see it. */
export function parseStoredResult(text: string): StoredResult {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return unreadable(parsed.problem === 'nested too deeply' ? 'it is nested too deeply' : 'the file is damaged');
  const result = storedResultSchema.safeParse(parsed.value);
  if (!result.success) return unreadable('it is in a form this version of the app does not know');
  return result.data;
}
