/**
 * What may leave the app of a dictation's note, and how a dictation is named when it is
 * spoken of (a notification, a refusal): its label, mode and time. Builds the copy requests
 * for the note, a chapter of it and the transcript (main/clipboard/copy-path.ts applies the rules
 * every copy shares), and the copy shortcut's choice: the dictation in view, else the newest;
 * never an older one.
 */
import { clinicalNote, noteBody, noteChapterBody, noteTime, type ClinicalNote } from '../../contract/clinical-note';
import { clockTime, whoLine, type CopyHeading, type HeadingPatient } from '../../contract/copy-heading';
import { FINISHED_STATES, MODE_NAMES, PENDING_STATES, NO_PATIENT, type CopiedNoteVersion } from '../../contract/dictation';
import type { MedicationRow } from '../../contract/medication-row';
import type { VisitDictation } from '../../contract/patient-visit';
import { contradictionsLine, prescriptionContradictions } from '../../contract/prescription-check';
import { noteMedicines } from '../../contract/note-correction';
import { patientInitials } from '../../contract/patients';
import { NOT_REVIEWED, ownerOf, type CopyOptions, type CopyOutcome, type CopyPath, type CopyRequest } from '../clipboard/copy-path';
import type { ShortcutRefusal } from '../audit/feature-hooks';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';

export { NOT_REVIEWED };

/** Said under the note's first line when the service's original is copied while the doctor has corrected it. */
export const ORIGINAL_NOTE = "The service's original note, without the doctor's corrections.";

/** The patient a dictation is for, as its heading names them; null when none was chosen (or they were deleted). */
export type PatientOf = (patientId: string | null) => HeadingPatient | null;
const nobody: PatientOf = () => null;

/** A dictation as a refusal on the screen names it (its patient or label, mode and time). */
export function nameOf(manifest: DictationManifest, patientOf: PatientOf = nobody): string {
  const who = whoLine({ label: manifest.label, patient: patientOf(manifest.patientId) });
  return `"${who || NO_PATIENT}" (${MODE_NAMES[manifest.mode]}, recorded ${noteTime(manifest.createdAt)})`;
}

function correctionOf(store: DictationStore, id: string) {
  const correction = store.readCorrection(id);
  return correction && 'parts' in correction ? correction : null;
}

/**
 * A dictation as a notification names it: for a chosen patient, their initials and age/sex
 * (contract/patients.ts says why no more), else as on the screen.
 */
export function notificationName(manifest: DictationManifest, patientOf: PatientOf = nobody): string {
  const patient = patientOf(manifest.patientId);
  if (!patient) return nameOf(manifest);
  return `${patientInitials(patient)} (${MODE_NAMES[manifest.mode]}, recorded ${noteTime(manifest.createdAt)})`;
}

/** What the notification of a finished dictation says: which one, by the time and (for a chosen patient) initials and age/sex. */
export function readyNotice(manifest: DictationManifest, patientOf: PatientOf = nobody): string {
  const time = clockTime(manifest.createdAt);
  const patient = patientOf(manifest.patientId);
  // Never the label or the whole name: notifications show on a screen others see (contract/patients.ts, patientInitials).
  const which = patient ? `The dictation for ${patientInitials(patient)} recorded at ${time}` : `The dictation recorded at ${time}`;
  return `${which} has ${manifest.state === 'failed' ? 'failed' : 'its result'}.`;
}

/** The dictation's note, with the doctor's corrections, headed by whose it is; null when it has none (yet: output shown while processing is no note). */
export function noteOf(store: DictationStore, id: string, patientOf: PatientOf = nobody): ClinicalNote | null {
  const manifest = store.get(id);
  if (!manifest || !FINISHED_STATES.has(manifest.state)) return null;
  return clinicalNote(store.readResult(id), { ...manifest, patient: patientOf(manifest.patientId) }, correctionOf(store, id));
}

/** The medicines of the note as it leaves (with the doctor's corrections, or the service's with `original`): what is checked for contradictions. */
export function leavingMedicines(store: DictationStore, manifest: DictationManifest, original: boolean): MedicationRow[] {
  const result = FINISHED_STATES.has(manifest.state) ? store.readResult(manifest.id) : null;
  if (!result || !('outputs' in result)) return [];
  return noteMedicines(result.outputs, original ? null : correctionOf(store, manifest.id));
}

