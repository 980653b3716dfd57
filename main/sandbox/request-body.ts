/** Reading request bodies in the sandbox: raw with a size limit, multipart files, or a form with its one file. */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

import { BadRequest } from './sandbox-reply';
import { bodyOf } from './throttled-body';

export interface ReceivedFile {
  field: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * The body, read to its end unless `stopWhenOver`; past `limit` bytes nothing more is kept and
 * it is `too-large`. `stopWhenOver`: the request is cut off there and the promise refused.
 */
function collectBody(req: IncomingMessage, limit: number, stopWhenOver: boolean): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const body = bodyOf(req);
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
      } else if (stopWhenOver) {
        reject(new BadRequest('body too large'));
        req.destroy();
      }
    });
    body.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    body.on('error', reject);
  });
}

/** The body; one over `limit` is refused as a bad request, and the request cut off. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const body = await collectBody(req, limit, true);
  if (body === 'too-large') throw new BadRequest('body too large');
  return body;
}

/** The body whole; one over `limit` is read to its end (so that it can be answered) and is `too-large`. */
export function readBodyToEnd(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return collectBody(req, limit, false);
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

/** What a multipart body's parts are given to: each text field, and each file as it streams. */
interface MultipartHandlers {
  field?: busboy.BusboyEvents['field'];
  file: busboy.BusboyEvents['file'];
}

/** Reads a multipart body within `limits`, each part to `parts`; resolves once the whole form is read. */
function readMultipart(req: IncomingMessage, limits: busboy.Limits, parts: MultipartHandlers): Promise<void> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits });
    } catch {
      reject(new BadRequest('not multipart'));
      return;
    }
    if (parts.field) parser.on('field', parts.field);
    parser.on('file', parts.file);
    parser.on('error', () => reject(new BadRequest('malformed multipart')));
    parser.on('close', () => resolve());
    bodyOf(req).pipe(parser);
  });
}

export async function readMultipartFile(req: IncomingMessage, limit: number, markers: readonly string[] = []): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  await readMultipart(req, { fileSize: limit, files: 4, fields: 20 }, {
    file: (field, stream, info) => {
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
    },
  });
  return files;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  /** The form's one file, whole; `too-large` over the limit. */
  file: { name: string; bytes: Buffer | 'too-large' } | null;
}

/** A multipart form's text fields and its one file, whole (so at most `limit` bytes of it are kept). */
export async function readForm(req: IncomingMessage, limit: number): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {}, file: null };
  let fileSeen = false;
  await readMultipart(req, { fileSize: limit, files: 1, fields: 20 }, {
    field: (name, value) => {
      // As object storage requires: every field before the file.
      if (!fileSeen) form.fields[name] = value;
    },
    file: (_field, stream, info) => {
      fileSeen = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      let tooLarge = false;
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => {
        form.file = { name: info.filename ?? '', bytes: tooLarge ? 'too-large' : Buffer.concat(chunks) };
      });
    },
  });
  return form;
}
