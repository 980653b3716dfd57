/** Aadhaar number rules: 12 digits, not starting with 0 or 1, Verhoeff check digit. Pure. */

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffChecksum(digits: string, offset: number): number {
  let check = 0;
  const reversed = [...digits].reverse();
  for (const [index, digit] of reversed.entries()) {
    check = D[check]![P[(index + offset) % 8]![Number(digit)]!]!;
  }
  return check;
}

/** True when the last digit is the Verhoeff check digit of the others. */
export function isVerhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffChecksum(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  return INV[verhoeffChecksum(digits, 1)]!;
}

export const AADHAAR_LENGTH = 12;

/** Why a value is not an Aadhaar number, or null when it is one. */
export function aadhaarProblem(value: string): string | null {
  if (!/^\d*$/.test(value)) return 'An Aadhaar number has digits only.';
  if (value.length !== AADHAAR_LENGTH) return `An Aadhaar number has 12 digits; this one has ${value.length}.`;
  if (value.startsWith('0') || value.startsWith('1')) return 'An Aadhaar number never starts with 0 or 1.';
  if (!isVerhoeffValid(value)) return 'This is not a valid Aadhaar number (the check digit does not match). Check each digit.';
  return null;
}

/** Shown once entered: only the last four digits. */
export function maskAadhaar(value: string): string {
  return `XXXX XXXX ${value.slice(-4)}`;
}

/** Grouped 4-4-4 as the card prints it. */
export function groupAadhaar(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}