/** Why there is no note to take from this dictation. */
function noNote(manifest: DictationManifest, patientOf: PatientOf): string {
  return FINISHED_STATES.has(manifest.state) || manifest.state === 'failed'
    ? `The dictation ${nameOf(manifest, patientOf)} has no note to copy.`
    : `The note of the dictation ${nameOf(manifest, patientOf)} is not ready yet.`;
}

/** Why this dictation's note may not leave the app now, or null. */
export function noteRefusal(store: DictationStore, manifest: DictationManifest, requireReview: boolean, patientOf: PatientOf = nobody): string | null {
  if (!noteOf(store, manifest.id)) return noNote(manifest, patientOf);
  if (requireReview && manifest.reviewedAt === null) return `The note of the dictation ${nameOf(manifest, patientOf)} is not marked reviewed. ${NOT_REVIEWED}`;
  return null;
}

function heading(manifest: DictationManifest, what: string | null, notA: string, patientOf: PatientOf): CopyHeading {
  return { whose: { ...manifest, patient: patientOf(manifest.patientId) }, what, testData: manifest.testData ? notA : null };
}

const shared = (manifest: DictationManifest, patientOf: PatientOf) => ({
  review: { reviewedAt: manifest.reviewedAt, name: nameOf(manifest, patientOf) },
  owner: ownerOf(manifest),
});

/**
 * The copy of a dictation's note: as the doctor left it, or, with `original`, the service's
 * (said so under its first line when the doctor had corrected it). `version` says which it is.
 */
export function noteCopy(
  store: DictationStore,
  manifest: DictationManifest,
  original: boolean,
  patientOf: PatientOf = nobody,
): { request: CopyRequest; version: CopiedNoteVersion } {
  const correction = correctionOf(store, manifest.id);
  const version: CopiedNoteVersion = correction === null ? 'service' : original ? 'original' : 'corrected';
  const body = FINISHED_STATES.has(manifest.state) ? noteBody(store.readResult(manifest.id), version === 'corrected' ? correction : null, manifest.testData) : null;
  if (!body) return { request: { refused: noNote(manifest, patientOf) }, version };
  return {
    request: { heading: heading(manifest, version === 'original' ? ORIGINAL_NOTE : null, 'prescription', patientOf), body, ...shared(manifest, patientOf), what: 'note' },
    version,
  };
}

/**
 * The copy of one chapter of the result: its text as the doctor left it (or the service's with
 * `original`), or the service's JSON of it (`json`), headed like the note.
 */
export function chapterCopy(
  store: DictationStore,
  manifest: DictationManifest,
  chapter: { templateId: string; form: 'text' | 'json'; original: boolean },
  patientOf: PatientOf = nobody,
): CopyRequest {
  const { templateId, form, original } = chapter;
  const result = FINISHED_STATES.has(manifest.state) ? store.readResult(manifest.id) : null;
  const output = result && 'outputs' in result ? result.outputs.find((item) => item.templateId === templateId) : undefined;
  if (!output) return { refused: noNote(manifest, patientOf) };
  if (form === 'json') {
    const { content } = output;
    if (content.kind !== 'fhir' && content.kind !== 'json' && content.kind !== 'prescription') return { refused: 'This part of the result has no JSON to copy.' };
    const what = `${output.name || templateId}: the service's JSON, as it sent it (without the doctor's corrections).`;
    return { heading: heading(manifest, what, 'result', patientOf), body: { text: content.json }, ...shared(manifest, patientOf), what: 'note part (JSON)' };
  }
  const correction = correctionOf(store, manifest.id);
  const asOriginal = original && correction !== null;
  const body = noteChapterBody(result, templateId, asOriginal ? null : correction, manifest.testData);
  if (!body) return { refused: 'This part of the result has no text to copy.' };
  const notA = output.content.kind === 'prescription' ? 'prescription' : 'clinical note';
  return { heading: heading(manifest, asOriginal ? ORIGINAL_NOTE : null, notA, patientOf), body, ...shared(manifest, patientOf), what: 'note part' };
}

/** The copy of what the service heard (a session's transcript), headed like the note. */
export function transcriptCopy(store: DictationStore, manifest: DictationManifest, patientOf: PatientOf = nobody): CopyRequest {
  const result = store.readResult(manifest.id);
  const transcript = result && 'transcript' in result ? (result.transcript ?? '').trim() : '';
  if (!FINISHED_STATES.has(manifest.state) || transcript === '') return { refused: `The dictation ${nameOf(manifest, patientOf)} has no transcript to copy yet.` };
  return { heading: heading(manifest, 'Transcript', 'transcript', patientOf), body: { text: `${transcript}\n` }, ...shared(manifest, patientOf), what: 'transcript' };
}

