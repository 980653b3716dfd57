/**
 * A multipart/form-data body with one file part (after any text fields, as a presigned
 * upload form wants them), streamed with its exact length known up front, so uploads
 * neither buffer the file nor hide their progress.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { UploadSource } from './upload-source';

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

export function multipartFileBody(
  field: string,
  file: UploadSource,
  onProgress?: (sentBytes: number, totalBytes: number) => void,
  fields: Readonly<Record<string, string>> = {},
): MultipartBody {
  const boundary = `----ScribeDesk${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${quoted(field)}"; filename="${quoted(file.fileName)}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  async function* slices(): AsyncGenerator<Buffer> {
    yield head;
    let sent = 0;
    for await (const chunk of file.open()) {
      sent += (chunk as Buffer).length;
      onProgress?.(sent, file.size);
      yield chunk as Buffer;
    }
    yield tail;
  }
  return {
    body: () => Readable.from(slices(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + file.size + tail.length,
  };
}
