/**
 * A dictation's result as it is kept (sealed, in `result.sealed`): what the service said,
 * read from the wire but not made into a view, with its format; the view the page shows
 * (transcription-view.ts, session-result.ts) is made each time it is read. Checked when read:
 * a damaged file, or one in a form this version does not know, becomes "could not be read"
 * with the reason, a damaged part only that part. Pure.
 *
 * The formats:
 * - `voice-v3`: the voice API's status answer as voice-api.ts reads it: its state, the output
 *   items (each one as read, or why it is not one), how many more it held, and
 *   `additional_data` (a bounded copy); or, failed, the service's error code and words.
 * - `session-v1`: a session's answer as sessions-api.ts reads it: its state, transcript,
 *   language, templates (a template's data nested too deeply to keep is left out and marked)
 *   and problems; with the templates the session asked for and the titles of the clinic's own.
 * - legacy (no `format`): earlier versions kept the view itself, in today's shape or older
 *   ones (raw FHIR or JSON); read as they always were.
 */
import { z } from 'zod';
import type { FhirSummary, OutputContent, StoredResult, TranscriptionResult } from '../../contract/transcription';
import type { SessionResult } from '../api/service-client';
import { cutText } from '../api/service-text';
import { MAX_OUTPUT_ITEMS, type OutputItemRead } from '../api/output-items';
import type { VoiceStatus } from '../api/voice-api';
import { emrDocumentSchema } from '../results/emr-document';
import { MAX_JSON_DEPTH, boundedCopy, nestsDeeperThan, parseJsonText } from '../results/json-limits';
import { MAX_JSON_CHARS, MAX_TEXT_CHARS, jsonContent } from '../results/output-content';
import { sessionTranscription, type KeptSessionAnswer, type KeptTemplateResult } from '../results/session-result';
import { voiceTranscription } from '../results/transcription-view';

/** A larger result file is not read (a result holds at most a few megabytes). */
export const MAX_RESULT_FILE_BYTES = 64 * 1024 * 1024;

export const VOICE_FORMAT = 'voice-v3';
export const SESSION_FORMAT = 'session-v1';

/** Levels a format adds above what it keeps as the service sent it (a template's data: the file, its templates, the template). */
const FORMAT_LEVELS = 4;
/** Templates of one session kept and read (as many as results of earlier versions could hold). */
const MAX_TEMPLATES = 200;

export type KeptVoiceResult = VoiceStatus & { format: typeof VOICE_FORMAT };
export type KeptSessionResult = KeptSessionAnswer & {
  format: typeof SESSION_FORMAT;
  /** The templates the session asked for (each gets a part, filled or not). */
  asked: string[];
  /** The titles of the clinic's own templates among them, as the templates list gave them. */
  titles: Array<[string, string]>;
};
/** A result as it is written to disk. */
export type KeptResult = KeptVoiceResult | KeptSessionResult;

/** The voice API's answer as it is kept: `additional_data` bounded, the rest as read. */
export function keptVoiceResult(answer: VoiceStatus): KeptVoiceResult {
  if (answer.state === 'failed') return { format: VOICE_FORMAT, state: 'failed', error: answer.error };
  return { format: VOICE_FORMAT, state: answer.state, output: answer.output, unread: answer.unread, additional_data: boundedCopy(answer.additional_data) };
}

/** A session's answer as it is kept, with what the view needs besides: the templates asked for, and the titles of those the clinic named. */
export function keptSessionResult(answer: SessionResult, asked: readonly string[], titles: ReadonlyMap<string, string> = new Map()): KeptSessionResult {
  const kept: KeptSessionAnswer =
    answer.state === 'completed' || answer.state === 'partial'
      ? {
          ...answer,
          templates: answer.templates.slice(0, MAX_TEMPLATES).map((template) =>
            // Never written or read back: JSON of this depth is refused when shown anyway.
            nestsDeeperThan(template.data) ? { ...template, data: null, dataProblem: 'nested-too-deeply' as const } : template,
          ),
        }
      : answer;
  const named = new Set([...asked, ...(kept.state === 'completed' || kept.state === 'partial' ? kept.templates.map((template) => template.templateId) : [])]);
  return { format: SESSION_FORMAT, ...kept, asked: [...asked], titles: [...named].flatMap((id): Array<[string, string]> => (titles.has(id) ? [[id, titles.get(id)!]] : [])) };
}

