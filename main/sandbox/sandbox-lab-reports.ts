/**
 * The sandbox's lab reports: the upload, multipart or a JWE envelope of `{file: base64}`,
 * checked like the service; and the parsing result, `queued` for the first third of
 * `recordProcessingMs`, then `inprogress`, then final. A report whose bytes contain
 * `SANDBOX-UNREADABLE` ends `error`, one containing `SANDBOX-DELETED` ends `deleted`; any
 * other is `completed` with the fixed panel of sandbox-lab-report.ts. Of an upload only its
 * id, tasks, time, outcome and (when encrypted) the client key are kept. The sandbox's
 * control interface keeps the service's word for them, "records" (the operations
 * `recordUpload` and `recordResult`, the faults `forbidRecords` and `recordProcessingMs`).
 */
import type { Clock } from '../core/clock';
import { createHash, randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { z } from 'zod';
import { documentKindOf } from '../../contract/document-kind';
import { MAX_LAB_REPORT_BYTES } from '../../contract/limits';
import { readMultipartFile } from './request-body';
import type { SandboxFaults } from './sandbox-faults';
import { encryptResponse } from './sandbox-jwe';
import { labReportBundle, labReportPii, labTests } from './sandbox-lab-report';
import { type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { BadRequest, jsonBadRequest, type Reply } from './sandbox-reply';

const UNREADABLE = 'SANDBOX-UNREADABLE';
const DELETED = 'SANDBOX-DELETED';
const DOCUMENT_LIMIT = 2_000;
const RESULT_PATH = /^\/mr\/api\/v1\/docs\/([^/]+)\/result$/;

type LabReportOutcome = 'completed' | 'error' | 'deleted';

interface SandboxDocument {
  tasks: string[];
  receivedAt: number;
  outcome: LabReportOutcome;
  /** The client key of an encrypted upload: its results are encrypted with it. */
  clientKey?: string;
}

export class SandboxLabReports implements SandboxArea {
  private readonly documents = new Map<string, SandboxDocument>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  readonly routes: SandboxRoute[] = [
    {
      operation: 'recordUpload',
      method: 'POST',
      path: '/mr/api/v2/docs',
      unauthorized: { status: 401, json: { message: 'Unauthorized' } },
      badRequest: () => ({ status: 400, text: 'Invalid form data.' }),
      handle: (context) => this.upload(context),
    },
    {
      operation: 'recordResult',
      method: 'GET',
      path: RESULT_PATH,
      unauthorized: { status: 401, json: { message: 'Unauthorized' } },
      badRequest: jsonBadRequest,
      handle: ({ url, faults }) => this.result(RESULT_PATH.exec(url.pathname)?.[1] ?? '', faults),
    },
  ];

  reset(): void {
    this.documents.clear();
  }

  private async upload({ req, url, record, faults, readJson }: RouteContext): Promise<Reply> {
    const tasks = url.searchParams.getAll('task');
    const batch = url.searchParams.get('batch');
    let content: { head: Buffer; size: number; tooLarge: boolean; found: string[] };
    let encryptWith: Reply['encryptWith'];
    if (record.encrypted) {
      const { payload, encryptWith: key } = await readJson();
      encryptWith = key;
      const file = z.object({ file: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }).safeParse(payload);
      if (!file.success) throw new BadRequest('encrypted payload has no base64 "file"');
      const bytes = Buffer.from(file.data.file, 'base64');
      record.file = { field: 'file', name: '', contentType: 'application/json+jwe', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      const found = [UNREADABLE, DELETED].filter((marker) => bytes.includes(marker, 0, 'latin1'));
      content = { head: bytes.subarray(0, 16), size: bytes.length, tooLarge: bytes.length > MAX_LAB_REPORT_BYTES, found };
    } else {
      const files = await readMultipartFile(req, MAX_LAB_REPORT_BYTES, [UNREADABLE, DELETED]);
      const file = files.find((candidate) => candidate.field === 'file');
      if (!file || files.length !== 1) throw new BadRequest('exactly one "file" field is required');
      // A report's file name may name the patient: only its extension is kept.
      record.file = { field: file.field, name: extname(file.name).toLowerCase(), contentType: file.contentType, size: file.size, sha256: file.sha256 };
      content = file;
    }
    if (faults.forbidRecords) return { status: 403, json: { message: 'Forbidden' }, encryptWith };
    const validTasks = tasks.length > 0 && tasks.every((task) => task === 'smart' || task === 'pii' || task === 'classification');
    if (url.searchParams.get('dt') !== 'lr' || !validTasks || (batch !== null && batch !== 'true' && batch !== 'false')) {
      throw new BadRequest('query parameters');
    }
    if (content.size === 0 || content.tooLarge || documentKindOf(content.head) === null) throw new BadRequest('file');
    const documentId = randomUUID();
    const outcome = content.found.includes(UNREADABLE) ? 'error' : content.found.includes(DELETED) ? 'deleted' : 'completed';
    this.documents.set(documentId, { tasks, receivedAt: this.clock.now(), outcome, clientKey: encryptWith?.clientKey });
    if (this.documents.size > DOCUMENT_LIMIT) this.documents.delete(this.documents.keys().next().value!);
    return { status: 200, json: { document_id: documentId }, encryptWith };
  }

  private result(documentId: string, faults: SandboxFaults): Reply {
    const document = this.documents.get(documentId);
    if (!document) return { status: 404, json: { message: 'Document not found' } };
    const elapsed = this.clock.now() - document.receivedAt;
    const answer =
      elapsed < faults.recordProcessingMs / 3
        ? { status: 'queued' }
        : elapsed < faults.recordProcessingMs
          ? { status: 'inprogress' }
          : finalAnswer(documentId, document);
    if (!document.clientKey || faults.plainAnswers) return { status: 200, json: answer };
    // A GET has no request envelope whose header could be authenticated: `request` means `protected` here.
    const aad = faults.responseAad === 'request' ? 'protected' : faults.responseAad;
    return { status: 200, json: encryptResponse(answer, document.clientKey, aad, '') };
  }
}

function finalAnswer(documentId: string, { tasks, outcome }: SandboxDocument) {
  if (outcome === 'error') return { status: 'error', error: [{ code: 4001, message: 'No lab values could be read from this document.' }] };
  if (outcome === 'deleted') return { status: 'deleted' };
  const smart = tasks.includes('smart');
  const pii = tasks.includes('pii');
  const output = {
    ...(smart || pii ? { data: smart ? labTests() : [] } : {}),
    ...(pii ? { pii: labReportPii(documentId) } : {}),
  };
  const fhir = smart ? { fhir: Buffer.from(JSON.stringify(labReportBundle(documentId)), 'utf8').toString('base64') } : {};
  return { status: 'completed', data: { ...fhir, output } };
}
