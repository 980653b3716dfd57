/**
 * The sessions API in the sandbox (the vendor's current transcription API): discovery,
 * create, audio parts, End, the result, PATCH, the templates list and documents. As strict as
 * the published documents allow, and stricter where they are silent, so that a client
 * that passes here does what the real service needs:
 *
 * - a part is `{base}_{n}.{ext}`, `n` from 0 without leading zeros, one base and one format
 *   a session, the bytes of the format the extension names, at most 10 MB and 20 s;
 * - the same number again with the same bytes is taken once; with other bytes it is refused;
 * - End only with every number from 0 to n-1 received and `audio_files_sent` = n; a second
 *   End is "already ended"; nothing is taken after End;
 * - a session not ended within its life (an hour; a fault shortens it) is expired: 410;
 * - a part is in one of the formats discovery lists (a fault lists fewer), else 400
 *   `invalid_audio_format`;
 * - each part's words (`GET /voice/api/v3/transcript/{session}/{n}`, the vendor's per-part
 *   transcript) are ready a while after the part arrives (`partWordsDelayMs`, the service's own
 *   time) and 404 before; faults answer 404 or 501 to every request, or never give some parts';
 * - `patient_details` (create and PATCH) holds only what the app may send and in the published
 *   shapes (the SDK's `name`, `age` as a string of whole years 0–130, `gender` male, female
 *   or other; `abha_number` grouped 12-3456-7890-1234): the published schema takes any key,
 *   the sandbox refuses every other one, so that nothing more about a patient slips out;
 * - `upload_url` is absent (parts to the service), a presigned path, or a presigned POST form
 *   (`sessionUploadUrl`); presigned addresses are on the sandbox's own origin (the one plain
 *   http address a client may take one at), under `/presigned/`, not the documented audio
 *   endpoint, and refuse a bearer token.
 *
 * The results are test output chosen from the audio's fingerprint (sandbox-results.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { readBody, readBodyToEnd, readForm } from './request-body';
import type { SandboxFaults } from './sandbox-faults';
import { sandboxPrescription, type SandboxOutcome } from './sandbox-results';
import { type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { BadRequest, type Reply } from './sandbox-reply';

const MAX_PART_BYTES = 10 * 1024 * 1024;
const MAX_PART_SECONDS = 20;
/** A part cut at 20 s by a client may be a frame longer. */
const PART_SECONDS_TOLERANCE = 0.1;
const MAX_TEMPLATES = 2;
/** The formats a part may be in, by file extension, and the MIME type discovery lists each under. */
const FORMAT_TYPES = {
  webm: 'audio/webm;codecs=opus',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/m4a',
  mp4: 'audio/mp4',
} as const;
type Format = keyof typeof FORMAT_TYPES;
const PART_NAME = /^([A-Za-z0-9][A-Za-z0-9-]{0,63})_(0|[1-9][0-9]{0,5})\.(webm|mp3|wav|ogg|m4a|mp4)$/;
const SESSION_ID = /^[A-Za-z0-9_-]{16,32}$/;
const LANGUAGES = ['en', 'hi', 'kn', 'ta', 'te', 'ml', 'mr', 'bn', 'gu', 'pa'];

export const SANDBOX_TEMPLATES = [
  { id: 'eka_emr_template', title: 'EMR prescription', default: true, is_favorite: false },
  { id: 'clinical_notes_template', title: 'Clinical notes', default: true, is_favorite: false },
  { id: 'transcript_template', title: 'Transcript', default: false, is_favorite: false },
  /** A clinic's own template, whose output has a shape no document describes. */
  { id: 'sandbox_clinic_referral', title: 'Referral letter (clinic template, sandbox)', default: false, custom: true, is_favorite: true },
  /** The doctor's favourite for what the patient takes home. */
  { id: 'sandbox_patient_handout', title: 'Instructions for the patient (clinic template, sandbox)', default: false, custom: true, is_favorite: true },
];

/** The templates the list shows now: a template the `removedTemplates` fault took away is no longer there. */
export function listedTemplates(faults: SandboxFaults): typeof SANDBOX_TEMPLATES {
  return SANDBOX_TEMPLATES.filter((template) => !faults.removedTemplates.includes(template.id));
}

