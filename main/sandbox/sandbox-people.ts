/**
 * The sandbox's test patients: who an Aadhaar number stands for (made up, the same every time,
 * from a hash of the number, which is not kept), and the patterns that choose each path of the
 * registration. Their names say they are test patients, and their cards that they are not real.
 * Pure.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { formatAbhaNumber } from '../../contract/registration-rules';
import { Raster, type Rgb } from './raster-image';

/** The OTP the sandbox "sends", for every Aadhaar and mobile OTP. */
export const SANDBOX_OTP = '123456';

export type AadhaarCase =
  /** `9999…`: the national system refuses more OTPs (ABDM-1100). */
  | 'too-many-otps'
  /** `9998…`: the account is blocked for 24 hours (ABDM-1027). */
  | 'blocked'
  /** `8888…`: the patient already has an ABHA: `abha_end` with the profile and the card. */
  | 'has-abha'
  /** `7777…`: the patient has an ABHA number and two addresses: `abha_select`. */
  | 'has-addresses'
  /** Any other valid number: a new ABHA number; an address is chosen (`abha_create`). */
  | 'new';

export function aadhaarCase(aadhaarNumber: string): AadhaarCase {
  if (aadhaarNumber.startsWith('9999')) return 'too-many-otps';
  if (aadhaarNumber.startsWith('9998')) return 'blocked';
  if (aadhaarNumber.startsWith('8888')) return 'has-abha';
  if (aadhaarNumber.startsWith('7777')) return 'has-addresses';
  return 'new';
}

/** An Aadhaar number (valid, check digit included) for each path, as the README lists them: the tests' sandbox patients. */
export const SANDBOX_AADHAAR: Readonly<Record<AadhaarCase, string>> = {
  new: '234123412346',
  'has-abha': '888812345679',
  'has-addresses': '777712345678',
  'too-many-otps': '999941057058',
  blocked: '999812345679',
};

/** Mobile numbers for each path of the mobile step (see the patterns below). */
export const SANDBOX_MOBILE = {
  /** The Aadhaar-linked number: no second OTP. */
  linked: '9876543210',
  /** Another number of the patient's: it gets its own OTP. */
  other: '7012345678',
  /** Already linked to another account. */
  claimed: '6000012345',
} as const;

/** A mobile number starting with 7 is not the Aadhaar-linked one: it gets its own OTP (`confirm_mobile_otp`). */
export const needsMobileOtp = (mobile: string): boolean => mobile.startsWith('7');

/** A mobile number starting with 6000 is already linked to another account (EKA-1002). */
export const mobileClaimed = (mobile: string): boolean => mobile.startsWith('6000');

/** An address whose name starts with "taken" belongs to someone else. */
export const addressTakenByPattern = (name: string): boolean => name.startsWith('taken');

/**
 * Keys the hash that stands for an Aadhaar number: random for each sandbox, never stored, so
 * the hash cannot be reversed by trying every number.
 */
const SEED_KEY = randomBytes(32);

/** What stands for the Aadhaar number from the first request on: a keyed hash of it. */
export const seedOf = (aadhaarNumber: string): string => createHmac('sha256', SEED_KEY).update(aadhaarNumber).digest('hex');

const FIRST = { F: ['Asha', 'Priya', 'Lakshmi', 'Meena', 'Kavita', 'Sunita'], M: ['Ravi', 'Arjun', 'Suresh', 'Imran', 'Vikram', 'Anil'] } as const;
const LAST = ['Kumar', 'Verma', 'Sharma', 'Reddy', 'Nair', 'Iyer', 'Khan', 'Patel'] as const;
const PLACES = [
  ['Jayanagar, Bengaluru', 'Karnataka', '560041'],
  ['Anna Nagar, Chennai', 'Tamil Nadu', '600040'],
  ['Kothrud, Pune', 'Maharashtra', '411038'],
  ['Salt Lake, Kolkata', 'West Bengal', '700091'],
] as const;

export interface SandboxPerson {
  firstName: string;
  lastName: string;
  gender: 'M' | 'F';
  day: number;
  month: number;
  year: number;
  /** 14 digits. */
  abhaNumber: string;
  address: string;
  stateName: string;
  pincode: string;
  /** The last five digits of the Aadhaar-linked mobile number. */
  mobileTail: string;
  oid: string;
  /** The addresses an existing ABHA has. */
  existingAddresses: string[];
}

/** What a test patient's full name ends with, wherever the sandbox gives it. */
export const TEST_PATIENT_MARK = '(test patient)';

