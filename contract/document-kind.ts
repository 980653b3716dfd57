/** What a file is, from its first bytes (never from its name). Pure. */
import type { LabReportKind } from './lab-reports';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
/** The eight bytes every PNG starts with; also what an encoder writes first. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

/** JPEG or PNG by content; null for anything else. */
export function imageKindOf(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  return null;
}

/** A lab report: PDF, JPEG or PNG by content; null for anything else. Looks at the first 8 bytes only. */
export function documentKindOf(bytes: Uint8Array): LabReportKind | null {
  return startsWith(bytes, PDF) ? 'pdf' : imageKindOf(bytes);
}
