/**
 * Dictations on disk: one folder each (`dictations/<id>/`) with its manifest, the recording
 * (`audio.sealed`: 16 kHz mono 16-bit samples), the upload copy (`upload.mp3.sealed`, when
 * MP3 is chosen) and the result (`result.sealed`). Everything that holds patient data is
 * encrypted (sealed-file.ts) with the dictation's keys (item-keyring.ts), the label too; the
 * manifest keeps in clear only what listing and scheduling need. A session's presigned upload
 * address (which lets whoever holds it send to the session) is sealed in the manifest with the
 * dictation's key, and so is the fingerprint of the patient details a session was told; what
 * an earlier version kept of either in clear is sealed at the next start.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsentRecord } from '../../contract/consent';
import type { DictationMode } from '../../contract/dictation';
import type { NoteCorrection } from '../../contract/note-correction';
import { noteCorrectionSchema } from '../../contract/note-correction-schema';
import type { StoredResult } from '../../contract/transcription';
import { partFileName, partsIn, type AudioPart } from '../audio/audio-parts';
import { partialPathOf } from '../audio/mp3-stream';
import { WAV_HEADER_BYTES, durationMsOf, repairWav } from '../audio/wav-file';
import { isoNow, type Clock } from '../core/clock';
import { writeFileAtomic } from '../storage/atomic-file';
import type { ItemKeyring, ItemKeys } from '../storage/item-keyring';
import { KeyedFolderStore } from '../storage/keyed-folder-store';
import { toEnd } from '../storage/folder-store';
import { completeSealedFile, openSealedBytes, sealBytes, sealClearFile } from '../storage/sealed-file';
import { consentRecordSchema, manifestOnDisk, manifestSchema, uploadTargetSchema, type DictationManifest, type SessionState, type TRANSCRIPTION_APIS } from './dictation-manifest';
import { MAX_RESULT_FILE_BYTES, parseStoredResult, type KeptResult } from './stored-result';
import type { RecordingFiles, RecordingSize } from '../audio/upload-audio';

const RESULT = 'result.sealed';
/** The doctor's correction of the note; the result beside it stays as the service sent it. */
const CORRECTION = 'correction.sealed';
/** A correction is a few kilobytes; a larger file is not one. */
const MAX_CORRECTION_FILE_BYTES = 16 * 1024 * 1024;
export const AUDIO_FILE = 'audio.sealed';
/** The compact copy uploaded when MP3 is chosen, written while recording. */
export const COMPACT_AUDIO_FILE = 'upload.mp3.sealed';
/** The recording's parts for the sessions API (audio-parts.ts), beside it; named as earlier versions wrote it. */
export const PARTS_FOLDER = 'chunks';
/** Files of earlier versions, in clear, encrypted at the first start of this one. */
const LEGACY = { audio: 'audio.wav', compact: 'upload.mp3', result: 'result.json' } as const;
/** Written once every file an earlier version left in clear has been encrypted (this version writes none). */
const NO_LEGACY_FILES = '.no-clear-files';
/** Dictations whose labels are revealed between two hand-backs of a load in slices. */
const REVEALED_PER_SLICE = 500;

/** What to tell the user about parts of a recording that did not verify; null when none. */
export function parcelProblem(damaged: number): string | null {
  if (damaged === 0) return null;
  return `${damaged} part${damaged === 1 ? '' : 's'} of the recording (up to half a second each) could not be verified on the disk (damaged) and ${damaged === 1 ? 'was' : 'were'} left out.`;
}

/** The manifest as written: a presigned upload address sealed with the dictation's key (none without its key: the session is then made again). */
function sealUploadAddress(key: Buffer | null, session: SessionState): SessionState {
  if ((session.upload?.kind ?? 'service') === 'service') return session.sealedUpload ? { ...session, sealedUpload: null } : session;
  const sealedUpload = key ? sealBytes(key, Buffer.from(JSON.stringify(session.upload), 'utf8')).toString('base64') : null;
  return { ...session, upload: null, sealedUpload };
}

