/**
 * A finished recording (16 kHz mono 16-bit samples, encrypted) to MP3 (encrypted with the
 * same key), for recordings whose compact copy is missing (recovered after a crash, or
 * recorded with WAV uploads chosen). Streams the recording parcel by parcel through the same
 * writer recording uses, so memory stays flat for long dictations and no clear copy is
 * written.
 */
import { readSealedFile } from '../storage/sealed-file';
import { Mp3StreamWriter } from './mp3-stream';

export { MP3_KBPS } from './mp3-stream';

export async function encodeRecordingToMp3(audioPath: string, mp3Path: string, key: Uint8Array): Promise<{ bytes: number }> {
  const writer = await Mp3StreamWriter.create(mp3Path, key);
  try {
    let carry: Buffer | null = null;
    for await (const parcel of readSealedFile(audioPath, key)) {
      const bytes: Buffer = carry ? Buffer.concat([carry, parcel]) : parcel;
      const even = bytes.length - (bytes.length % 2);
      carry = even < bytes.length ? bytes.subarray(even) : null;
      const aligned = Buffer.from(bytes.subarray(0, even));
      writer.append(new Int16Array(aligned.buffer, aligned.byteOffset, even / 2));
    }
    return writer.finish();
  } catch (error) {
    writer.abandon();
    throw error;
  }
}
