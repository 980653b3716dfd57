/** Reading request bodies in the sandbox: raw with a size limit, or one multipart file. */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

import { BadRequest } from './sandbox-routes';
import { bodyOf } from './throttled-body';

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
    const body = bodyOf(req);
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BadRequest('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', reject);
  });
}

export interface UploadedFile extends ReceivedFile {
  head: Buffer;
  tooLarge: boolean;
  /** Which of the markers asked for occur anywhere in the file. */
  found: string[];
}

/** Finds ASCII markers in a file read chunk by chunk, keeping only the last few bytes between chunks. */
export class MarkerScan {
  readonly found = new Set<string>();
  private tail = Buffer.alloc(0);
  private readonly keep: number;

  constructor(private readonly markers: readonly string[]) {
    this.keep = Math.max(0, ...markers.map((marker) => marker.length - 1));
  }

  update(chunk: Buffer): void {
    if (this.found.size === this.markers.length) return;
    const window = Buffer.concat([this.tail, chunk]);
    for (const marker of this.markers) if (window.includes(marker, 0, 'latin1')) this.found.add(marker);
    this.tail = Buffer.from(window.subarray(Math.max(0, window.length - this.keep)));
  }
}

export function readMultipartFile(req: IncomingMessage, limit: number, markers: readonly string[] = []): Promise<UploadedFile[]> {
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
      const scan = new MarkerScan(markers);
      const file: UploadedFile = { field, name: info.filename ?? '', contentType: info.mimeType, size: 0, sha256: '', head: Buffer.alloc(0), tooLarge: false, found: [] };
      stream.on('data', (chunk: Buffer) => {
        if (file.head.length < 16) file.head = Buffer.concat([file.head, chunk.subarray(0, 16 - file.head.length)]);
        file.size += chunk.length;
        hash.update(chunk);
        scan.update(chunk);
      });
      stream.on('limit', () => {
        file.tooLarge = true;
      });
      stream.on('end', () => {
        file.sha256 = hash.digest('hex');
        file.found = [...scan.found];
        files.push(file);
      });
    });
    parser.on('error', () => reject(new BadRequest('malformed multipart')));
    parser.on('close', () => resolve(files));
    bodyOf(req).pipe(parser);
  });
}
