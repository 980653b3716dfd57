/**
 * What is kept on disk for each dictation, beside its audio. The schemas are built when a
 * manifest is first read (`z.lazy`), not as main's code loads before the window's first answer.
 */
import { z } from 'zod';
import { DICTATION_MODES, DICTATION_STATES, type DictationSummary } from '../../contract/dictation';
import { PART_FORMATS } from '../audio/audio-parts';

/** Where a session's audio parts go: the service (with the sign-in), or an address it handed out (without). */
export const uploadTargetSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('service') }),
    z.object({ kind: z.literal('presigned-url'), url: z.string().max(4_000) }),
    z.object({ kind: z.literal('presigned-form'), url: z.string().max(4_000), fields: z.record(z.string(), z.string()) }),
  ]),
);

/** A transcription session of the sessions API, as far as the app has got with it. */
const sessionSchema = z.lazy(() =>
  z.object({
    /** Chosen by the app (16–32 characters) before it is created, so a create whose answer was lost is recognised. */
    id: z.string().min(1).max(200),
    /**
     * Null until the service answered the create: where the parts go. An address the service
     * handed out (presigned: whoever holds it may send to the session) is kept on disk only
     * sealed with the dictation's key, in `sealedUpload` (dictation-store.ts).
     */
    upload: uploadTargetSchema.nullable(),
    /** On disk only: a presigned `upload`, sealed with the dictation's key (base64). */
    sealedUpload: z.string().max(64_000).nullable().default(null),
    expiresAt: z.string().nullable().default(null),
    /** Parts the service has acknowledged in this session. */
    acked: z.array(z.number().int().min(0)).default([]),
    /** When End was acknowledged (or answered "already ended"). */
    endedAt: z.string().nullable().default(null),
    /**
     * A fingerprint of the patient details the session was told (patient-details.ts); null: none.
     * Never on disk in clear (a fingerprint of name, age, sex and ABHA number can be recovered by
     * trying names): the manifest keeps it sealed with the dictation's key, in `sealedPatientTold`.
     */
    patientTold: z.string().nullable().default(null),
    /** On disk only: `patientTold`, sealed with the dictation's key (base64). */
    sealedPatientTold: z.string().max(4_000).nullable().default(null),
  }),
);
export type SessionState = z.infer<typeof sessionSchema>;

export const TRANSCRIPTION_APIS = ['voice-upload', 'sessions'] as const;

/** A consultation's consent as the keyring keeps it (contract/consent.ts). */
export const consentRecordSchema = z.lazy(() =>
  z.object({
    kind: z.enum(['given', 'clinic']),
    at: z.string().max(40),
    noticeLanguage: z.string().max(8).nullable(),
    noticeVersion: z.string().max(80).nullable(),
    account: z.string().max(300).nullable(),
    osUser: z.string().max(300),
    callSound: z.boolean().default(false),
  }),
);

