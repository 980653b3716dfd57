/**
 * The lab report operations (the service's "records" API, `/mr/…/docs`). The parsing result is
 * read with zod into the wire's shape; the report kept and shown is made of it where lab
 * reports are kept (main/lab-reports).
 */
import type { LabReportTask } from '../../contract/lab-reports';
import { encryptJson } from './jwe';
import { documentUploadSchema, messageSchema, labReportResultSchema, type LabReportResultAnswer } from './response-schemas';
import { check, chunked, commonFailure, unexpected, type CallOptions, type PatientHeaders, type Progress, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceWords } from './service-text';
import { readWhole, type UploadSource } from './upload-source';

export interface LabReportUpload {
  file: UploadSource;
  documentType: 'lr';
  tasks: readonly LabReportTask[];
  batch: boolean;
  /** The report's patient as the service knows them (X-Pt-Id); absent: a report of nobody, sent without. */
  patient?: PatientHeaders;
  onProgress?: Progress;
  signal?: AbortSignal;
}

/** POST /mr/api/v2/docs?dt&task…&batch, multipart `file` or a JWE envelope of `{file: base64}`. */
export async function uploadLabReport(caller: ServiceCaller, input: LabReportUpload): Promise<{ documentId: string }> {
  if (input.tasks.length === 0) throw new ServiceError('invalid_request', 'Choose at least one parsing task.');
  const query: Array<[string, string]> = [['dt', input.documentType], ...input.tasks.map((task): [string, string] => ['task', task])];
  if (input.batch) query.push(['batch', 'true']);
  const key = await caller.jweKey();
  let request: CallOptions;
  if (key) {
    const envelope = await encryptJson({ file: (await readWhole(input.file)).toString('base64') }, key);
    const body = Buffer.from(JSON.stringify(envelope), 'utf8');
    request = {
      method: 'POST',
      path: '/mr/api/v2/docs',
      query,
      headers: { 'content-type': 'application/json', 'x-encryption': 'JWE', 'content-length': String(body.length) },
      body: () => chunked(body, input.onProgress),
      requestProtected: envelope.protected,
      signal: input.signal,
    };
  } else {
    request = caller.fileUpload('/mr/api/v2/docs', query, input.file, input.onProgress, input.signal);
  }
  const answer = await caller.call({ ...request, patient: input.patient ?? { servicePatientId: null, partnerPatientId: null } });
  if (answer.status === 200 || answer.status === 201) {
    return { documentId: check(documentUploadSchema, answer.json, 'upload confirmation').document_id };
  }
  if (answer.status === 400) {
    // The documented 400 is plain text ("Invalid form data."); a web page instead is no reason.
    const said = serviceWords(answer.text.trimStart().startsWith('<') ? '' : answer.text);
    const reason = said.text === '' ? 'invalid form data' : said.text.replace(/\.$/, '').toLowerCase();
    throw new ServiceError('invalid_request', `The service refused the file: ${reason}.`, { status: 400, detail: said.detail });
  }
  if (answer.status === 403) {
    const said = serviceWords(check(messageSchema, answer.json, 'forbidden answer').message);
    throw new ServiceError('forbidden', `The service refused the upload (${said.text.toLowerCase()}): this account may not upload records.`, {
      status: 403,
      detail: said.detail,
    });
  }
  throw commonFailure(answer) ?? unexpected(answer);
}

export type { LabReportResultAnswer } from './response-schemas';

/** GET /mr/api/v1/docs/{document_id}/result: still being read, read (its data), refused, or deleted. */
export async function getLabReportResult(caller: ServiceCaller, documentId: string, signal?: AbortSignal): Promise<LabReportResultAnswer> {
  const answer = await caller.call({ method: 'GET', path: `/mr/api/v1/docs/${encodeURIComponent(documentId)}/result`, signal });
  if (answer.status === 200) return check(labReportResultSchema, answer.json, 'lab report result');
  if (answer.status === 404) throw new ServiceError('not_found', 'The service has no document with this id (yet).', { status: 404 });
  if (answer.status === 400) {
    const said = serviceWords(typeof answer.json === 'object' && answer.json !== null ? ((answer.json as { message?: unknown; error?: unknown }).message ?? (answer.json as { error?: unknown }).error) : answer.text);
    throw new ServiceError('invalid_request', `The service refused to look this document up${said.text ? `: ${said.text.replace(/\.$/, '')}` : ''}.`, { status: 400, detail: said.detail });
  }
  throw commonFailure(answer) ?? unexpected(answer);
}
