/** The national system's profile and account lists as the screen shows them. Pure. */
import { calendarDayText } from '../../contract/dates';
import { imageKindOf } from '../../contract/document-kind';
import type { AbhaAccount, AbhaProfile } from '../../contract/registration';
import { abhaNameProblem, formatAbhaNumber, normalizeAbhaName } from '../../contract/registration-rules';
import type { AbhaStep } from '../api/service-client';

type ProfileAnswer = NonNullable<AbhaStep['profile']>;

const GENDERS: Record<string, AbhaProfile['gender']> = { F: 'Female', M: 'Male', O: 'Other' };
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

const clean = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);
const two = (value: number) => String(value).padStart(2, '0');

export function personName(profile: ProfileAnswer): string {
  return clean(profile.full_name) ?? ([profile.first_name, profile.middle_name, profile.last_name].map(clean).filter(Boolean).join(' ') || 'Name not given');
}

/** YYYY-MM-DD, YYYY-MM or YYYY: as much of the date as the national system gave. */
function knownBirthDate(profile: ProfileAnswer): string | null {
  const { day_of_birth: day, month_of_birth: month, year_of_birth: year } = profile;
  if (!year) return null;
  if (!month) return String(year);
  return day ? `${year}-${two(month)}-${two(day)}` : `${year}-${two(month)}`;
}

/** YYYY-MM-DD, as `suggest` takes it; null without a full date. */
export function isoDateOfBirth(profile: ProfileAnswer): string | null {
  const { day_of_birth: day, month_of_birth: month, year_of_birth: year } = profile;
  return day && month && year ? `${year}-${two(month)}-${two(day)}` : null;
}

/** A JPEG or PNG photo (by its bytes) as a data URL; anything else is not shown. */
function photo(base64: string | null | undefined): string | null {
  if (!base64 || !/^[A-Za-z0-9+/=\s]+$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) return null;
  const kind = imageKindOf(bytes);
  return kind ? `data:image/${kind};base64,${bytes.toString('base64')}` : null;
}

export function profileView(profile: ProfileAnswer): AbhaProfile {
  const birthDate = knownBirthDate(profile);
  const address = [clean(profile.address), clean(profile.pincode)].filter(Boolean).join(', ');
  return {
    name: personName(profile),
    abhaNumber: clean(profile.abha_number) ? formatAbhaNumber(profile.abha_number!.trim()) : null,
    abhaAddress: clean(profile.abha_address),
    dateOfBirth: birthDate ? calendarDayText(birthDate) : null,
    birthDate,
    gender: GENDERS[profile.gender?.toUpperCase() ?? ''] ?? null,
    address: address || null,
    photo: photo(profile.profile_photo),
    kycVerified: profile.kyc_verified ?? null,
  };
}

export function accountsView(step: AbhaStep): AbhaAccount[] {
  return (step.abha_profiles ?? []).flatMap((account) => {
    const abhaAddress = clean(account.abha_address);
    if (!abhaAddress) return [];
    const kyc = account.kyc_verified;
    return [{ abhaAddress, name: clean(account.name), kycVerified: kyc === null || kyc === undefined ? null : kyc === true || kyc === 'true' }];
  });
}

/** The patient's existing addresses to choose from: the listed accounts, then the profile's own. */
export function addressChoices(accounts: AbhaAccount[], profile: ProfileAnswer | null): string[] {
  const all = [...accounts.map((account) => account.abhaAddress), ...(profile?.abha_addresses ?? []), ...(profile?.abha_address ? [profile.abha_address] : [])];
  return [...new Set(all.map((address) => address.trim()).filter((address) => address !== ''))];
}

/** The service's suggestions as names without the suffix, only those the rules accept. */
export function suggestionNames(suggestions: string[]): string[] {
  const names = suggestions.map(normalizeAbhaName).filter((name) => abhaNameProblem(name) === null);
  return [...new Set(names)].slice(0, 6);
}