const manifestFields = z.lazy(() =>
  z.object({
    version: z.literal(1),
    id: z.string().regex(/^[0-9a-f-]{36}$/),
    /** Fixed before the first upload attempt and reused by every retry. */
    txnId: z.string().min(1),
    /** Transactions abandoned by an explicit retry of a finished (failed or partial) one. */
    previousTxnIds: z.array(z.string()).default([]),
    createdAt: z.string(),
    label: z.string(),
    /** The patient it is for (patients' sealed file); kept with the key, like the label, never in the manifest on disk. */
    patientId: z.string().nullable().default(null),
    /** A consultation's consent; kept with the key, like the label, never in the manifest on disk. */
    consent: consentRecordSchema.nullable().default(null),
    mode: z.enum(DICTATION_MODES),
    state: z.enum(DICTATION_STATES),
    recovered: z.boolean().default(false),
    durationMs: z.number().int().min(0),
    attempts: z.number().int().min(0).default(0),
    nextAttemptAt: z.string().nullable().default(null),
    problem: z.string().nullable().default(null),
    /** The problem as the manifest on disk keeps it: sealed with the item's key (keyed-folder-store.ts). */
    sealedProblem: z.string().nullable().default(null),
    /** Set when an upload starts; if the app stops before it ends, the next start checks the service first. */
    uploadStartedAt: z.string().nullable().default(null),
    uploadedAt: z.string().nullable().default(null),
    finishedAt: z.string().nullable().default(null),
    /**
     * What the recording holds, counted when it ended or was recovered: its plain bytes (in the
     * parcels that verify) and the parcels that do not (`damagedChunks` on disk, NAMES_ON_DISK).
     * An upload or a playback then reads it once, without decrypting it first to count. Null
     * until counted (manifests of earlier versions: counted at the first upload or playback, and
     * kept).
     */
    plainBytes: z.number().int().min(0).nullable().default(null),
    damagedParcels: z.number().int().min(0).nullable().default(null),
    /** When the recording was deleted under the retention setting; the result stays. */
    audioDeletedAt: z.string().nullable().default(null),
    /** Sent to the built-in sandbox: its result is test data. */
    testData: z.boolean().default(false),
    /** When the doctor last saved a correction of the note (kept sealed beside the result). */
    correctedAt: z.string().nullable().default(null),
    /** When the doctor marked the note, as it is now, reviewed. */
    reviewedAt: z.string().nullable().default(null),
    /** How it is sent: the whole recording after Stop (the voice upload), or in parts while it is spoken (a session). */
    api: z.enum(TRANSCRIPTION_APIS).default('voice-upload'),
    /** What the session asks for, fixed when recording starts. */
    request: z
      .object({ languages: z.array(z.string().max(20)).max(10), templates: z.array(z.string().max(200)).max(2), model: z.enum(['pro', 'lite']) })
      .nullable()
      .default(null),
    /**
     * How many parts the recording was cut into; null while it is recorded, or until its parts
     * are cut from it after a crash. Named `chunkCount` on disk (NAMES_ON_DISK).
     */
    partCount: z.number().int().min(0).nullable().default(null),
    /** The parts' format (`ogg`: Ogg Opus, where the service lists it when recording starts), kept for every session the parts go to. */
    partFormat: z.enum(PART_FORMATS).default('mp3'),
    session: sessionSchema.nullable().default(null),
    /** Sessions given up (expired before End, or replaced by a retry); never ended by the app again. */
    previousSessionIds: z.array(z.string()).default([]),
    /**
     * When "Patient withdraws consent" was pressed and the doctor has not yet answered whether to
     * destroy the consultation: nothing of it is sent, read or recorded while set, also after a restart.
     */
    haltedAt: z.string().nullable().default(null),
    /** The doctor's correction as a document of the session: its id once made, and the correction it holds. */
    correctionDocument: z.object({ id: z.string().max(200).nullable(), sentFor: z.string().nullable() }).default({ id: null, sentFor: null }),
  }),
);

/**
 * Two fields keep on disk the names earlier versions gave them (the part count, and the
 * recording's damaged parcels): an earlier version still reads the folder (a word is not worth
 * a data format step, which would shut it out), and this one reads the manifest under either name.
 */
const NAMES_ON_DISK = { partCount: 'chunkCount', damagedParcels: 'damagedChunks' } as const;
const ON_DISK = Object.entries(NAMES_ON_DISK) as [keyof typeof NAMES_ON_DISK, string][];

/** A manifest as read from disk (fields under the names kept there) or as the app holds it. */
export const manifestSchema = z.preprocess((raw) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const fields = { ...(raw as Record<string, unknown>) };
  for (const [name, onDisk] of ON_DISK) {
    if (!(onDisk in fields)) continue;
    if (!(name in fields)) fields[name] = fields[onDisk];
    delete fields[onDisk];
  }
  return fields;
}, manifestFields);
export type DictationManifest = z.infer<typeof manifestFields>;

/** The manifest as its file keeps it: fields under their names on disk. */
export function manifestOnDisk(manifest: DictationManifest): object {
  const fields: Record<string, unknown> = { ...manifest };
  for (const [name, onDisk] of ON_DISK) {
    fields[onDisk] = fields[name];
    delete fields[name];
  }
  return fields;
}

/** `contradictions`: how many medicines of its note contradict themselves (main/note-leaving/note-contradictions.ts). */
export function summaryOf(manifest: DictationManifest, uploadProgress: number | null, contradictions: number): DictationSummary {
  return {
    id: manifest.id,
    txnId: manifest.txnId,
    createdAt: manifest.createdAt,
    label: manifest.label,
    patientId: manifest.patientId,
    mode: manifest.mode,
    durationMs: manifest.durationMs,
    state: manifest.state,
    recovered: manifest.recovered,
    uploadProgress,
    problem: manifest.problem,
    nextAttemptAt: manifest.nextAttemptAt,
    attempts: manifest.attempts,
    correctedAt: manifest.correctedAt,
    reviewedAt: manifest.reviewedAt,
    contradictions,
    testData: manifest.testData,
    askedFor: manifest.request ? { languages: manifest.request.languages, templates: manifest.request.templates } : null,
    consent: manifest.consent,
    haltedAt: manifest.haltedAt,
  };
}
