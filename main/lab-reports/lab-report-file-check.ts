/**
 * Checks a lab report before it is queued: the type from the content (not the name), the
 * size, a PDF's structure, an image's resolution. Pure: works on the bytes.
 */
import { imageSize } from 'image-size';
import { documentKindOf } from '../../contract/document-kind';
import { MAX_LAB_REPORT_BYTES } from '../../contract/limits';
import { formatSize, type LabReportKind } from '../../contract/lab-reports';

export const PREFERRED_DPI = 150;

export type { LabReportKind };

export const CONTENT_TYPES: Record<LabReportKind, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };

export interface LabReportCheck {
  kind: LabReportKind | null;
  /** Why the file cannot be uploaded; null when it can. */
  problem: string | null;
  /** Something the user may accept (low resolution); null when there is nothing to accept. */
  warning: string | null;
}

/** A PDF that ends properly: `%%EOF` at the end, and a `startxref` pointing inside the file. */
function pdfProblem(bytes: Buffer): string | null {
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  const unreadable = 'This PDF is incomplete or damaged (it may have been cut off while copying). Save or scan it again.';
  if (!/%%EOF\s*$/.test(tail)) return unreadable;
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref || Number(startxref[1]) >= bytes.length) return unreadable;
  const at = bytes.subarray(Number(startxref[1]), Number(startxref[1]) + 32).toString('latin1');
  if (!/^(xref|\d+\s+\d+\s+obj)/.test(at)) return unreadable;
  return null;
}

/** Dots per inch recorded in the file (JFIF density or PNG pHYs), if any. */
export function recordedDpi(bytes: Buffer, kind: 'jpeg' | 'png'): number | null {
  if (kind === 'png') {
    const at = bytes.indexOf('pHYs', 8, 'latin1');
    if (at < 0 || at + 13 > bytes.length) return null;
    const perMetre = bytes.readUInt32BE(at + 4);
    return bytes[at + 12] === 1 && perMetre > 0 ? Math.round(perMetre * 0.0254) : null;
  }
  if (bytes.subarray(6, 11).toString('latin1') !== 'JFIF\0') return null;
  const units = bytes[13];
  const density = Math.min(bytes.readUInt16BE(14), bytes.readUInt16BE(16));
  if (density === 0 || units === 0) return null;
  return units === 2 ? Math.round(density * 2.54) : density;
}

function imageWarning(bytes: Buffer, kind: 'jpeg' | 'png'): { problem: string | null; warning: string | null } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return { problem: 'This image is damaged and cannot be read.', warning: null };
  }
  const { width = 0, height = 0 } = size;
  if (width === 0 || height === 0) return { problem: 'This image is damaged and cannot be read.', warning: null };
  // Without a recorded density, the picture is taken for an A4 page (8.27 × 11.69 inches), to the
  // nearest dot: an A4 scan at 150 DPI (1240 × 1754) is 150 DPI, whether JPEG or PNG.
  const dpi = recordedDpi(bytes, kind) ?? Math.round(Math.min(Math.max(width, height) / 11.69, Math.min(width, height) / 8.27));
  if (dpi >= PREFERRED_DPI) return { problem: null, warning: null };
  return {
    problem: null,
    warning: `The image is ${width} × ${height} pixels (about ${dpi} DPI for a page); the service reads reports best at ${PREFERRED_DPI} DPI or more. A sharper scan or photo gives better results.`,
  };
}

export function checkLabReportFile(bytes: Uint8Array | null, size: number): LabReportCheck {
  if (size === 0) return { kind: null, problem: 'This file is empty.', warning: null };
  if (size > MAX_LAB_REPORT_BYTES) {
    return { kind: null, problem: `This file is ${formatSize(size)}; the limit is ${formatSize(MAX_LAB_REPORT_BYTES)}.`, warning: null };
  }
  if (!bytes) return { kind: null, problem: 'This file could not be read.', warning: null };
  const kind = documentKindOf(bytes);
  if (!kind) return { kind: null, problem: 'This is not a PDF, JPEG or PNG file (whatever its name says), so it cannot be uploaded.', warning: null };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (kind === 'pdf') return { kind, problem: pdfProblem(buffer), warning: null };
  return { kind, ...imageWarning(buffer, kind) };
}
