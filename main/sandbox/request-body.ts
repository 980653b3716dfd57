/** Reading request bodies in the sandbox: raw with a size limit, or one multipart file. */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

import { BadRequest } from './sandbox-routes';

export interface ReceivedFile {
  field: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BadRequest('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export interface UploadedFile extends ReceivedFile {
  head: Buffer;
  tooLarge: boolean;
}

export function readMultipartFile(req: IncomingMessage, limit: number): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit, files: 4, fields: 20 } });
    } catch {
      reject(new BadRequest('not multipart'));
      return;
    }
    const files: UploadedFile[] = [];
    parser.on('file', (field, stream, info) => {
      const hash = createHash('sha256');
      const file: UploadedFile = { field, name: info.filename ?? '', contentType: info.mimeType, size: 0, sha256: '', head: Buffer.alloc(0), tooLarge: false };
      stream.on('data', (chunk: Buffer) => {
        if (file.head.length < 16) file.head = Buffer.concat([file.head, chunk.subarray(0, 16 - file.head.length)]);
        file.size += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        file.tooLarge = true;
      });
      stream.on('end', () => {
        file.sha256 = hash.digest('hex');
        files.push(file);
      });
    });
    parser.on('error', () => reject(new BadRequest('malformed multipart')));
    parser.on('close', () => resolve(files));
    req.pipe(parser);
  });
}
