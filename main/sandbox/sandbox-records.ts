/** The sandbox's record (lab report) upload: multipart or a JWE envelope of `{file: base64}`, checked like the service. */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { documentKindOf } from '../../contract/document-kind';
import { MAX_RECORD_BYTES } from '../../contract/limits';
import { readMultipartFile } from './request-body';
import { BadRequest, type Reply, type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';

export class SandboxRecords implements SandboxArea {
  readonly routes: SandboxRoute[] = [
    {
      operation: 'recordUpload',
      method: 'POST',
      path: '/mr/api/v2/docs',
      unauthorized: { status: 401, json: { message: 'Unauthorized' } },
      badRequest: () => ({ status: 400, text: 'Invalid form data.' }),
      handle: (context) => this.upload(context),
    },
  ];

  reset(): void {}

  private async upload({ req, url, record, faults, readJson }: RouteContext): Promise<Reply> {
    const tasks = url.searchParams.getAll('task');
    const batch = url.searchParams.get('batch');
    let content: { head: Buffer; size: number; tooLarge: boolean };
    let encryptWith: Reply['encryptWith'];
    if (record.encrypted) {
      const { payload, encryptWith: key } = await readJson();
      encryptWith = key;
      const file = z.object({ file: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }).safeParse(payload);
      if (!file.success) throw new BadRequest('encrypted payload has no base64 "file"');
      const bytes = Buffer.from(file.data.file, 'base64');
      record.file = { field: 'file', name: '', contentType: 'application/json+jwe', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      content = { head: bytes.subarray(0, 16), size: bytes.length, tooLarge: bytes.length > MAX_RECORD_BYTES };
    } else {
      const files = await readMultipartFile(req, MAX_RECORD_BYTES);
      const file = files.find((candidate) => candidate.field === 'file');
      if (!file || files.length !== 1) throw new BadRequest('exactly one "file" field is required');
      record.file = { field: file.field, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 };
      content = file;
    }
    if (faults.forbidRecords) return { status: 403, json: { message: 'Forbidden' }, encryptWith };
    const validTasks = tasks.length > 0 && tasks.every((task) => task === 'smart' || task === 'pii' || task === 'classification');
    if (url.searchParams.get('dt') !== 'lr' || !validTasks || (batch !== null && batch !== 'true' && batch !== 'false')) {
      throw new BadRequest('query parameters');
    }
    if (content.size === 0 || content.tooLarge || documentKindOf(content.head) === null) throw new BadRequest('file');
    return { status: 200, json: { document_id: randomUUID() }, encryptWith };
  }
}
