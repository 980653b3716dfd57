/**
 * The patient directory (`/profiles/v1/patient/…`): the patient's record at the service, whose
 * id (OID) is what X-Pt-Id carries for everything about that patient. Found by the clinic's own
 * id for them (`username`), else made; never guessed from a name.
 */
import { createdPatientSchema, directoryErrorSchema, foundPatientsSchema } from './health-record-schemas';
import { check, commonFailure, unexpected, type Answer, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceWords } from './service-text';

const PATIENTS = '/profiles/v1/patient';

/** What the directory is told of a new patient. */
export interface ServicePatientInput {
  /** The clinic's own id for the patient (`username`): how they are found again. */
  partnerPatientId: string;
  name: string;
  /** The directory asks for a date of birth; the app knows the age in years, so the year alone is sure. */
  birthYear: number;
  sex: 'F' | 'M' | 'O';
  abhaAddress: string | null;
  signal?: AbortSignal;
}

/** The directory takes only calls that name the clinic's client (`client-id`). */
async function clientHeader(caller: ServiceCaller): Promise<Record<string, string>> {
  const clientId = await caller.clientId();
  if (!clientId) throw new ServiceError('configuration', 'The patient directory needs the clinic’s client id, and none is set: enter it in Settings (Client id), or ask your administrator to set it by policy.');
  return { 'client-id': clientId };
}

function directoryFailure(answer: Answer, what: string): ServiceError {
  const common = commonFailure(answer);
  if (common && answer.status !== 403) return common;
  const parsed = directoryErrorSchema.safeParse(answer.json);
  const words = serviceWords(parsed.success ? ('error' in parsed.data ? parsed.data.error.message : parsed.data.message) : answer.json === undefined ? answer.text : '');
  if (answer.status === 403) return new ServiceError('forbidden', `The service refused ${what} (HTTP 403${words.text ? `: “${words.text}”` : ''}): this account may not keep patients there.`, { status: 403, detail: words.detail });
  if (answer.status >= 400 && answer.status < 500) {
    return new ServiceError('invalid_request', `The service refused ${what}${words.text ? `: ${words.text.replace(/\.$/, '')}` : ''}.`, { status: answer.status, detail: words.detail });
  }
  return unexpected(answer);
}

/** GET search?prefix=<the clinic's id>: the patient whose `username` is exactly that id, or null. */
export async function findServicePatient(caller: ServiceCaller, input: { partnerPatientId: string; signal?: AbortSignal }): Promise<string | null> {
  const answer = await caller.call({
    method: 'GET',
    path: `${PATIENTS}/search`,
    query: [['prefix', input.partnerPatientId], ['limit', '50']],
    headers: await clientHeader(caller),
    patient: { servicePatientId: null, partnerPatientId: input.partnerPatientId },
    signal: input.signal,
  });
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw directoryFailure(answer, 'the search for the patient');
  // A prefix search: only the exact id is this patient.
  const found = check(foundPatientsSchema, answer.json, 'patient search').filter((patient) => patient.username === input.partnerPatientId);
  if (found.length > 1) throw new ServiceError('invalid_request', 'The service holds two records for this patient; the app cannot tell which is theirs. Ask the service to merge them.');
  return found[0]?.oid ?? null;
}

/** POST /profiles/v1/patient/: the patient's record at the service; its OID. */
export async function createServicePatient(caller: ServiceCaller, input: ServicePatientInput): Promise<string> {
  const body = {
    fln: input.name,
    dob: `${String(input.birthYear).padStart(4, '0')}-01-01`,
    gen: input.sex,
    username: input.partnerPatientId,
    ...(input.abhaAddress ? { abha: input.abhaAddress } : {}),
  };
  // Plain JSON over HTTPS: the vendor documents no JWE for the directory.
  const text = JSON.stringify(body);
  const answer = await caller.call({
    method: 'POST',
    path: `${PATIENTS}/`,
    body: () => text,
    headers: { 'content-type': 'application/json', ...(await clientHeader(caller)) },
    patient: { servicePatientId: null, partnerPatientId: input.partnerPatientId },
    signal: input.signal,
  });
  if (answer.status !== 200 && answer.status !== 201) throw directoryFailure(answer, "the patient's record");
  return check(createdPatientSchema, answer.json, 'new patient record').oid;
}