/** The view of a result as it is kept. */
export function resultView(kept: KeptResult): TranscriptionResult {
  switch (kept.format) {
    case VOICE_FORMAT:
      return voiceTranscription(kept);
    case SESSION_FORMAT:
      return sessionTranscription(kept, kept.asked, new Map(kept.titles));
  }
}

// Each format's schema is built when a saved result is first read (`z.lazy`), not as main's code loads before the window's first answer.
const text = (max: number) => z.string().transform((value) => cutText(value, max));

// ---- voice-v3, as read back

const voiceSchema = z.lazy(() => {
  const keptMessages = z.array(z.string().nullable()).nullish();
  const keptItemSchema = z.union([
    z.object({ template_id: z.string(), value: z.string(), type: z.string(), name: z.string(), status: z.string(), errors: keptMessages, warnings: keptMessages }),
    z.object({ unreadable: text(1_000), template_id: z.string().nullable() }),
  ]);
  return z.discriminatedUnion('state', [
    z.object({
      state: z.enum(['in_progress', 'completed', 'partial']),
      // Each item read apart: a damaged one spoils only itself.
      output: z
        .array(z.unknown())
        .max(MAX_OUTPUT_ITEMS)
        .transform((items) => items.map((item) => keptItemSchema.safeParse(item).data ?? DAMAGED_ITEM)),
      unread: z.number().int().min(0),
      additional_data: z.unknown(),
    }),
    z.object({ state: z.literal('failed'), error: z.object({ code: z.string(), msg: z.string() }) }),
  ]);
});

const DAMAGED_ITEM: OutputItemRead = { unreadable: 'it was damaged in the saved result', template_id: null };

// ---- session-v1, as read back

const sessionAnswerSchema = z.lazy(() => {
  const keptTemplateSchema = z.object({
    templateId: text(200),
    status: text(80),
    documentId: z.string().nullable(),
    data: z.unknown(),
    errors: z.array(text(2_000)).max(1_000),
    warnings: z.array(text(2_000)).max(1_000),
    dataProblem: z.literal('nested-too-deeply').optional(),
  });
  const problems = z.array(text(2_000)).max(1_000);
  const nullableText = z.string().nullable();
  return z.discriminatedUnion('state', [
    z.object({ state: z.literal('processing'), transcript: nullableText }),
    z.object({
      state: z.enum(['completed', 'partial']),
      transcript: nullableText,
      language: z.string().nullable(),
      templates: z
        .array(z.unknown())
        .max(MAX_TEMPLATES)
        .transform((templates) => templates.map((template, index): KeptTemplateResult => keptTemplateSchema.safeParse(template).data ?? damagedTemplate(index))),
      problems,
    }),
    z.object({ state: z.literal('expired') }),
    z.object({ state: z.literal('failed'), status: text(80), problems }),
  ]);
});

const damagedTemplate = (index: number): KeptTemplateResult => ({
  templateId: `part-${index + 1}`,
  status: 'unreadable',
  documentId: null,
  data: null,
  errors: [],
  warnings: [],
  dataProblem: 'damaged',
});

const sessionExtrasSchema = z.lazy(() =>
  z.object({
    asked: z.array(text(200)).max(10),
    titles: z.array(z.tuple([text(200), text(200)])).max(MAX_TEMPLATES + 10),
  }),
);

// ---- legacy: the view itself, as earlier versions kept it

const contentSchema = z.lazy(() => {
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

  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('empty') }),
    // The prescription is checked as a new one is (emr-document.ts).
    z.object({ kind: z.literal('prescription'), prescription: z.unknown(), json: jsonText }),
    z.object({ kind: z.literal('fhir'), summary: fhirSummarySchema, json: jsonText }),
    z.object({ kind: z.literal('json'), json: jsonText }),
    z.object({ kind: z.literal('text'), text: z.string().max(MAX_TEXT_CHARS), shortened: z.boolean() }),
    z.object({ kind: z.literal('invalid'), problem: text(1_000) }),
  ]);
});

