/** The faults the sandbox can be told to inject, through its control endpoint or in tests. */
import { z } from 'zod';
import { HOSTILE_KINDS, HOSTILE_OPERATIONS, type HostileOperation } from './sandbox-hostile';

const hostileCounts = z
  .object(Object.fromEntries(HOSTILE_OPERATIONS.map((operation) => [operation, z.number().int().min(0).optional()])) as Record<HostileOperation, z.ZodOptional<z.ZodNumber>>)
  .strict();

/** One answer given as it is: status, headers and body text. */
const rawAnswer = z
  .object({
    status: z.number().int().min(200).max(599),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.string(),
    contentType: z.string().default('application/json'),
  })
  .strict();
export type RawAnswer = z.infer<typeof rawAnswer>;

export const faultsSchema = z
  .object({
    /** Added before every answer. */
    latencyMs: z.number().int().min(0).max(60_000),
    /** Request bodies arrive no faster than an uplink of this many kbit/s, shared by all requests (throttled-body.ts); 0: no limit. */
    uplinkKbps: z.number().min(0).max(10_000_000),
    /** Share of API calls answered 503 with no body. */
    serverErrorRate: z.number().min(0).max(1),
    /** Share of API calls whose connection is dropped without an answer. */
    dropRate: z.number().min(0).max(1),
    /** The next N API calls get 503. */
    failNext: z.number().int().min(0),
    /** The next N API calls are dropped. */
    dropNext: z.number().int().min(0),
    /** The next N API calls get 429 with `Retry-After: 1`. */
    rateLimitNext: z.number().int().min(0),
    /** The next N API calls get 200 with a JSON body of an unexpected shape. */
    malformedNext: z.number().int().min(0),
    /** The next N API calls get 200 with an HTML page instead of JSON. */
    garbageNext: z.number().int().min(0),
    /** Every API call gets its operation's 401, whatever the token. */
    unauthorized: z.boolean(),
    /** Lab report uploads (`recordUpload`) get 403 {message: "Forbidden"}. */
    forbidRecords: z.boolean(),
    /** How long a transaction stays "in progress" (202) after its upload. */
    processingMs: z.number().int().min(0).max(600_000),
    /** How long a lab report's result takes: `queued` for the first third, then `inprogress`, then final. */
    recordProcessingMs: z.number().int().min(0).max(600_000),
    /** Outcomes for the next uploaded transactions, in order. */
    nextOutcomes: z.array(z.enum(['success', 'partial', 'failed'])),
    /** How encrypted answers are authenticated: with their own `protected`, the request's, or none. */
    responseAad: z.enum(['protected', 'request', 'empty']),
    /** Answers to encrypted requests are sent in plain JSON (a client must refuse them). */
    plainAnswers: z.boolean(),
    /** Life of the access tokens it issues from now on, in seconds (the real service: 1800). */
    tokenLifetimeSeconds: z.number().int().min(1).max(86_400),
    /** Life of the refresh tokens it issues from now on, in seconds. */
    refreshLifetimeSeconds: z.number().int().min(1).max(30 * 86_400),
    /** Sign-in and renewal are refused with 403, as for a disabled account. */
    accountDisabled: z.boolean(),
    /** How long a registration OTP (Aadhaar or mobile) stays valid, in seconds. */
    otpLifetimeSeconds: z.number().int().min(1).max(3_600),
    /** The next N answers of each named operation are hostile (sandbox-hostile.ts), cycling through its kinds. */
    hostileNext: hostileCounts,
    /** Only these hostile kinds (every kind of the operation when empty). */
    hostileKinds: z.array(z.enum(HOSTILE_KINDS as [string, ...string[]])),
    /** The next API calls, whatever they are, get these answers as they are, in order. */
    rawNext: z.array(rawAnswer),
    /** Where new sessions take their audio: the service itself, a presigned address (`upload_url` a string), or a presigned POST form (`{url, fields}`). */
    sessionUploadUrl: z.enum(['service', 'path', 'form']),
    /** How long a session not yet ended lives, in seconds (the real service: about an hour). */
    sessionLifetimeSeconds: z.number().int().min(1).max(86_400),
    /** `off`: the sessions API is not there (404 to every sessions call), as at a service that offers only the voice upload. */
    sessionsApi: z.enum(['on', 'off']),
    /** The audio formats discovery lists (MIME types); a part in another is refused. */
    audioFormats: z.array(z.string().max(100)).max(20),
    /** Each part's words (`GET /voice/api/v3/transcript/{session}/{n}`): `on`, or every request answered 404 or 501, as at a service without them. */
    partWords: z.enum(['on', 'not-found', 'not-implemented']),
    /** How long after a part arrives its words are ready (the service's own time); asked before, it answers 404. */
    partWordsDelayMs: z.number().int().min(0).max(600_000),
    /** Parts (by number, in every session) whose words never come. */
    partWordsNever: z.array(z.number().int().min(0)).max(1_000),
    /** The next N care context links get ABDM-1022 (too many requests), as the exchange answers it: HTTP 500. */
    abdmTooManyNext: z.number().int().min(0),
    /** The next N care contexts accepted end ERRORED in the linked list instead of LINKED. */
    linkErrorNext: z.number().int().min(0),
    /** How long after it is accepted a care context shows in the linked list (the exchange's own time). */
    linkDelayMs: z.number().int().min(0).max(600_000),
    /** How long another document from a session takes to be made (the service's own time). */
    documentProcessingMs: z.number().int().min(0).max(600_000),
    /** Templates the service no longer has: gone from the list, and a document asked of one is refused (404 `template_not_found`). */
    removedTemplates: z.array(z.string().max(200)).max(100),
    /** Languages (`target_language`) the service refuses (422 `unsupported_language`), besides those it does not publish. */
    refusedLanguages: z.array(z.string().max(20)).max(20),
    /** What the next documents made from sessions come out as: empty, in another script, with a number changed, or failed. */
    documentTextNext: z.array(z.enum(['empty', 'other-script', 'changed-number', 'failed'])).max(100),
  })
  .strict();
export type SandboxFaults = z.infer<typeof faultsSchema>;

export const DEFAULT_FAULTS: SandboxFaults = {
  latencyMs: 0,
  uplinkKbps: 0,
  serverErrorRate: 0,
  dropRate: 0,
  failNext: 0,
  dropNext: 0,
  rateLimitNext: 0,
  malformedNext: 0,
  garbageNext: 0,
  unauthorized: false,
  forbidRecords: false,
  processingMs: 1_500,
  recordProcessingMs: 3_000,
  nextOutcomes: [],
  responseAad: 'protected',
  plainAnswers: false,
  tokenLifetimeSeconds: 1800,
  refreshLifetimeSeconds: 7 * 86_400,
  accountDisabled: false,
  otpLifetimeSeconds: 600,
  hostileNext: {},
  hostileKinds: [],
  rawNext: [],
  sessionUploadUrl: 'service',
  sessionLifetimeSeconds: 3_600,
  sessionsApi: 'on',
  /** As the published discovery document lists them. */
  audioFormats: ['audio/webm;codecs=opus', 'audio/wav', 'audio/ogg', 'audio/mp4', 'audio/m4a', 'audio/mp3'],
  partWords: 'on',
  partWordsDelayMs: 800,
  partWordsNever: [],
  abdmTooManyNext: 0,
  linkErrorNext: 0,
  linkDelayMs: 1_500,
  documentProcessingMs: 2_000,
  removedTemplates: [],
  refusedLanguages: [],
  documentTextNext: [],
};
