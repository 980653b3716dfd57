/** Reads an encrypted file back whole, for checks in tests. */
import { readSealedFile } from '../../main/storage/sealed-file';

export async function readSealed(path: string, key: Uint8Array): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readSealedFile(path, key)) parts.push(part);
  return Buffer.concat(parts);
}