/**
 * The copy shortcut's dictation: of the visit's patient (`chosenId`) only, the one in view
 * (`viewedId`), else their newest; null when nobody is chosen or they have none.
 */
export function shortcutTarget(store: DictationStore, viewedId: string | null, chosenId: string | null): DictationManifest | null {
  if (chosenId === null) return null;
  const viewed = viewedId !== null ? store.get(viewedId) : undefined;
  if (viewed?.patientId === chosenId) return viewed;
  return store.list().find((manifest) => manifest.patientId === chosenId) ?? null;
}

/** Why the shortcut has nothing to copy: nobody is chosen, or the chosen patient has no dictation yet. */
export function noTargetReason(chosen: HeadingPatient | null): string {
  if (!chosen) return 'No patient is chosen for this visit, so nothing was copied. Choose the patient in Scribe Desk, then press the shortcut again.';
  return `There is no dictation of ${whoLine({ label: '', patient: chosen })} yet, so nothing was copied.`;
}

/** Whether the dictation's note can leave now, is still on its way (recorded, sending, processing), or will not come by waiting. */
export function readinessOf(store: DictationStore, id: string): 'ready' | 'processing' | 'none' {
  const manifest = store.get(id);
  if (!manifest) return 'none';
  if (noteOf(store, id)) return 'ready';
  return PENDING_STATES.has(manifest.state) || manifest.state === 'recording' ? 'processing' : 'none';
}

/**
 * The copy shortcut's copy of dictation `id` (fixed at the press); always as the doctor left it. A
 * prescription that contradicts itself is not copied: it can only leave from the window, by a deliberate click.
 */
export async function copyShortcutNote(
  store: DictationStore,
  copies: Pick<CopyPath, 'copy'>,
  id: string | null,
  options: CopyOptions,
  log: (event: string) => void,
  patientOf: PatientOf = nobody,
  noTarget = 'There is no dictation to copy yet.',
): Promise<({ which: string; version: CopiedNoteVersion } & CopyOutcome & { copied: true }) | { copied: false; reason: string; refusal: ShortcutRefusal }> {
  const target = id !== null ? store.get(id) : undefined;
  if (!target) {
    const outcome = await copies.copy({ refused: noTarget });
    return { copied: false, reason: outcome.copied ? noTarget : outcome.reason, refusal: 'no-note' };
  }
  const contradictions = prescriptionContradictions(leavingMedicines(store, target, false));
  if (contradictions.length > 0) {
    log('copy: the shortcut copied nothing (the prescription contradicts itself)');
    const outcome = await copies.copy({ refused: `${contradictionsLine(contradictions)} Correct the note in Scribe Desk, or copy it from there.` });
    return { copied: false, reason: outcome.copied ? contradictionsLine(contradictions) : outcome.reason, refusal: 'contradicts' };
  }
  const { request, version } = noteCopy(store, target, false, patientOf);
  const outcome: CopyOutcome = await copies.copy(request, options);
  if (!outcome.copied) {
    log(`copy: the shortcut copied nothing (${'refused' in request ? `no note, ${target.state}` : 'not reviewed'})`);
    return { copied: false, reason: outcome.reason, refusal: 'refused' in request ? 'no-note' : 'not-reviewed' };
  }
  log('copy: a note was copied by the shortcut');
  return { ...outcome, which: notificationName(target, patientOf), version };
}

/** A patient's dictations as their visit view lists them, newest first: each one's medicines as they leave, and its state. */
export function visitDictations(store: DictationStore, patientId: string): VisitDictation[] {
  return store
    .list()
    .filter((manifest) => manifest.patientId === patientId)
    .map((manifest) => {
      const result = FINISHED_STATES.has(manifest.state) ? store.readResult(manifest.id) : null;
      const outputs = result && 'outputs' in result ? result.outputs : null;
      return {
        id: manifest.id,
        createdAt: manifest.createdAt,
        label: manifest.label,
        mode: manifest.mode,
        state: manifest.state,
        medicines: outputs ? noteMedicines(outputs, correctionOf(store, manifest.id)) : null,
        corrected: manifest.correctedAt !== null,
        reviewedAt: manifest.reviewedAt,
        testData: manifest.testData,
      };
    });
}
