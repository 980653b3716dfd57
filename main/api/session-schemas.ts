/**
 * The sessions API's answers (the vendor's current transcription API), checked with zod as
 * the OpenAPI document gives them. Lenient where the documents are silent or have changed:
 * unknown fields pass, a template's `data` is kept as it came, and any `status` text is data.
 */
import { z } from 'zod';

/** The audio formats a part may be sent in, by file extension. */
export const PART_EXTENSIONS = ['webm', 'mp3', 'wav', 'ogg', 'm4a', 'mp4'] as const;
export type PartExtension = (typeof PART_EXTENSIONS)[number];

const count = z.number().int().min(0);
const names = z.array(z.string().max(200)).max(10_000);

export const discoverySchema = z
  .object({
    protocol: z.string(),
    protocol_version: z.string(),
    capabilities: z
      .object({
        audio_formats: z.array(z.string()).default([]),
        max_chunk_duration_seconds: z.number().positive().max(3_600),
        upload_methods: z.array(z.string()).default([]),
      })
      .loose(),
    models: z.array(z.object({ id: z.string(), display_name: z.string().optional(), languages: z.array(z.string()).default([]) }).loose()).default([]),
    languages: z.object({ supported: z.array(z.string()).default([]), auto_detection: z.boolean().default(false) }).loose().optional(),
  })
  .loose();
export type DiscoveryDocument = z.infer<typeof discoverySchema>;

/** `upload_url`: a string in the API reference; a presigned POST form in the vendor's SDK. */
export const uploadUrlSchema = z.union([
  z.string().min(1).max(4_000),
  z.object({ url: z.string().min(1).max(4_000), fields: z.record(z.string(), z.string()) }).loose(),
]);

export const createdSessionSchema = z
  .object({
    session_id: z.string().min(1).max(200),
    expires_at: z.string().optional(),
    upload_url: uploadUrlSchema.optional(),
  })
  .loose();

export const partAcceptedSchema = z.object({ session_id: z.string().optional(), success: z.boolean().optional() }).loose();

export const endedSessionSchema = z.object({ session_id: z.string().optional(), status: z.string().optional(), audio_files_received: count.optional() }).loose();

/** `{error: {code, message}}`, or an older `{message}`; both read, neither required. */
export const sessionErrorSchema = z
  .object({
    error: z.union([z.object({ code: z.string().optional(), message: z.string().optional() }).loose(), z.string()]).optional(),
    message: z.string().optional(),
    code: z.string().optional(),
  })
  .loose();

/** One entry of `templates`: a single-key object `{template_id: {...}}`; a list, since a template may give several documents. */
export const templateEntrySchema = z.record(
  z.string(),
  z
    .object({
      status: z.string().optional(),
      document_id: z.string().optional(),
      document_type: z.string().optional(),
      data: z.unknown().optional(),
      errors: z.array(z.unknown()).optional(),
      warnings: z.array(z.unknown()).optional(),
    })
    .loose(),
);

export const sessionAnswerSchema = z
  .object({
    session_id: z.string().optional(),
    status: z.string().optional(),
    transcript: z.string().nullish(),
    language_detected: z.string().nullish(),
    audio_files_received: count.optional(),
    audio_files: names.optional(),
    /** A list as documented; the expired answer's older form (an object) is read as none. */
    templates: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
    processing_errors: z.array(z.unknown()).optional(),
    message: z.string().optional(),
  })
  .loose();

export const templatesListSchema = z.object({
  items: z.array(z.object({ id: z.string().min(1).max(200), title: z.string().max(500).optional(), default: z.boolean().optional(), is_favorite: z.boolean().optional() }).loose()).max(1_000),
});

export const documentEnvelopeSchema = z.object({
  status: z.string().optional(),
  data: z.object({ document_id: z.string().min(1).max(200), presigned_url: z.string().min(1).max(4_000).optional() }).loose(),
});

/**
 * One part's words (the vendor's `TChunkTranscriptResponse`): only `text` is needed. The
 * session and part it is of are read when an answer carries them, to drop one for another.
 */
export const partWordsSchema = z
  .object({
    text: z.string(),
    confidence: z.number().optional(),
    audio_length: z.number().optional(),
    session_id: z.string().max(200).optional(),
    txn_id: z.string().max(200).optional(),
    chunk_number: z.number().int().optional(),
    chunk: z.number().int().optional(),
  })
  .loose();
