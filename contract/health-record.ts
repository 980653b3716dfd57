/**
 * The patient's health record (ABDM): how a clinic's policy has visits linked to it, what form
 * an ABHA address takes, the states a visit's link goes through, the one line the doctor reads
 * to the patient before it is sent, and what the page shows of it. Main links (main/health-record);
 * the page asks and shows. Pure.
 */
import { patientName, type Patient } from './patients';

/** `ask`: the doctor asks the patient at the end of each visit (default); `always`: the clinic's consent covers it; `off`: never. */
export const HEALTH_RECORD_LINKING = ['ask', 'always', 'off'] as const;
export type HealthRecordLinking = (typeof HEALTH_RECORD_LINKING)[number];

/** How linking stands on this computer, and why it is off when it is. */
export interface LinkingView {
  mode: HealthRecordLinking;
  /** Why nothing is linked (the policy turned it off, or names no HIP id); null while linking is on. */
  why: string | null;
  /** The clinic's name as the patient's record shows it; null when the policy gives none. */
  facilityName: string | null;
}

/**
 * An existing ABHA address: a name of 4 to 32 letters or digits, with at most one dot and one
 * underscore, neither first nor last, then `@abdm` (the national system's) or `@sbx` (its
 * sandbox's). New addresses are stricter (8 to 18 characters: registration-rules.ts); older ones
 * and the sandbox's are kept as they were made.
 */
const ABHA_NAME = { min: 4, max: 32 } as const;

/** The address as kept: trimmed, lower case. */
export function normalizeAbhaAddress(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Why a typed ABHA address cannot be one, or null. */
export function abhaAddressProblem(raw: string): string | null {
  const address = normalizeAbhaAddress(raw);
  if (address === '') return 'Enter the patient’s ABHA address, for example ravi.kumar@abdm.';
  if (!address.includes('@')) return 'An ABHA address ends in @abdm, for example ravi.kumar@abdm.';
  if (!/@(abdm|sbx)$/.test(address)) return 'An ABHA address ends in @abdm (or @sbx in the national sandbox), for example ravi.kumar@abdm.';
  const name = address.slice(0, address.lastIndexOf('@'));
  if (/[^a-z0-9._]/.test(name)) return 'An ABHA address has letters, digits, and at most one dot (.) and one underscore (_) before the @; no spaces or other signs.';
  const signs = (sign: string) => name.split(sign).length - 1;
  if (name.length < ABHA_NAME.min || name.length > ABHA_NAME.max || signs('.') > 1 || signs('_') > 1 || /^[._]|[._]$/.test(name)) {
    return `An ABHA address has ${ABHA_NAME.min} to ${ABHA_NAME.max} letters or digits before the @, at most one dot and one underscore, neither first nor last.`;
  }
  return null;
}

/** What a link of a visit's record is doing. */
export const LINK_STATES = ['waiting', 'sending', 'accepted', 'linked', 'refused', 'declined', 'replaced'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const LINK_STATE_LABELS: Record<LinkState, string> = {
  waiting: 'Waiting to link',
  sending: 'Linking…',
  accepted: 'Sent, waiting for the health record',
  linked: 'In the health record',
  refused: 'Not linked',
  declined: 'Patient declined',
  replaced: 'Replaced by a corrected version',
};

/** Whether the link still waits for the service or the exchange. */
export function linkPending(state: LinkState): boolean {
  return state === 'waiting' || state === 'sending' || state === 'accepted';
}

/** What of a visit is linked: its note (a dictation), or a lab report. */
export type LinkedItemKind = 'dictation' | 'lab-report';

/** One link of one item's record, as the patient's view shows it. */
export interface VisitLink {
  id: string;
  itemKind: LinkedItemKind;
  itemId: string;
  state: LinkState;
  /** The care context the exchange knows it by. */
  careContextId: string;
  /** 1 for the note as first linked; a corrected note is linked again as 2, 3… */
  version: number;
  /** When it was sent, accepted or linked (ISO 8601), by its state; null while it waits. */
  at: string | null;
  /** Why it was refused, or what holds it back (the service's words, cut short); null when nothing does. */
  problem: string | null;
  /** The note was corrected after this version was linked: the health record holds an older version. */
  outdated: boolean;
  testData: boolean;
}

/** A patient's links and how linking stands, beside their visit's dictations and lab reports. */
export interface VisitHealthRecord {
  linking: LinkingView;
  /** Every link of the patient's items, newest first. */
  links: VisitLink[];
  /** Items ready to be linked that were never asked about (reviewed after the visit ended, or before linking was turned on). */
  unasked: Array<{ kind: LinkedItemKind; id: string }>;
}

/** What the doctor confirms with the patient as their visit ends. */
export interface HealthRecordQuestion {
  patientId: string;
  /** How the patient is named on this computer (their name, else the label). */
  who: string;
  /** "Send this visit to Ravi Kumar's health record (ravi.k@abdm)?", or, without an address, what to add first. */
  line: string;
  abhaAddress: string | null;
  /** What would be sent: the note of a dictation, a lab report. */
  items: Array<{ kind: LinkedItemKind; id: string; createdAt: string; what: string }>;
  /** What the patient's record at the service needs and the patient does not have yet: typed in the same step. */
  needs: { abhaAddress: boolean; name: boolean; age: boolean; sex: boolean };
  testData: boolean;
}

/** "Send this visit to Ravi's health record (ravi.k@abdm)?"; without an address, the question alone (the address is asked for beside it). */
export function questionLine(patient: Pick<Patient, 'name' | 'label' | 'abhaAddress'>): string {
  const who = patientName(patient);
  const whose = who.endsWith('s') ? `${who}’` : `${who}’s`;
  return `Send this visit to ${whose} health record${patient.abhaAddress ? ` (${patient.abhaAddress})` : ''}?`;
}

/** What the doctor adds in the same step, in words: "Ravi has no ABHA address here: add it, and their age, to send the visit." Null when nothing. */
export function needsLine(who: string, needs: HealthRecordQuestion['needs']): string | null {
  const others = [needs.name ? 'name' : null, needs.age ? 'age' : null, needs.sex ? 'sex' : null].filter((part): part is string => part !== null);
  const listed = others.length <= 1 ? (others[0] ?? '') : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`;
  if (needs.abhaAddress) return `${who} has no ABHA address here: add it${listed ? `, and their ${listed},` : ''} to send the visit.`;
  return listed ? `The health record needs ${who === 'The patient' ? 'the patient’s' : 'their'} ${listed}: add ${others.length === 1 ? 'it' : 'them'} to send the visit.` : null;
}

/** The care context's id for an item's note, version by version: stable, so that a retry never links it twice. */
export function careContextId(itemId: string, version: number): string {
  return version <= 1 ? `scribe-${itemId}` : `scribe-${itemId}-v${version}`;
}