/** What the app may tell a session of its patient (main/dictations/patient-details.ts), strictly. */
export const sandboxPatientDetailsSchema = z
  .object({
    name: z.string().trim().min(1, 'name is not empty').max(200),
    age: z.string().regex(/^(0|[1-9]\d?|1[0-2]\d|130)$/, 'age is whole years as a string, "0" to "130"'),
    gender: z.enum(['male', 'female', 'other']),
    abha_number: z.string().regex(/^\d{2}-\d{4}-\d{4}-\d{4}$/, 'abha_number is 14 digits grouped 12-3456-7890-1234'),
  })
  .partial()
  .strict();

const createSchema = z
  .object({
    upload_type: z.literal('chunked'),
    model: z.enum(['pro', 'lite']).optional(),
    language_hint: z.array(z.string().regex(/^([a-z]{2}|auto_detect)$/)).max(5).optional(),
    templates: z.array(z.string().min(1).max(200)).max(MAX_TEMPLATES).optional(),
    session_id: z.string().regex(SESSION_ID, 'session_id is 16-32 letters, digits, - or _').optional(),
    patient_details: sandboxPatientDetailsSchema.optional(),
    additional_data: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const patchSchema = z
  .object({
    templates: z.array(z.string().min(1).max(200)).max(MAX_TEMPLATES).optional(),
    language_hint: z.array(z.string().regex(/^([a-z]{2}|auto_detect)$/)).max(5).optional(),
    model: z.enum(['pro', 'lite']).optional(),
    patient_details: sandboxPatientDetailsSchema.optional(),
    additional_data: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const endSchema = z.object({ audio_files_sent: z.number().int().min(0).max(100_000) }).strict();

const documentSchema = z
  .object({
    session_id: z.string().min(1).max(200),
    document_id: z.string().min(1).max(200).optional(),
    template_id: z.string().min(1).max(200).optional(),
    type: z.enum(['context', 'custom', 'notes', 'integration']).optional(),
    document_name: z.string().min(1).max(500).optional(),
    status: z.string().max(80).optional(),
    errors: z.array(z.unknown()).optional(),
    warnings: z.array(z.unknown()).optional(),
    usage_information: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

interface ReceivedPart {
  sha256: string;
  bytes: number;
  receivedAt: number;
  /** As the sandbox reads its length; null where it cannot tell. */
  seconds: number | null;
}

interface Session {
  id: string;
  createdAt: number;
  expiresAt: number;
  templates: string[];
  languages: string[];
  base: string | null;
  format: Format | null;
  parts: Map<number, ReceivedPart>;
  endedAt: number | null;
  outcome: SandboxOutcome;
  /** Where its audio goes: the service, or the presigned address it was given. */
  upload: SandboxFaults['sessionUploadUrl'];
  /** For presigned addresses: what signs them. */
  uploadSecret: string;
  /** What the session was told of its patient (create, then PATCH); null: nothing. */
  patientDetails: Record<string, string> | null;
}

export interface SandboxDocument {
  id: string;
  sessionId: string;
  templateId: string | null;
  name: string;
  secret: string;
  markdown: string | null;
  versions: number;
  /** A document the service makes (another template, another language): when it is ready, or why it failed; null for one a client saved. */
  made?: { readyAt: number; failed: string[] | null; lang: string | null };
}

const problem = (status: number, code: string, message: string): Reply => ({ status, json: { error: { code, message } } });
const unauthorized: Reply = problem(401, 'unauthorized', 'Missing or invalid access token.');
const badRequest = (reason: string): Reply => problem(400, 'invalid_request', reason);

/** The format the bytes are in, by their first bytes; null for none the sessions API takes. */
export function audioFormatOf(bytes: Buffer): Format | 'mp4-family' | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (bytes.length >= 8 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4-family';
  if (bytes.length >= 3 && bytes.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}

function formatMatches(extension: Format, bytes: Buffer): boolean {
  const found = audioFormatOf(bytes);
  return found === extension || (found === 'mp4-family' && (extension === 'm4a' || extension === 'mp4'));
}

/**
 * Seconds of an Ogg Opus file: its last page's granule position less OpusHead's pre-skip, at
 * 48 kHz (RFC 7845); null when it does not read as one (no OpusHead, a page cut short).
 */
function oggOpusSeconds(bytes: Buffer): number | null {
  let preSkip: number | null = null;
  let granule = -1n;
  for (let offset = 0; offset + 27 <= bytes.length; ) {
    if (bytes.toString('latin1', offset, offset + 4) !== 'OggS') return null;
    const segments = bytes[offset + 26]!;
    if (offset + 27 + segments > bytes.length) return null;
    let size = 27 + segments;
    for (let index = 0; index < segments; index += 1) size += bytes[offset + 27 + index]!;
    if (offset + size > bytes.length) return null;
    if (preSkip === null) {
      const body = offset + 27 + segments;
      if (bytes.toString('latin1', body, body + 8) !== 'OpusHead') return null;
      preSkip = bytes.readUInt16LE(body + 10);
    }
    const pageGranule = bytes.readBigInt64LE(offset + 6);
    if (pageGranule >= 0n) granule = pageGranule;
    offset += size;
  }
  return preSkip === null || granule < 0n ? null : Math.max(0, Number(granule) - preSkip) / 48_000;
}

/** Seconds of a WAV (from its header and data size), an MP3 (from its first frame's bit rate) or an Ogg Opus file; null where the sandbox cannot tell. */
export function audioSeconds(extension: Format, bytes: Buffer): number | null {
  if (extension === 'ogg') return oggOpusSeconds(bytes);
  if (extension === 'wav') {
    let offset = 12;
    let byteRate = 0;
    while (offset + 8 <= bytes.length) {
      const id = bytes.toString('latin1', offset, offset + 4);
      const size = bytes.readUInt32LE(offset + 4);
      if (id === 'fmt ' && offset + 20 <= bytes.length) byteRate = bytes.readUInt32LE(offset + 16);
      if (id === 'data') return byteRate > 0 ? Math.min(size, bytes.length - offset - 8) / byteRate : null;
      offset += 8 + size + (size % 2);
    }
    return null;
  }
  if (extension === 'mp3') {
    let offset = 0;
    if (bytes.toString('latin1', 0, 3) === 'ID3' && bytes.length >= 10) {
      offset = 10 + (((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f));
    }
    if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xe0) !== 0xe0) return null;
    const mpeg1 = (bytes[offset + 1]! & 0x18) === 0x18;
    const index = bytes[offset + 2]! >> 4;
    const rates = mpeg1 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
    const kbps = rates[index] ?? 0;
    return kbps > 0 ? ((bytes.length - offset) * 8) / (kbps * 1000) : null;
  }
  return null;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function sign(secret: string, what: string): string {
  return createHash('sha256').update(`${secret}:${what}`).digest('base64url').slice(0, 32);
}

/** The service's own address, as the request reached it. */
function serviceBase(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** Where the addresses it hands out begin: its own origin (below it, `/presigned/…`, never the service's endpoints). */
const presignedBase = serviceBase;

const SANDBOX_TRANSCRIPT = '[Sandbox transcript] The sandbox does not transcribe speech. It received the audio in parts and returns test output chosen from its fingerprint.';

export class SandboxSessions implements SandboxArea {
  private readonly sessions = new Map<string, Session>();
  private readonly documents = new Map<string, SandboxDocument>();

  constructor(
    private readonly faults: () => SandboxFaults,
    private readonly now: () => number = Date.now,
  ) {}

  readonly routes: SandboxRoute[] = [
    this.route('sessionDiscovery', 'GET', '/voice/v1/.well-known/medscribealliance', () => this.discovery(), true),
    this.route('sessionCreate', 'POST', '/voice/v1/sessions', (context) => this.create(context)),
    this.route('sessionPart', 'POST', /^\/voice\/v1\/sessions\/([^/]+)\/audio\/([^/]+)$/, (context) => this.partToService(context)),
    this.route('sessionEnd', 'POST', /^\/voice\/v1\/sessions\/([^/]+)\/end$/, (context) => this.end(context)),
    this.route('sessionGet', 'GET', /^\/voice\/v1\/sessions\/([^/]+)$/, (context) => this.result(context)),
    this.route('sessionPatch', 'PATCH', /^\/voice\/v1\/sessions\/([^/]+)$/, (context) => this.patch(context)),
    this.route('partWords', 'GET', /^\/voice\/api\/v3\/transcript\/([^/]+)\/([^/]+)$/, (context) => this.partWords(context)),
    this.route('templateList', 'GET', '/voice/api/v1/template', () => ({ status: 200, json: { items: listedTemplates(this.faults()) } })),
    this.route('documentSave', 'POST', '/voice/api/v1/documents', (context) => this.saveDocument(context)),
    this.route('documentGet', 'GET', /^\/voice\/api\/v1\/documents\/([^/]+)$/, (context) => this.documentLink(context)),
    this.route('sessionPartUrl', 'POST', /^\/presigned\/([^/]+)\/sessions\/([^/]+)\/audio\/([^/]+)$/, (context) => this.partToPresignedPath(context), true),
    this.route('sessionPartForm', 'POST', '/presigned/chunks', (context) => this.partToForm(context), true),
    this.route('documentPut', 'PUT', /^\/presigned\/documents\/([^/]+)$/, (context) => this.putDocument(context), true),
    this.route('documentRead', 'GET', /^\/presigned\/documents\/([^/]+)$/, (context) => this.readDocument(context), true),
  ];

  reset(): void {
    this.sessions.clear();
    this.documents.clear();
  }

  /** What the sandbox holds of a session (tests). */
  session(id: string): { parts: number[]; ended: boolean; format: string | null } | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    return { parts: [...session.parts.keys()].sort((a, b) => a - b), ended: session.endedAt !== null, format: session.format };
  }

  /** What a session was told of its patient, as it holds it now (tests); null: nothing; undefined: no such session. */
  patientDetails(id: string): Record<string, string> | null | undefined {
    return this.sessions.get(id)?.patientDetails;
  }

  document(id: string): SandboxDocument | undefined {
    return this.documents.get(id);
  }

  /** The documents saved to a session, oldest first (tests). */
  documentsOf(sessionId: string): SandboxDocument[] {
    return [...this.documents.values()].filter((document) => document.sessionId === sessionId);
  }

  /** A session whose notes are made (ended, processed, not failed), with its audio's fingerprint; else the answer that says why not. */
  finished(id: string): { id: string; fingerprint: string } | Reply {
    const session = this.sessions.get(decodeURIComponent(id));
    if (!session) return problem(404, 'session_not_found', 'No such session.');
    if (session.endedAt === null) return problem(400, 'session_not_ended', 'Another document is made once the session is ended.');
    if (session.outcome === 'failed') return problem(400, 'session_failed', 'This session could not be processed; nothing can be made from it.');
    return { id: session.id, fingerprint: this.fingerprint(session) };
  }

  /** A document the service makes from a session, ready `made.readyAt`. */
  addMade(sessionId: string, templateId: string, markdown: string, made: NonNullable<SandboxDocument['made']>): SandboxDocument {
    const document: SandboxDocument = { id: `doc_${randomBytes(10).toString('hex')}`, sessionId, templateId, name: templateId, secret: randomBytes(16).toString('hex'), markdown, versions: 1, made };
    this.documents.set(document.id, document);
    return document;
  }

  private route(operation: string, method: SandboxRoute['method'], path: string | RegExp, handle: SandboxRoute['handle'], open = false): SandboxRoute {
    // A service without the sessions API knows none of these addresses.
    const guarded: SandboxRoute['handle'] = (context) => (this.faults().sessionsApi === 'off' ? problem(404, 'not_found', 'Not Found') : handle(context));
    return { operation, method, path, unauthorized, badRequest, handle: guarded, open };
  }

  private discovery(): Reply {
    return {
      status: 200,
      headers: { 'cache-control': 'public, max-age=3600' },
      json: {
        protocol: 'medscribealliance',
        protocol_version: '0.1',
        service: { name: 'Sandbox (test data)' },
        capabilities: {
          audio_formats: [...this.faults().audioFormats],
          max_chunk_duration_seconds: MAX_PART_SECONDS,
          max_chunk_size_bytes: MAX_PART_BYTES,
          upload_methods: ['chunked'],
          max_templates: MAX_TEMPLATES,
        },
        models: [
          { id: 'pro', display_name: 'Pro', languages: LANGUAGES },
          { id: 'lite', display_name: 'Lite', languages: ['en', 'hi'] },
        ],
        languages: { supported: LANGUAGES, auto_detection: true },
      },
    };
  }

  private async create(context: RouteContext): Promise<Reply> {
    const parsed = createSchema.safeParse((await context.readJson()).payload);
    if (!parsed.success) return problem(422, 'validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    const body = parsed.data;
    const unknown = (body.templates ?? []).filter((id) => !SANDBOX_TEMPLATES.some((template) => template.id === id));
    if (unknown.length > 0) return problem(422, 'unknown_template', `No such template: ${unknown.join(', ')}.`);
    const id = body.session_id ?? `ses_${randomBytes(12).toString('hex')}`;
    if (this.sessions.has(id)) return problem(409, 'session_exists', 'A session with this id exists already.');
    const now = this.now();
    const session: Session = {
      id,
      createdAt: now,
      expiresAt: now + this.faults().sessionLifetimeSeconds * 1000,
      templates: body.templates ?? ['eka_emr_template', 'clinical_notes_template'],
      languages: body.language_hint ?? ['auto_detect'],
      base: null,
      format: null,
      parts: new Map(),
      endedAt: null,
      outcome: 'success',
      upload: this.faults().sessionUploadUrl,
      uploadSecret: randomBytes(16).toString('hex'),
      patientDetails: body.patient_details ?? null,
    };
    this.sessions.set(id, session);
    const json: Record<string, unknown> = { session_id: id, status: 'created', expires_at: new Date(session.expiresAt).toISOString() };
    if (session.patientDetails) json.patient_details = session.patientDetails;
    const base = presignedBase(context.req);
    const shape = session.upload;
    // As documented, the audio endpoint below which each part is named; presigned, a signed address elsewhere.
    if (shape === 'service') json.upload_url = `${serviceBase(context.req)}/voice/v1/sessions/${id}/audio`;
    if (shape === 'path') json.upload_url = `${base}/presigned/${sign(session.uploadSecret, id)}/sessions/${id}/audio`;
    if (shape === 'form') json.upload_url = { url: `${base}/presigned/chunks`, fields: { key: `sessions/${id}/\${filename}`, policy: Buffer.from(JSON.stringify({ session: id })).toString('base64'), signature: sign(session.uploadSecret, id) } };
    return { status: 201, json };
  }

  /** The session a path names, or the answer that says why there is none to use. */
  private open(id: string): Session | Reply {
    const session = this.sessions.get(decodeURIComponent(id));
    if (!session) return problem(404, 'session_not_found', 'No such session.');
    if (session.endedAt === null && this.now() > session.expiresAt) return problem(410, 'session_expired', 'The session expired before it was ended.');
    return session;
  }

  private async partToService(context: RouteContext): Promise<Reply> {
    const [, id = '', name = ''] = /^\/voice\/v1\/sessions\/([^/]+)\/audio\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const found = this.open(id);
    if ('status' in found) return found;
    if (found.upload !== 'service') return problem(400, 'wrong_upload_address', 'This session takes its audio at the upload_url it was given.');
    return this.takePart(found, decodeURIComponent(name), await readBodyToEnd(context.req, MAX_PART_BYTES), context);
  }

  private async partToPresignedPath(context: RouteContext): Promise<Reply> {
    if (context.req.headers.authorization) return problem(400, 'authorization_not_allowed', 'A presigned address takes no Authorization header.');
    const [, signature = '', id = '', name = ''] = /^\/presigned\/([^/]+)\/sessions\/([^/]+)\/audio\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const session = this.sessions.get(decodeURIComponent(id));
    if (!session || signature !== sign(session.uploadSecret, session.id)) return { status: 403, text: 'SignatureDoesNotMatch', contentType: 'application/xml' };
    const found = this.open(session.id);
    if ('status' in found) return found;
    return this.takePart(found, decodeURIComponent(name), await readBodyToEnd(context.req, MAX_PART_BYTES), context);
  }

  private async partToForm(context: RouteContext): Promise<Reply> {
    if (context.req.headers.authorization) return problem(400, 'authorization_not_allowed', 'A presigned form takes no Authorization header.');
    const form = await readForm(context.req, MAX_PART_BYTES);
    const key = form.fields.key ?? '';
    const match = /^sessions\/([^/]+)\/\$\{filename\}$/.exec(key);
    const session = match ? this.sessions.get(match[1]!) : undefined;
    if (!session || form.fields.signature !== sign(session.uploadSecret, session.id) || !form.fields.policy) return { status: 403, text: 'SignatureDoesNotMatch', contentType: 'application/xml' };
    if (!form.file) return { status: 400, text: 'The form holds no file.', contentType: 'application/xml' };
    const found = this.open(session.id);
    if ('status' in found) return found;
    const reply = this.takePart(found, form.file.name, form.file.bytes, context);
    // Object storage answers a form upload with 204 and no body.
    return reply.status === 200 ? { status: 204 } : reply;
  }

  private takePart(session: Session, name: string, bytes: Buffer | 'too-large', context: RouteContext): Reply {
    const match = PART_NAME.exec(name);
    if (!match) return problem(400, 'invalid_file_name', 'An audio part is named {base}_{n}.{ext}: n counts from 0 without leading zeros; ext is webm, mp3, wav, ogg, m4a or mp4.');
    const [, base = '', number = '', extension = ''] = match;
    const format = extension as Format;
    const sequence = Number(number);
    if (session.endedAt !== null) return problem(409, 'session_ended', 'The session is ended; it takes no more audio.');
    if (bytes === 'too-large') return problem(413, 'file_too_large', 'An audio part is at most 10 MB.');
    if (bytes.length === 0) return problem(400, 'empty_file', 'The audio part is empty.');
    if (!this.faults().audioFormats.includes(FORMAT_TYPES[format])) return problem(400, 'invalid_audio_format', `Audio format '${FORMAT_TYPES[format]}' is not supported`);
    if (!formatMatches(format, bytes)) return problem(400, 'format_mismatch', `The audio part is not in the ${extension} format its name says.`);
    if (session.format !== null && session.format !== format) return problem(400, 'format_mismatch', `This session's audio is ${session.format}; every part has the same format.`);
    if (session.base !== null && session.base !== base) return problem(400, 'invalid_file_name', `This session's parts are named ${session.base}_{n}.`);
    const seconds = audioSeconds(format, bytes);
    if (seconds !== null && seconds > MAX_PART_SECONDS + PART_SECONDS_TOLERANCE) return problem(400, 'chunk_too_long', `An audio part is at most ${MAX_PART_SECONDS} s; this one is ${seconds.toFixed(1)} s.`);
    const digest = sha256(bytes);
    context.record.file = { field: 'body', name, contentType: String(context.req.headers['content-type'] ?? ''), size: bytes.length, sha256: digest };
    const earlier = session.parts.get(sequence);
    if (earlier && earlier.sha256 !== digest) return problem(409, 'chunk_conflict', `Audio part ${sequence} was received already with other audio.`);
    session.format = format;
    session.base = base;
    if (!earlier) session.parts.set(sequence, { sha256: digest, bytes: bytes.length, receivedAt: this.now(), seconds });
    return { status: 200, json: { session_id: session.id, success: true } };
  }

  private async end(context: RouteContext): Promise<Reply> {
    const [, id = ''] = /^\/voice\/v1\/sessions\/([^/]+)\/end$/.exec(context.url.pathname) ?? [];
    const found = this.open(id);
    if ('status' in found) return found;
    const parsed = endSchema.safeParse((await context.readJson()).payload);
    if (!parsed.success) return problem(422, 'validation_error', 'End takes {"audio_files_sent": n}.');
    if (found.endedAt !== null) return problem(409, 'session_already_ended', 'The session is ended already.');
    const received = found.parts.size;
    const missing = Array.from({ length: Math.max(received, parsed.data.audio_files_sent) }, (_, n) => n).filter((n) => !found.parts.has(n));
    if (received === 0) return problem(400, 'no_audio', 'The session has received no audio.');
    if (missing.length > 0 || parsed.data.audio_files_sent !== received) {
      return problem(400, 'audio_files_mismatch', `audio_files_sent is ${parsed.data.audio_files_sent}; received ${received}${missing.length ? `, missing ${missing.slice(0, 10).join(', ')}` : ''}.`);
    }
    found.endedAt = this.now();
    found.outcome = this.faults().nextOutcomes.shift() ?? 'success';
    return { status: 202, json: { session_id: found.id, status: 'processing', audio_files_received: received } };
  }

  private fingerprint(session: Session): string {
    const hash = createHash('sha256');
    for (const n of [...session.parts.keys()].sort((a, b) => a - b)) hash.update(session.parts.get(n)!.sha256);
    return hash.digest('hex');
  }

  private result(context: RouteContext): Reply {
    const [, id = ''] = /^\/voice\/v1\/sessions\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const found = this.open(id);
    if ('status' in found) return found;
    const received = found.parts.size;
    const audioFiles = [...found.parts.keys()].sort((a, b) => a - b).map((n) => `${found.base}_${n}.${found.format}`);
    if (found.endedAt === null) return { status: 202, json: { session_id: found.id, status: 'recording', audio_files_received: received, audio_files: audioFiles } };
    const transcript = `${SANDBOX_TRANSCRIPT} Received ${received} part${received === 1 ? '' : 's'}.`;
    if (this.now() - found.endedAt < this.faults().processingMs) {
      return { status: 202, json: { session_id: found.id, status: 'processing', transcript: transcript.split('. ')[0], audio_files_received: received } };
    }
    if (found.outcome === 'failed') {
      return { status: 200, json: { session_id: found.id, status: 'failed', message: 'The sandbox could not process this audio (a scripted failure).', audio_files_received: received } };
    }
    const fingerprint = this.fingerprint(found);
    const templates = found.templates.map((templateId, index) => {
      const failed = found.outcome === 'partial' && index === found.templates.length - 1;
      const documentId = `doc_${sign(fingerprint, templateId).slice(0, 20)}`;
      return { [templateId]: failed ? { status: 'failed', errors: ['The sandbox could not fill this template (a scripted partial result).'] } : { status: 'success', document_id: documentId, data: templateData(templateId, fingerprint) } };
    });
    const partial = found.outcome === 'partial';
    return {
      status: partial ? 206 : 200,
      json: {
        session_id: found.id,
        status: partial ? 'partial' : 'completed',
        transcript,
        language_detected: 'en',
        audio_files_received: received,
        audio_files: audioFiles,
        templates,
        ...(partial ? { processing_errors: [{ template_id: found.templates.at(-1), message: 'Template processing failed (sandbox).' }] } : {}),
      },
    };
  }

  /** One part's words: test words that say which part they are of, ready `partWordsDelayMs` after it arrived. */
  private partWords(context: RouteContext): Reply {
    const [, id = '', number = ''] = /^\/voice\/api\/v3\/transcript\/([^/]+)\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const faults = this.faults();
    if (faults.partWords === 'not-found') return problem(404, 'not_found', 'Not Found');
    if (faults.partWords === 'not-implemented') return problem(501, 'not_implemented', 'Per-part transcripts are not available.');
    const session = this.sessions.get(decodeURIComponent(id));
    if (!session) return problem(404, 'session_not_found', 'No such session.');
    if (!/^(0|[1-9]\d{0,5})$/.test(number)) return problem(400, 'invalid_chunk', 'The part number counts from 0 without leading zeros.');
    const sequence = Number(number);
    const part = session.parts.get(sequence);
    if (!part || faults.partWordsNever.includes(sequence) || this.now() - part.receivedAt < faults.partWordsDelayMs) {
      return problem(404, 'transcript_not_ready', 'The words of this part are not ready yet.');
    }
    const seconds = part.seconds === null ? 'some' : `${part.seconds.toFixed(1)} s of`;
    return {
      status: 200,
      json: {
        text: `Sandbox heard part ${sequence + 1}: ${seconds} sound (test words, not a transcription).`,
        confidence: 0.9,
        segments: [],
        audio_length: part.seconds ?? 0,
        audio_quality: 'good',
        metadata: { model_id: 'sandbox', commit_id: 'sandbox', context_used: [], lang_input: session.languages, lang_output: 'en', task: null },
      },
    };
  }

  private async patch(context: RouteContext): Promise<Reply> {
    const [, id = ''] = /^\/voice\/v1\/sessions\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const found = this.open(id);
    if ('status' in found) return found;
    const parsed = patchSchema.safeParse((await context.readJson()).payload);
    if (!parsed.success) return problem(422, 'validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    if (parsed.data.templates) found.templates = parsed.data.templates;
    if (parsed.data.language_hint) found.languages = parsed.data.language_hint;
    if (parsed.data.patient_details) found.patientDetails = Object.keys(parsed.data.patient_details).length > 0 ? parsed.data.patient_details : null;
    return { status: 200, json: { session_id: found.id, templates: found.templates, language_hint: found.languages } };
  }

  private async saveDocument(context: RouteContext): Promise<Reply> {
    const parsed = documentSchema.safeParse((await context.readJson()).payload);
    if (!parsed.success) return problem(422, 'validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    const body = parsed.data;
    if (!this.sessions.has(body.session_id)) return problem(404, 'session_not_found', 'No such session.');
    const base = presignedBase(context.req);
    if (body.document_id) {
      const existing = this.documents.get(body.document_id);
      if (!existing || existing.sessionId !== body.session_id) return problem(404, 'document_not_found', 'No such document in this session.');
      existing.name = body.document_name ?? existing.name;
      return { status: 200, json: { status: 'success', data: { document_id: existing.id, presigned_url: this.documentUrl(base, existing) } } };
    }
    const document: SandboxDocument = {
      id: `doc_${randomBytes(10).toString('hex')}`,
      sessionId: body.session_id,
      templateId: body.template_id ?? null,
      name: body.document_name ?? body.template_id ?? 'Document',
      secret: randomBytes(16).toString('hex'),
      markdown: null,
      versions: 0,
    };
    this.documents.set(document.id, document);
    return { status: 201, json: { status: 'success', data: { document_id: document.id, presigned_url: this.documentUrl(base, document) } } };
  }

  private documentUrl(base: string, document: SandboxDocument): string {
    return `${base}/presigned/documents/${document.id}?signature=${sign(document.secret, document.id)}`;
  }

  private documentLink(context: RouteContext): Reply {
    const [, id = ''] = /^\/voice\/api\/v1\/documents\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const document = this.documents.get(decodeURIComponent(id));
    if (!document) return problem(404, 'document_not_found', 'No such document.');
    const status = madeStatus(document, this.now());
    const data = { document_id: document.id, session_id: document.sessionId, template_id: document.templateId, document_name: document.name, type: 'markdown', status, lang: document.made?.lang ?? null };
    if (status === 'failed') return { status: 200, json: { status: 'success', data: { ...data, errors: document.made!.failed } } };
    return { status: 200, json: { status: 'success', data: status === 'success' ? { ...data, errors: [], presigned_url: this.documentUrl(presignedBase(context.req), document) } : data } };
  }

  private presignedDocument(context: RouteContext): SandboxDocument | Reply {
    if (context.req.headers.authorization) return problem(400, 'authorization_not_allowed', 'A presigned address takes no Authorization header.');
    const [, id = ''] = /^\/presigned\/documents\/([^/]+)$/.exec(context.url.pathname) ?? [];
    const document = this.documents.get(decodeURIComponent(id));
    if (!document || context.url.searchParams.get('signature') !== sign(document.secret, document.id)) return { status: 403, text: 'SignatureDoesNotMatch', contentType: 'application/xml' };
    return document;
  }

  private async putDocument(context: RouteContext): Promise<Reply> {
    const document = this.presignedDocument(context);
    if ('status' in document) return document;
    const type = String(context.req.headers['content-type'] ?? '');
    if (!/^text\/(markdown|plain)\b/.test(type)) return { status: 400, text: 'The note is sent as text/markdown.', contentType: 'application/xml' };
    const body = await readBody(context.req, 1024 * 1024);
    const markdown = body.toString('utf8');
    if (!Buffer.from(markdown, 'utf8').equals(body)) throw new BadRequest('not UTF-8');
    document.markdown = markdown;
    document.versions += 1;
    return { status: 200 };
  }

  private readDocument(context: RouteContext): Reply {
    const document = this.presignedDocument(context);
    if ('status' in document) return document;
    if (document.markdown === null || madeStatus(document, this.now()) !== 'success') return { status: 404, text: 'NoSuchKey', contentType: 'application/xml' };
    return { status: 200, text: document.markdown, contentType: 'text/markdown' };
  }
}

/** Where a document stands: one a client saved is there; one the service makes is in progress until it is ready, then made or failed. */
function madeStatus(document: SandboxDocument, now: number): 'in-progress' | 'success' | 'failed' {
  if (!document.made) return 'success';
  if (now < document.made.readyAt) return 'in-progress';
  return document.made.failed ? 'failed' : 'success';
}

/** A template's output: the EMR prescription (as the voice API's), clinical notes as text, the clinic's template in a shape of its own. */
function templateData(templateId: string, fingerprint: string): unknown {
  if (templateId === 'eka_emr_template') return sandboxPrescription({ audioSha256: fingerprint });
  if (templateId === 'clinical_notes_template') {
    // The reference tells one dictation's note from another's: it comes from the audio, like the prescription.
    return `# Clinical notes (sandbox test data)\n\n## Complaints\n- Sandbox complaint ${fingerprint.slice(0, 6)}, not a real patient\n\n## Advice\n- Sandbox advice: this note is test output.`;
  }
  if (templateId === 'transcript_template') return SANDBOX_TRANSCRIPT;
  return { letter: { to: 'Sandbox referral desk', sections: [{ heading: 'Reason', lines: ['Sandbox test data: no real patient.'] }] } };
}
