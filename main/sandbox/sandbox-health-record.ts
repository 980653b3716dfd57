/**
 * The sandbox's patient directory and health exchange, under the vendor's published rules:
 * patients made (`POST /profiles/v1/patient/`, a name, a date of birth and a sex required, the
 * clinic's id for them unique) and found (`GET …/search?prefix`); care contexts linked (`POST
 * /abdm/v1/care-contexts/link`, 202, checked as a consent manager would: the patient at X-Pt-Id
 * is the body's and holds its ABHA address, the bundle is the record type's national profile:
 * sandbox-bundle-check.ts) and listed (`GET …/linked?hip_id&oid`), the link settling
 * `linkDelayMs` later as LINKED, or ERRORED under `linkErrorNext`; ABDM-1056 for a care context
 * linked before, ABDM-1022 under `abdmTooManyNext`. Its patients are test data (`sandbox-pt-…`);
 * what it records of a request names nobody.
 */
import { abhaAddressProblem } from '../../contract/health-record';
import { RECORD_TYPES, bundleProblem } from './sandbox-bundle-check';
import type { SandboxFaults } from './sandbox-faults';
import type { RouteContext, SandboxArea, SandboxRoute } from './sandbox-routes';
import { jsonBadRequest, type Reply } from './sandbox-reply';

const UNAUTHORIZED: Reply = { status: 401, json: { message: 'Unauthorized' } };
const MAX_BUNDLE_BYTES = 4 * 1024 * 1024;

const abdmError = (status: number, error: string, code: string, message: string): Reply => ({ status, json: { code: status, error, source_error: { code, message } } });
const invalid = (what: string) => abdmError(400, 'Validation failed', 'ABDM-1010', what);
const badBody = (what: string) => abdmError(400, 'Bad Request, invalid request', 'ABDM-1006', what);
const directoryError = (message: string, code = 'invalid_request'): Reply => ({ status: 400, json: { error: { message, code } } });

export interface SandboxPatient {
  oid: string;
  username: string;
  gen: string;
  abha: string | null;
}

export interface SandboxCareContext {
  careContextId: string;
  hipId: string;
  oid: string;
  hiType: string;
  display: string;
  createdAt: number;
  /** When the exchange settles it: LINKED, or ERRORED with `error`. */
  settlesAt: number;
  outcome: 'LINKED' | 'ERRORED';
  error: string | null;
  /** The bundle's size, as received (its content is not kept). */
  bytes: number;
  /** Whether the bundle says it is test data (HTEST). */
  testData: boolean;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Uses up one of a count the faults set. */
function taken(faults: SandboxFaults, count: 'abdmTooManyNext' | 'linkErrorNext'): boolean {
  if (faults[count] <= 0) return false;
  faults[count] -= 1;
  return true;
}

export class SandboxHealthRecord implements SandboxArea {
  private readonly patients = new Map<string, SandboxPatient>();
  private readonly careContexts = new Map<string, SandboxCareContext>();
  private made = 0;

  readonly routes: SandboxRoute[] = [
    { operation: 'patientCreate', method: 'POST', path: '/profiles/v1/patient/', unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.createPatient(context) },
    { operation: 'patientSearch', method: 'GET', path: '/profiles/v1/patient/search', unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.searchPatients(context) },
    { operation: 'careContextLink', method: 'POST', path: '/abdm/v1/care-contexts/link', unauthorized: UNAUTHORIZED, badRequest: (reason) => badBody(reason), handle: (context) => this.link(context) },
    { operation: 'careContextsLinked', method: 'GET', path: '/abdm/v1/care-contexts/linked', unauthorized: UNAUTHORIZED, badRequest: (reason) => badBody(reason), handle: (context) => this.linked(context) },
  ];

  constructor(private readonly now: () => number = Date.now) {}

  reset(): void {
    this.patients.clear();
    this.careContexts.clear();
  }

  /** The patients made here (tests). */
  allPatients(): SandboxPatient[] {
    return [...this.patients.values()];
  }

  /** The care contexts linked or being linked here (tests). */
  allCareContexts(): SandboxCareContext[] {
    return [...this.careContexts.values()];
  }

  private async createPatient(context: RouteContext): Promise<Reply> {
    if (!context.req.headers['client-id']) return directoryError('client-id header is required');
    const { payload } = await context.readJson();
    if (!isObject(payload)) return directoryError('body must be a JSON object');
    context.record.json = { username: payload.username, gen: payload.gen, dob: typeof payload.dob === 'string' ? `${payload.dob.slice(0, 4)}-…` : payload.dob };
    const name = typeof payload.fln === 'string' ? payload.fln : typeof payload.fn === 'string' ? payload.fn : '';
    if (name.trim() === '') return directoryError('either fln or fn is required');
    if (typeof payload.dob !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(payload.dob)) return directoryError('dob is required as YYYY-MM-DD');
    if (!['M', 'F', 'O'].includes(String(payload.gen))) return directoryError('Invalid Gender Enum');
    if (typeof payload.username !== 'string' || payload.username === '') return directoryError('username is required');
    if ([...this.patients.values()].some((patient) => patient.username === payload.username)) return directoryError('username must be unique within a workspace', 'duplicate_username');
    if (payload.abha !== undefined && (typeof payload.abha !== 'string' || abhaAddressProblem(payload.abha) !== null)) return directoryError('abha is not an ABHA address');
    this.made += 1;
    const patient: SandboxPatient = { oid: `sandbox-pt-${String(this.made).padStart(6, '0')}`, username: payload.username, gen: String(payload.gen), abha: typeof payload.abha === 'string' ? payload.abha : null };
    this.patients.set(patient.oid, patient);
    return { status: 201, json: { oid: patient.oid } };
  }