/** What the session was told of the patient, sealed with the dictation's key (without it, nothing: the details are told again before End). */
function sealPatientTold(key: Buffer | null, session: SessionState): SessionState {
  if (session.patientTold === null) return session.sealedPatientTold ? { ...session, sealedPatientTold: null } : session;
  const sealedPatientTold = key ? sealBytes(key, Buffer.from(session.patientTold, 'utf8')).toString('base64') : null;
  return { ...session, patientTold: null, sealedPatientTold };
}

/** The session's secrets as the manifest on disk keeps them: sealed with the dictation's key. */
function sealSession(keys: ItemKeyring | { problem: string }, manifest: DictationManifest): DictationManifest {
  const session = manifest.session;
  if (!session) return manifest;
  const key = 'problem' in keys ? null : (keys.keysOf(manifest.id)?.key ?? null);
  const sealed = sealPatientTold(key, sealUploadAddress(key, session));
  return sealed === session ? manifest : { ...manifest, session: sealed };
}

/** Opens one sealed field with the dictation's key; null when it cannot be opened. */
function openSealed(key: Buffer, sealed: string): string | null {
  try {
    return openSealedBytes(key, Buffer.from(sealed, 'base64')).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The manifest as read, its sealed upload address and patient fingerprint opened; as it is when
 * there is none or it cannot be opened (the session is then made again, the details told again).
 */
function openSession(keyring: ItemKeyring, manifest: DictationManifest): DictationManifest {
  const session = manifest.session;
  const key = session?.sealedUpload || session?.sealedPatientTold ? keyring.keysOf(manifest.id)?.key : null;
  if (!session || !key) return manifest;
  let opened = session;
  const upload = session.sealedUpload ? uploadTargetSchema.safeParse(parsedJson(openSealed(key, session.sealedUpload))) : null;
  if (upload?.success) opened = { ...opened, upload: upload.data };
  const told = session.sealedPatientTold ? openSealed(key, session.sealedPatientTold) : null;
  if (told !== null) opened = { ...opened, patientTold: told };
  return opened === session ? manifest : { ...manifest, session: opened };
}

function parsedJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** What an earlier version kept in clear in the session: a presigned upload address, or the fingerprint of the patient told. */
function clearSessionSecrets(read: DictationManifest): boolean {
  const session = read.session;
  return session !== null && ((session.upload !== null && session.upload.kind !== 'service') || session.patientTold !== null);
}

export interface LoadReport {
  loaded: number;
  /** Dictations whose recording was cut off by a crash and repaired. */
  recovered: string[];
  unreadable: number;
}


export class DictationStore extends KeyedFolderStore<DictationManifest> {
  /** Set once every file an earlier version left in clear is known to be encrypted (the marker). */
  private noLegacyFiles = false;

  /**
   * `keys`: the keyring, or why it cannot be opened (also shown in Settings): then the list
   * still loads, nothing can be recorded or read, and nothing is rewritten. `clock`: when a
   * dictation was made.
   */
  constructor(
    root: string,
    keys: ItemKeyring | { problem: string },
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    super(
      root,
      manifestSchema,
      keys,
      (manifest) =>
        sealSession(keys, manifest.label !== '' || manifest.patientId !== null || manifest.consent !== null ? { ...manifest, label: '', patientId: null, consent: null } : manifest),
      manifestOnDisk,
    );
  }

  /** The dictation's keys; throws a message for the user when they cannot be had. */
  keysOf(id: string): ItemKeys {
    return this.itemKeys(id, 'The key of this dictation is missing, so its files cannot be read.');
  }

  audioKeyOf(id: string): Buffer {
    const { audioKey } = this.keysOf(id);
    if (!audioKey) throw new Error('The recording of this dictation has been deleted.');
    return audioKey;
  }

  audioPath(id: string): string {
    return join(this.folderOf(id), AUDIO_FILE);
  }

  compactAudioPath(id: string): string {
    return join(this.folderOf(id), COMPACT_AUDIO_FILE);
  }

  partsFolder(id: string): string {
    return join(this.folderOf(id), PARTS_FOLDER);
  }

  /** The recording's parts on disk, in order, from part 0 without a gap. */
  parts(id: string): AudioPart[] {
    return partsIn(this.partsFolder(id), this.get(id)?.partFormat);
  }

  /** A part's bytes (in the dictation's part format), decrypted; throws when it cannot be read. */
  readPart(id: string, part: AudioPart): Buffer {
    return openSealedBytes(this.audioKeyOf(id), readFileSync(join(this.partsFolder(id), partFileName(part, this.get(id)?.partFormat))));
  }

  /**
   * The recording, its compact copy and their key, as upload and playback read them; with
   * what the recording holds as its manifest keeps it, and a way to keep it once counted.
   */
  recordingFiles(id: string): RecordingFiles {
    const manifest = this.get(id);
    const size = manifest && manifest.plainBytes !== null && manifest.damagedParcels !== null ? { plainBytes: manifest.plainBytes, damagedParcels: manifest.damagedParcels } : null;
    return {
      audioPath: this.audioPath(id),
      mp3Path: this.compactAudioPath(id),
      key: this.audioKeyOf(id),
      size,
      keepSize: (next) => {
        if (this.get(id)) this.writeOrKeepInMemory(id, next ?? { plainBytes: null, damagedParcels: null });
      },
    };
  }

  /** A folder and keys for a new dictation, before its manifest exists (the recording can start at once). */
  newFolder(kept: { label: string; patientId: string | null; consent: ConsentRecord | null } = { label: '', patientId: null, consent: null }): { id: string; audioKey: Buffer } {
    const id = randomUUID();
    const keyring = this.openKeyring();
    let audioKey: Buffer | null = null;
    // The label, patient and consent written with the keys, once: Record waits for this write.
    keyring.batch(() => {
      audioKey = keyring.create(id, kept.label, true, kept.patientId).audioKey;
      if (kept.consent) keyring.setConsent(id, { ...kept.consent });
    });
    mkdirSync(this.folderOf(id), { recursive: true, mode: 0o700 });
    return { id, audioKey: audioKey! };
  }

  /**
   * Reads every dictation. A recording interrupted by a crash is repaired and kept as
   * recovered; an upload interrupted by one is sent again under the same txn id.
   */
  load(): LoadReport {
    return toEnd(this.loading());
  }

  /**
   * The load, left for later (folder-store.ts, `loadLater`): run at the store's first use, or a
   * slice at a time; `loaded` hears its report.
   */
  loadAtFirstUse(loaded: (report: LoadReport) => void): void {
    this.loadLater(this.loading(), loaded);
  }

  private *loading(): Generator<void, LoadReport> {
    const { loaded, unreadable, folders } = yield* this.reading();
    // Without the keys a recording cannot be repaired: everything waits, untouched, until they can be opened.
    if (!this.keyring) return { loaded: loaded.length, recovered: [], unreadable };
    const keyring = this.keyring;
    keyring.forgetAllBut(folders);
    // Labels found in manifests (an earlier version) go into the keyring, written once, before any manifest loses its label.
    const clearLabels = loaded.filter((manifest) => manifest.label !== '');
    keyring.batch(() => {
      for (const { id, label } of clearLabels) {
        if (keyring.has(id)) keyring.setLabel(id, label);
        else keyring.create(id, label, true);
      }
    });
    for (const [index, read] of loaded.entries()) {
      if (index % REVEALED_PER_SLICE === REVEALED_PER_SLICE - 1) yield;
      const manifest = openSession(keyring, read);
      // Written again, sealing what an earlier version kept in clear (a label, an upload address, the patient told).
      if (manifest.label !== '' || clearSessionSecrets(read)) {
        this.remember(manifest);
        this.writeOrKeepInMemory(manifest.id, {});
      } else this.revealLabel(manifest);
    }
    const recovered: string[] = [];
    for (const manifest of loaded) {
      if (manifest.state === 'recording') {
        this.recover(manifest);
        recovered.push(manifest.id);
      } else if (manifest.state === 'uploading') {
        this.writeOrKeepInMemory(manifest.id, { state: 'recorded' });
      }
    }
    this.sealClearProblems();
    return { loaded: loaded.length, recovered, unreadable };
  }

  /**
   * The label and the patient are kept in the keyring, not in the manifest. Set on the
   * manifest just read, which nothing else holds yet: a copy of each of thousands at start-up
   * costs more than the rest of revealing them.
   */
  private revealLabel(manifest: DictationManifest): void {
    manifest.label = this.keyring!.labelOf(manifest.id);
    manifest.patientId = this.keyring!.patientOf(manifest.id);
    const consent = this.keyring!.consentOf(manifest.id);
    manifest.consent = consent ? (consentRecordSchema.safeParse(consent).data ?? null) : null;
    this.remember(manifest);
  }

  /**
   * Makes a recording cut off by a crash whole; its duration, damaged parts, and what it holds
   * (null for a recording an earlier version left in clear: counted once it is encrypted).
   */
  private repairRecording(id: string): { durationMs: number; damagedParcels: number; size: RecordingSize | null } {
    try {
      if (existsSync(join(this.folderOf(id), LEGACY.audio))) {
        const durationMs = repairWav(join(this.folderOf(id), LEGACY.audio))?.durationMs ?? 0;
        return { durationMs, damagedParcels: 0, size: null };
      }
      const check = completeSealedFile(this.audioPath(id), this.audioKeyOf(id));
      return { durationMs: durationMsOf(check.plainBytes), damagedParcels: check.damagedParcels, size: { plainBytes: check.plainBytes, damagedParcels: check.damagedParcels } };
    } catch {
      return { durationMs: 0, damagedParcels: 0, size: null };
    }
  }

  private recover(manifest: DictationManifest): void {
    // The compact copy was being written as well; it is made again from the repaired recording.
    rmSync(partialPathOf(this.compactAudioPath(manifest.id)), { force: true });
    const { durationMs, damagedParcels, size } = this.repairRecording(manifest.id);
    const damage = parcelProblem(damagedParcels);
    this.writeOrKeepInMemory(
      manifest.id,
      durationMs > 0
        ? { state: 'recorded', recovered: true, durationMs, ...size, problem: `Recovered after the app closed unexpectedly during recording.${damage ? ` ${damage}` : ''}` }
        : { state: 'failed', recovered: true, durationMs: 0, problem: 'The app closed before any sound was saved; there is nothing to send.' },
    );
  }

  /**
   * Encrypts what an earlier version left in clear in this dictation's folder (recording,
   * compact copy, result); each file is replaced crash-safely (sealClearFile). True when
   * something was encrypted.
   */
  sealLegacyFiles(id: string): boolean {
    this.loadNow();
    if (!this.keyring) return false;
    const folder = this.folderOf(id);
    const present = (Object.values(LEGACY) as string[]).filter((name) => existsSync(join(folder, name)));
    if (present.length === 0) return false;
    const keys = this.keyring.has(id) ? this.keysOf(id) : this.keyring.create(id, '', true);
    const audioKey = keys.audioKey;
    for (const name of present) {
      const clear = join(folder, name);
      if (name === LEGACY.result) sealClearFile(clear, join(folder, RESULT), keys.key);
      else if (!audioKey) rmSync(clear, { force: true });
      else if (name === LEGACY.audio) {
        sealClearFile(clear, this.audioPath(id), audioKey, WAV_HEADER_BYTES);
        // A new file: what it holds is counted at its first upload or playback.
        const current = this.get(id);
        if (current && (current.plainBytes !== null || current.damagedParcels !== null)) this.writeOrKeepInMemory(id, { plainBytes: null, damagedParcels: null });
      } else sealClearFile(clear, this.compactAudioPath(id), audioKey);
    }
    return true;
  }

  /**
   * As sealLegacyFiles, for one dictation about to be uploaded or played, until the start's
   * maintenance has encrypted every file in clear (then nothing, not even a look at the disk).
   */
  sealLegacyFilesIfAny(id: string): boolean {
    return this.legacyFilesLeft() ? this.sealLegacyFiles(id) : false;
  }

  /** False once every file an earlier version left in clear is known to be encrypted (the marker, read once). */
  private legacyFilesLeft(): boolean {
    this.noLegacyFiles ||= existsSync(join(this.root, NO_LEGACY_FILES));
    return !this.noLegacyFiles;
  }

  /** Ids of dictations with files still in clear from an earlier version (none to look for once all were encrypted). */
  withLegacyFiles(): string[] {
    if (!this.legacyFilesLeft()) return [];
    return this.list()
      .filter((manifest) => (Object.values(LEGACY) as string[]).some((name) => existsSync(join(this.folderOf(manifest.id), name))))
      .map((manifest) => manifest.id);
  }

  /** Remembers that no file in clear is left, so later starts (and uploads and playbacks) do not look through the folders again. */
  markLegacyFilesSealed(): void {
    if (!existsSync(join(this.root, NO_LEGACY_FILES))) writeFileAtomic(join(this.root, NO_LEGACY_FILES), '');
    this.noLegacyFiles = true;
  }

  /** Destroys the dictation's keys first: any copy of its files left anywhere is then unreadable. */
  override delete(id: string): void {
    this.loadNow();
    this.keyring?.forget(id);
    super.delete(id);
  }

  /** Deletes recordings (retention): their keys first, in one write, then their files; the results stay. */
  deleteAudio(ids: string[]): void {
    this.loadNow();
    const keyring = this.keyring;
    if (keyring) keyring.batch(() => ids.forEach((id) => keyring.forgetAudio(id)));
    for (const id of ids) {
      const folder = this.folderOf(id);
      for (const name of [AUDIO_FILE, COMPACT_AUDIO_FILE, LEGACY.audio, LEGACY.compact, PARTS_FOLDER]) rmSync(join(folder, name), { force: true, recursive: true });
    }
  }

  create(input: {
    id?: string;
    mode: DictationMode;
    label: string;
    patientId?: string | null;
    api?: (typeof TRANSCRIPTION_APIS)[number];
    request?: DictationManifest['request'];
    partFormat?: DictationManifest['partFormat'];
    consent?: ConsentRecord | null;
  }): DictationManifest {
    const keyring = this.openKeyring();
    const id = input.id ?? randomUUID();
    const patientId = input.patientId ?? null;
    const consent = input.consent ?? null;
    // One write of the keyring for all three: Record waits for it.
    keyring.batch(() => {
      if (keyring.has(id)) {
        keyring.setLabel(id, input.label);
        keyring.setPatient(id, patientId);
      } else keyring.create(id, input.label, true, patientId);
      if (consent) keyring.setConsent(id, { ...consent });
    });
    return this.add(
      manifestSchema.parse({
        version: 1,
        id,
        txnId: randomUUID(),
        createdAt: isoNow(this.clock),
        label: input.label,
        patientId,
        mode: input.mode,
        state: 'recording',
        durationMs: 0,
        api: input.api ?? 'voice-upload',
        request: input.request ?? null,
        partFormat: input.partFormat ?? 'mp3',
        consent,
      }),
    );
  }

  /**
   * Gives the dictation another label, kept sealed in the keyring like the first. The note leaves
   * headed by it: a note reviewed under the old label is no longer the one reviewed.
   */
  rename(id: string, label: string): DictationManifest {
    const changed = this.get(id)?.label !== label;
    this.openKeyring().setLabel(id, label);
    return this.update(id, changed ? { label, reviewedAt: null } : { label });
  }

  /**
   * Puts the dictation under another patient (null: none), kept sealed in the keyring like the
   * label. A note reviewed for one patient never leaves under another's heading without a new review.
   */
  setPatient(id: string, patientId: string | null): DictationManifest {
    const changed = (this.get(id)?.patientId ?? null) !== patientId;
    this.openKeyring().setPatient(id, patientId);
    return this.update(id, changed ? { patientId, reviewedAt: null } : { patientId });
  }

  /** Keeps a consultation's consent with its keys (null: none), destroyed with them. */
  setConsent(id: string, consent: ConsentRecord | null): DictationManifest {
    this.openKeyring().setConsent(id, consent ? { ...consent } : null);
    return this.update(id, { consent });
  }

  /** Ids of the dictations for a patient. */
  /** The patient's name, age, sex or ABHA number changed: their notes, headed with them, must be reviewed again; how many were marked. */
  clearReviews(patientId: string): number {
    const reviewed = this.idsForPatient(patientId).filter((id) => this.get(id)?.reviewedAt);
    for (const id of reviewed) this.writeOrKeepInMemory(id, { reviewedAt: null });
    return reviewed.length;
  }

  idsForPatient(patientId: string): string[] {
    return this.list()
      .filter((manifest) => manifest.patientId === patientId)
      .map((manifest) => manifest.id);
  }

  /** Keeps the doctor's correction sealed beside the result (null: the service's note again); the note is then no longer the one reviewed. */
  saveCorrection(id: string, correction: NoteCorrection | null): DictationManifest {
    const path = join(this.folderOf(id), CORRECTION);
    if (correction) writeFileAtomic(path, sealBytes(this.keysOf(id).key, Buffer.from(JSON.stringify(correction), 'utf8')));
    else rmSync(path, { force: true });
    return this.update(id, { correctedAt: correction?.correctedAt ?? null, reviewedAt: null });
  }

  /** The doctor's correction, checked; why it cannot be read; or null when there is none. */
  readCorrection(id: string): NoteCorrection | { unreadable: string } | null {
    const path = join(this.folderOf(id), CORRECTION);
    if (!existsSync(path)) return null;
    const unreadable = { unreadable: 'Your correction of this note could not be read back from this computer; the service\'s note is shown. Undo all corrections to start again.' };
    try {
      if (statSync(path).size > MAX_CORRECTION_FILE_BYTES) return unreadable;
      const parsed = noteCorrectionSchema.safeParse(JSON.parse(openSealedBytes(this.keysOf(id).key, readFileSync(path)).toString('utf8')));
      return parsed.success ? parsed.data : unreadable;
    } catch {
      return unreadable;
    }
  }

  /** Keeps the result as the service gave it (stored-result.ts), sealed; its view is made when it is read. */
  saveResult(id: string, result: KeptResult): void {
    writeFileAtomic(join(this.folderOf(id), RESULT), sealBytes(this.keysOf(id).key, Buffer.from(JSON.stringify(result), 'utf8')));
  }

  /** The stored result as the page shows it, checked (stored-result.ts); a file that cannot be read is a readable "could not be read". */
  readResult(id: string): StoredResult | null {
    const sealed = join(this.folderOf(id), RESULT);
    const legacy = join(this.folderOf(id), LEGACY.result);
    const path = existsSync(sealed) ? sealed : existsSync(legacy) ? legacy : null;
    if (!path) return null;
    try {
      if (statSync(path).size > MAX_RESULT_FILE_BYTES) return { state: 'unreadable', problem: 'The saved result of this dictation is too large to read.' };
      if (path === legacy) return parseStoredResult(readFileSync(path, 'utf8'));
      let text: string;
      try {
        text = openSealedBytes(this.keysOf(id).key, readFileSync(path)).toString('utf8');
      } catch (error) {
        return { state: 'unreadable', problem: `The saved result of this dictation could not be read. ${(error as Error).message.replace(/^./, (first) => first.toUpperCase()).replace(/\.?$/, '.')}` };
      }
      return parseStoredResult(text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
      return { state: 'unreadable', problem: `The saved result of this dictation could not be read from the disk (${code}).` };
    }
  }
}
