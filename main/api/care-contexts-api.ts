/**
 * The health exchange's care contexts (abdm-connect): a visit's record linked to the patient's
 * ABHA (`POST /abdm/v1/care-contexts/link`, 202 with no body; the outcome comes later), and the
 * list of what is linked for a patient (`GET /abdm/v1/care-contexts/linked`), which a desktop
 * reads instead of the webhook it cannot receive. ABDM-1056 (already linked) is success: the
 * care context id is the app's own and stable, so a retry never links twice. ABDM-1022 (too
 * many requests) and 5xx are retried; a refusal says what the exchange refused. Sent as plain
 * JSON over HTTPS: the vendor documents no JWE here, and a 202 without a body could not be
 * verified as an encrypted answer.
 */
import { abdmErrorSchema, linkedCareContextsSchema } from './health-record-schemas';
import { check, commonFailure, unexpected, type Answer, type PatientHeaders, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceCode, serviceWords } from './service-text';
import { parseRetryAfter } from './retry-policy';

const CARE_CONTEXTS = '/abdm/v1/care-contexts';

/** The record types the exchange takes. */
export const HI_TYPES = ['OPConsultation', 'Prescription', 'DischargeSummary', 'DiagnosticReport', 'ImmunizationRecord', 'HealthDocumentRecord', 'WellnessRecord'] as const;
export type HiType = (typeof HI_TYPES)[number];

export interface CareContext {
  careContextId: string;
  /** What the patient's health record app shows for it. */
  display: string;
  hiType: HiType;
  /** The FHIR document bundle, as JSON text; sent base64. */
  bundle: string;
}

/** Whom a link is for: the patient at the service, the clinic's own id for them, the clinic as a HIP. */
export interface LinkPatient extends PatientHeaders {
  servicePatientId: string;
  partnerPatientId: string;
  hipId: string;
}

export interface LinkedCareContext {
  careContextId: string;
  createdAt: string | null;
  /** `LINKED`, `ERRORED`, or a status the exchange names otherwise (kept as said). */
  status: string | null;
  /** Why it was not linked, in the exchange's words, where it says. */
  error: string | null;
}

/** The exchange's own code of a refusal ("ABDM-1056"), or null. */
function abdmCode(answer: Answer): { code: string | null; words: ReturnType<typeof serviceWords> } {
  const parsed = abdmErrorSchema.safeParse(answer.json);
  // A body that is not the documented shape (a gateway's plain text, a page) is quoted as said, markup removed.
  if (!parsed.success || answer.json === null || typeof answer.json !== 'object') return { code: null, words: serviceWords(answer.json === undefined ? answer.text : '') };
  const source = parsed.data.source_error;
  const code = serviceCode(source?.code).toUpperCase().replace(/[\s:;,.-]+$/, '');
  return { code: code || null, words: serviceWords(source?.message ?? parsed.data.error) };
}

function linkFailure(answer: Answer): ServiceError {
  if (answer.status === 401) return commonFailure(answer)!;
  const { code, words } = abdmCode(answer);
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after']);
  const quoted = words.text ? `: “${words.text.replace(/\.$/, '')}”` : '';
  const because = code ? ` (${code})` : '';
  if (code === 'ABDM-1022' || answer.status === 429) {
    return new ServiceError('rate_limited', `The health exchange is busy (too many requests${because}). The app will try again.`, { status: answer.status, code: code ?? undefined, retryAfterMs });
  }
  if (answer.status === 403) {
    // The gateway's 403 may come as plain text: its words, as said.
    return new ServiceError('forbidden', `The service refused to link this visit (HTTP 403${quoted}): this account may not link records for this HIP id.`, { status: 403, detail: words.detail });
  }
  if (answer.status >= 500) return new ServiceError('server_error', `The health exchange had a problem (HTTP ${answer.status}${because}${quoted}). The app will try again.`, { status: answer.status, code: code ?? undefined, retryAfterMs, detail: words.detail });
  if (answer.status >= 400) {
    return new ServiceError('invalid_request', `The health exchange refused this visit’s record${quoted}${because}.`, { status: answer.status, code: code ?? undefined, detail: words.detail });
  }
  return unexpected(answer);
}

/** POST link: `accepted` (202: the exchange will link it), or `already-linked` (ABDM-1056). */
export async function linkCareContexts(
  caller: ServiceCaller,
  input: { patient: LinkPatient; abhaAddress: string; careContexts: CareContext[]; signal?: AbortSignal },
): Promise<'accepted' | 'already-linked'> {
  const body = JSON.stringify({
    abha_address: input.abhaAddress,
    oid: input.patient.servicePatientId,
    partner_user_id: input.patient.partnerPatientId,
    care_contexts: input.careContexts.map((context) => ({
      care_context_id: context.careContextId,
      display: context.display,
      hi_type: context.hiType,
      data: Buffer.from(context.bundle, 'utf8').toString('base64'),
    })),
  });
  const answer = await caller.call({
    method: 'POST',
    path: `${CARE_CONTEXTS}/link`,
    headers: { 'content-type': 'application/json' },
    body: () => body,
    patient: input.patient,
    signal: input.signal,
  });
  if (answer.status === 202 || answer.status === 200 || answer.status === 201 || answer.status === 204) return 'accepted';
  if (abdmCode(answer).code === 'ABDM-1056') return 'already-linked';
  throw linkFailure(answer);
}

/** GET linked?hip_id&oid: the patient's care contexts the exchange holds for this clinic. */
export async function linkedCareContexts(caller: ServiceCaller, input: { patient: LinkPatient; signal?: AbortSignal }): Promise<LinkedCareContext[]> {
  const answer = await caller.call({
    method: 'GET',
    path: `${CARE_CONTEXTS}/linked`,
    query: [['hip_id', input.patient.hipId], ['oid', input.patient.servicePatientId]],
    patient: input.patient,
    signal: input.signal,
  });
  if (answer.status !== 200) throw linkFailure(answer);
  const list = check(linkedCareContextsSchema, answer.json, 'linked care contexts').care_contexts ?? [];
  return list.map((item) => ({
    careContextId: item.care_context_id,
    createdAt: item.created_at ?? null,
    status: item.status ?? null,
    error: item.error === undefined || item.error === null ? null : serviceWords(typeof item.error === 'string' ? item.error : JSON.stringify(item.error)).text || null,
  }));
}