/** "Asha Kumar (test patient)": the name the profile, the address list and the card give. */
export const fullNameOf = (person: Pick<SandboxPerson, 'firstName' | 'lastName'>): string => `${person.firstName} ${person.lastName} ${TEST_PATIENT_MARK}`;

export function personOf(seed: string, kind: AadhaarCase): SandboxPerson {
  const byte = (index: number) => parseInt(seed.slice(index * 2, index * 2 + 2), 16);
  const gender = byte(0) % 2 === 0 ? 'M' : 'F';
  const firstName = FIRST[gender][byte(1) % FIRST[gender].length]!;
  const lastName = LAST[byte(2) % LAST.length]!;
  const [day, month, year] = [1 + (byte(3) % 28), 1 + (byte(4) % 12), 1950 + (byte(5) % 55)];
  const place = PLACES[byte(6) % PLACES.length]!;
  const digits = Array.from({ length: 12 }, (_, index) => String(byte(7 + index) % 10)).join('');
  const first = firstName.toLowerCase();
  const last = lastName.toLowerCase();
  const existingAddresses =
    kind === 'has-abha' ? [`${first}.${last}${year}@abdm`] : kind === 'has-addresses' ? [`${first}.${last}${year}@abdm`, `${first}_${String(day).padStart(2, '0')}${last}@abdm`] : [];
  return {
    firstName,
    lastName,
    gender,
    day,
    month,
    year,
    abhaNumber: `91${digits}`,
    address: `${10 + (byte(19) % 180)}, 4th Cross, ${place[0]}`,
    stateName: place[1],
    pincode: place[2],
    mobileTail: String(parseInt(seed.slice(0, 8), 16) % 100_000).padStart(5, '0'),
    oid: `sandbox-oid-${seed.slice(40, 56)}`,
    existingAddresses,
  };
}

/** `ProfileResponse` for a person, with the ABHA address in use when there is one. */
export function profileOf(person: SandboxPerson, abhaAddress: string | null): Record<string, unknown> {
  return {
    first_name: person.firstName,
    middle_name: null,
    last_name: person.lastName,
    full_name: fullNameOf(person),
    gender: person.gender,
    day_of_birth: person.day,
    month_of_birth: person.month,
    year_of_birth: person.year,
    abha_number: formatAbhaNumber(person.abhaNumber),
    abha_address: abhaAddress ?? '',
    abha_addresses: person.existingAddresses,
    address: person.address,
    pincode: person.pincode,
    state_name: person.stateName,
    kyc_verified: true,
    profile_photo: photoOf(person).toString('base64'),
  };
}

const BLUE: Rgb = [31, 95, 191];
const INK: Rgb = [29, 36, 48];
const MUTED: Rgb = [91, 100, 114];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [180, 35, 24];

/** A silhouette, so the screen shows where the photo goes without showing anyone. */
export function photoOf(person: SandboxPerson): Buffer {
  return drawPhoto(new Raster(96, 120, [226, 232, 240]), 0, 0, person).png();
}

function drawPhoto(raster: Raster, x: number, y: number, person: SandboxPerson): Raster {
  const shade: Rgb = person.gender === 'F' ? [150, 120, 160] : [120, 140, 170];
  return raster.ellipse(x + 48, y + 44, 22, 26, shade).ellipse(x + 48, y + 120, 44, 40, shade);
}

/** The ABHA card the sandbox serves: test data, and it says so at its top, by the name and across its foot. */
export function cardOf(person: SandboxPerson, abhaAddress: string): Buffer {
  const card = new Raster(640, 400, [247, 249, 252]);
  card.rect(0, 0, 640, 72, BLUE).text(20, 14, 'Ayushman Bharat Health Account', 2, WHITE).text(20, 42, 'Sandbox - test data', 2, [255, 209, 102]);
  card.rect(20, 96, 96, 120, [226, 232, 240]);
  drawPhoto(card, 20, 96, person).rect(14, 216, 108, 48, [247, 249, 252]);
  const line = (y: number, label: string, value: string) => card.text(140, y, label, 2, MUTED).text(140, y + 20, value, 3, INK);
  line(96, `Name ${TEST_PATIENT_MARK}`, `${person.firstName} ${person.lastName}`);
  line(158, 'ABHA number', formatAbhaNumber(person.abhaNumber));
  line(220, 'ABHA address', abhaAddress);
  line(282, 'Date of birth / gender', `${String(person.day).padStart(2, '0')}/${String(person.month).padStart(2, '0')}/${person.year}  ${person.gender}`);
  return card.rect(0, 352, 640, 48, RED).text(20, 365, 'Test data - not a real ABHA card', 3, WHITE).png();
}