  private searchPatients(context: RouteContext): Reply {
    if (!context.req.headers['client-id']) return directoryError('client-id header is required');
    const prefix = context.url.searchParams.get('prefix') ?? '';
    if (prefix === '') return directoryError('prefix is required');
    const limit = Math.min(50, Number(context.url.searchParams.get('limit') ?? 50) || 50);
    const found = [...this.patients.values()].filter((patient) => patient.username.startsWith(prefix)).slice(0, limit);
    return { status: 200, json: found.map((patient) => ({ username: patient.username, mobile: '', oid: patient.oid, fln: 'Sandbox patient (test data)' })) };
  }

  private async link(context: RouteContext): Promise<Reply> {
    const { payload } = await context.readJson();
    const faults = context.faults;
    if (!isObject(payload)) return badBody('body must be a JSON object');
    const contexts = Array.isArray(payload.care_contexts) ? payload.care_contexts : null;
    context.record.json = { oid: payload.oid, care_contexts: contexts?.filter(isObject).map((item) => ({ care_context_id: item.care_context_id, hi_type: item.hi_type })) };
    if (taken(faults, 'abdmTooManyNext')) return abdmError(500, 'Too many requests', 'ABDM-1022', 'Too many requests');
    const hipId = String(context.req.headers['x-hip-id'] ?? '');
    if (hipId === '') return abdmError(400, 'Something went wrong', 'ABDM-1032', 'Invalid header: X-Hip-Id is required');
    const oid = String(context.req.headers['x-pt-id'] ?? '');
    const patient = this.patients.get(oid);
    if (!patient) return invalid('X-Pt-Id names no patient of this workspace');
    if (payload.oid !== oid) return invalid('oid differs from X-Pt-Id');
    if (typeof payload.abha_address !== 'string' || abhaAddressProblem(payload.abha_address) !== null) return invalid('abha_address is not an ABHA address');
    if (patient.abha !== null && patient.abha !== payload.abha_address) return invalid("abha_address is not the ABHA address of the patient's record (X-Pt-Id)");
    if (!contexts || contexts.length === 0) return badBody('care_contexts must list at least one care context');
    const checked: SandboxCareContext[] = [];
    for (const [index, item] of contexts.entries()) {
      const problem = this.careContextProblem(item, payload.abha_address);
      if (problem) return invalid(`care_contexts[${index}]: ${problem}`);
      const careContext = item as { care_context_id: string; hi_type: string; display: string; data: string };
      // One the exchange could not link may be sent again; one linked, or on its way, is linked already.
      const earlier = this.careContexts.get(`${hipId}/${careContext.care_context_id}`);
      if (earlier && !(earlier.outcome === 'ERRORED' && earlier.settlesAt <= this.now())) return abdmError(400, 'Care context already linked', 'ABDM-1056', 'Care context already linked');
      const errored = taken(faults, 'linkErrorNext');
      const bundle = Buffer.from(careContext.data, 'base64').toString('utf8');
      checked.push({
        careContextId: careContext.care_context_id,
        hipId,
        oid,
        hiType: careContext.hi_type,
        display: careContext.display,
        createdAt: this.now(),
        settlesAt: this.now() + faults.linkDelayMs,
        outcome: errored ? 'ERRORED' : 'LINKED',
        error: errored ? 'The consent manager could not link this record to the ABHA address (sandbox fault: linkErrorNext).' : null,
        bytes: bundle.length,
        testData: bundle.includes('"HTEST"'),
      });
    }
    for (const careContext of checked) this.careContexts.set(`${hipId}/${careContext.careContextId}`, careContext);
    return { status: 202 };
  }

  private careContextProblem(item: unknown, abhaAddress: string): string | null {
    if (!isObject(item)) return 'not an object';
    if (typeof item.care_context_id !== 'string' || !/^[\x21-\x7E]{1,100}$/.test(item.care_context_id)) return 'care_context_id must be 1 to 100 visible characters';
    if (typeof item.display !== 'string' || item.display.trim() === '' || item.display.length > 500) return 'display must be a text of 1 to 500 characters';
    if (typeof item.hi_type !== 'string' || !(item.hi_type in RECORD_TYPES)) return `hi_type must be one of ${Object.keys(RECORD_TYPES).join(', ')}`;
    if (typeof item.data !== 'string' || item.data.length > (MAX_BUNDLE_BYTES * 4) / 3 + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(item.data)) return 'data must be a base64 FHIR bundle of at most 4 MB';
    let bundle: unknown;
    try {
      bundle = JSON.parse(Buffer.from(item.data, 'base64').toString('utf8'));
    } catch {
      return 'data is not base64 JSON';
    }
    return bundleProblem(bundle, { hiType: item.hi_type, abhaAddress });
  }

  private linked(context: RouteContext): Reply {
    const hipId = context.url.searchParams.get('hip_id') ?? '';
    if (hipId === '') return invalid('hip_id is required');
    const oid = context.url.searchParams.get('oid') ?? String(context.req.headers['x-pt-id'] ?? '');
    const now = this.now();
    const settled = [...this.careContexts.values()].filter((item) => item.hipId === hipId && item.oid === oid && item.settlesAt <= now);
    return {
      status: 200,
      json: {
        care_contexts: settled.map((item) => ({
          care_context_id: item.careContextId,
          created_at: new Date(item.createdAt).toISOString(),
          display: item.display,
          status: item.outcome,
          ...(item.error ? { error: item.error } : {}),
        })),
      },
    };
  }
}
