/** Dictation stores for unit tests: a real keyring under a random master key, recordings written encrypted as the recorder writes them. */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MedicationRow } from '../../contract/medication-row';
import type { TranscriptionResult } from '../../contract/transcription';
import type { Recorder } from '../../main/audio/recorder';
import { inlineMp3Encoding, prepareUploadAudio } from '../../main/audio/upload-audio';
import { durationMsOf } from '../../main/audio/wav-file';
import { parcelProblem, DictationStore } from '../../main/dictations/dictation-store';
import type { DictationManifest } from '../../main/dictations/dictation-manifest';
import { RecordingControl, type RecordingControlDeps } from '../../main/dictation-recording/recording-control';
import { systemClock, type Clock } from '../../main/core/clock';
import { ItemKeyring } from '../../main/storage/item-keyring';
import { SealedFileWriter, sealBytes } from '../../main/storage/sealed-file';
import { completedResult, prescriptionOutput } from './decoded-outputs';

export function testKeyring(folder: string, masterKey: Buffer = randomBytes(32)): ItemKeyring {
  return new ItemKeyring(join(folder, 'keys.sealed'), masterKey);
}

export function testStore(folder: string, clock: Pick<Clock, 'now'> = systemClock): DictationStore {
  return new DictationStore(join(folder, 'dictations'), testKeyring(folder), clock);
}

/** Writes `seconds` of a tone as the dictation's recording, in half-second parcels as the recorder does. */
export function writeRecording(store: DictationStore, id: string, seconds = 1): number {
  const writer = SealedFileWriter.create(store.audioPath(id), store.audioKeyOf(id), { parcelBytes: 16_000 });
  for (let i = 0; i < seconds * 31; i += 1) {
    const frame = new Int16Array(512).map((_, j) => Math.round(3000 * Math.sin(j / 5)));
    writer.append(new Uint8Array(frame.buffer));
  }
  return durationMsOf(writer.finish().plainBytes);
}

/** The patient a test recording session records for. */
export const TEST_PATIENT_ID = '00000000-0000-4000-8000-0000000000aa';

/** A dictation recorded and ready to send. */
export function recorded(store: DictationStore, label = 'patient', seconds = 1): DictationManifest {
  const manifest = store.create({ mode: 'dictation', label });
  const durationMs = writeRecording(store, manifest.id, seconds);
  return store.update(manifest.id, { state: 'recorded', durationMs });
}

/** The outbox's `prepareAudio`, as the app wires it (MP3, encoded on this thread). */
export function uploadAudioOf(store: DictationStore) {
  return async (manifest: DictationManifest) => {
    const { source, damagedParcels } = await prepareUploadAudio(store.recordingFiles(manifest.id), 'mp3', inlineMp3Encoding);
    return { ...source, notice: parcelProblem(damagedParcels) };
  };
}

/** Keeps a result as versions before the stored formats did: the view itself, sealed in the result file. */
export function saveViewAsEarlierVersions(store: DictationStore, id: string, view: TranscriptionResult): void {
  writeFileSync(join(store.folderOf(id), 'result.sealed'), sealBytes(store.keysOf(id).key, Buffer.from(JSON.stringify(view), 'utf8')));
}

/** A finished dictation for `patientId` whose prescription, as the doctor corrected it, is `rows`. */
export function prescribedFor(store: DictationStore, patientId: string, rows: MedicationRow[]): DictationManifest {
  const manifest = recorded(store, 'OPD 4', 0.1);
  saveViewAsEarlierVersions(store, manifest.id, completedResult([prescriptionOutput([{ name: 'Dolo 650', instruction: 'After food' }], '{"medications":[]}')]));
  store.setPatient(manifest.id, patientId);
  store.update(manifest.id, { state: 'completed', finishedAt: new Date().toISOString() });
  return store.saveCorrection(manifest.id, { correctedAt: new Date().toISOString(), parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows }] });
}

/** A recording session on `store` with `recorder` standing in for the recorder process, sent by the voice upload, telling nobody; `deps` changes any of that. */
export function testRecordingControl(store: DictationStore, recorder: Recorder, deps: Partial<RecordingControlDeps> = {}): RecordingControl {
  return new RecordingControl({
    store,
    createRecorder: () => recorder,
    microphone: () => '',
    compactCopy: () => false,
    transcription: () => ({ api: 'voice-upload', request: null }),
    ensurePermission: async () => undefined,
    shortcut: () => null,
    onStatus: () => undefined,
    onRecorded: () => undefined,
    // A patient's visit under way, and nothing to ask: a recording starts at once.
    visitPatientId: () => TEST_PATIENT_ID,
    takePatient: () => undefined,
    consent: () => ({ kind: 'given', at: new Date().toISOString(), noticeLanguage: 'en', noticeVersion: 'built-in-1', account: null, osUser: 'test', callSound: false }),
    ask: () => undefined,
    clock: systemClock,
    ...deps,
  });
}