/** Contents as stored before they were typed: the raw JSON of FHIR and other templates, a prescription without its text. */
const legacyContentSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['fhir', 'json']), json: z.unknown() }),
    z.object({ kind: z.literal('prescription'), prescription: z.unknown() }),
    z.object({ kind: z.literal('text'), text: z.string().max(MAX_TEXT_CHARS) }),
  ]),
);

const UNREADABLE_OUTPUT: OutputContent = { kind: 'invalid', problem: 'This part of the saved result could not be read.' };

function readContent(raw: unknown, template: { templateId: string; type: string }): OutputContent {
  const current = contentSchema.safeParse(raw);
  if (current.success) {
    const content = current.data;
    if (content.kind !== 'prescription') return content;
    const checked = emrDocumentSchema.safeParse({ prescription: content.prescription });
    return checked.success ? { kind: 'prescription', prescription: checked.data.prescription, json: content.json } : UNREADABLE_OUTPUT;
  }
  const legacy = legacyContentSchema.safeParse(raw);
  if (!legacy.success) return UNREADABLE_OUTPUT;
  const old = legacy.data;
  if (old.kind === 'text') return { kind: 'text', text: old.text, shortened: false };
  const json = old.kind === 'prescription' ? { prescription: old.prescription } : old.json;
  if (nestsDeeperThan(json)) return { kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' };
  return jsonContent(json, old.kind === 'prescription' ? { templateId: 'eka_emr_template', type: 'eka_emr' } : template);
}

const legacySchema = z.lazy(() => {
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

  return z.discriminatedUnion('state', [
    z.object({
      state: z.enum(['in_progress', 'completed', 'partial']),
      outputs: z.array(outputSchema).max(200),
      context: contextSchema,
      transcript: z.string().max(MAX_TEXT_CHARS).nullable().optional().catch(null),
    }),
    z.object({ state: z.literal('failed'), code: text(80), message: text(1_000), detail: text(20_000).optional() }),
  ]);
});

// ---- reading

const unreadable = (why: string): StoredResult => ({ state: 'unreadable', problem: `The saved result of this dictation could not be read: ${why}.` });
const UNKNOWN_FORM = 'it is in a form this version of the app does not know';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A kept result (of a known format) checked as it is read back; null when it is not one. */
function readKept(value: Record<string, unknown>): KeptResult | null {
  if (value.format === VOICE_FORMAT) {
    const voice = voiceSchema.safeParse(value);
    return voice.success ? { format: VOICE_FORMAT, ...voice.data } : null;
  }
  const answer = sessionAnswerSchema.safeParse(value);
  const extras = sessionExtrasSchema.safeParse(value);
  return answer.success && extras.success ? { format: SESSION_FORMAT, ...answer.data, ...extras.data } : null;
}

/** A result file's text as the page may see it. */
export function parseStoredResult(text: string): StoredResult {
  const parsed = parseJsonText(text, MAX_JSON_DEPTH + FORMAT_LEVELS);
  if (!parsed.ok) return unreadable(parsed.problem === 'nested too deeply' ? 'it is nested too deeply' : 'the file is damaged');
  const value = parsed.value;
  if (isRecord(value) && 'format' in value) {
    if (value.format !== VOICE_FORMAT && value.format !== SESSION_FORMAT) {
      const format = typeof value.format === 'string' ? `"${cutText(value.format, 40)}"` : 'not named';
      return unreadable(`it was saved in a form this version of the app does not know (format ${format}); a newer version may have saved it`);
    }
    const kept = readKept(value);
    return kept ? resultView(kept) : unreadable(`${UNKNOWN_FORM} (a ${value.format} result that does not have its shape)`);
  }
  // The view itself, as earlier versions kept it: read within the limits it always was.
  if (nestsDeeperThan(value)) return unreadable('it is nested too deeply');
  const legacy = legacySchema.safeParse(value);
  return legacy.success ? legacy.data : unreadable(UNKNOWN_FORM);
}
