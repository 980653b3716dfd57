/**
 * A multipart/form-data body with one file part, streamed from disk with its exact length
 * known up front, so uploads neither buffer the file nor hide their progress.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

export interface FilePart {
  field: string;
  path: string;
  fileName: string;
  contentType: string;
  /** Size on disk in bytes; the body's length is computed from it. */
  size: number;
}

export interface MultipartBody {
  /** A new stream of the whole body each time (a request may be replayed). */
  body: () => Readable;
  contentType: string;
  contentLength: number;
}

/** A file name safe inside a quoted header parameter. */
function quoted(name: string): string {
  return name.replace(/[\r\n]/g, ' ').replace(/"/g, '%22');
}

export function multipartFileBody(part: FilePart, onProgress?: (sentBytes: number, totalBytes: number) => void): MultipartBody {
  const boundary = `----ScribeDesk${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${quoted(part.field)}"; filename="${quoted(part.fileName)}"\r\n` +
      `Content-Type: ${part.contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  async function* chunks(): AsyncGenerator<Buffer> {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(part.path, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length;
      onProgress?.(sent, part.size);
      yield chunk as Buffer;
    }
    yield tail;
  }
  return {
    body: () => Readable.from(chunks(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + part.size + tail.length,
  };
}
