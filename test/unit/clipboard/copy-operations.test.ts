/**
 * Every way the page (or a shortcut) puts patient data on the clipboard goes through the one
 * copy path. The bridge's clipboard operations are listed here: a new one fails this test until
 * it is listed, and its handler is shown to take the path (the review rule, the heading).
 * Nothing else in main may write to the system clipboard.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../contract/ipc-names';
import { isRefusal } from '../../../main/core/refusal';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import type { HeadingPatient } from '../../../contract/copy-heading';
import { tempFolder } from '../../support/temp-folder';
import { completedResult, prescriptionOutput, textOutput } from '../../support/decoded-outputs';
import { recorded, saveViewAsEarlierVersions, testStore } from '../../support/store-fixture';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';
import { noteBridge } from '../../support/note-bridge';

/** The bridge's operations that write to the clipboard, and where each is handled. */
const CLIPBOARD_OPERATIONS: Record<string, string> = {
  copyNote: 'main/dictation-wiring/dictation-bridge.ts',
  copyNoteChapter: 'main/dictation-wiring/dictation-bridge.ts',
  copyTranscript: 'main/dictation-wiring/dictation-bridge.ts',
  copyRegistrationValue: 'main/shell/features/registration-feature.ts',
  copyLabReportId: 'main/lab-reports/lab-reports-bridge.ts',
  copyLabResult: 'main/lab-reports/lab-reports-bridge.ts',
  copyDocument: 'main/visit-documents/document-handlers.ts',
};

/**
 * The only modules that may touch the system clipboard: the patient clipboard, the doctor's
 * earlier content it reads and puts back around a paste, and the feature that hands it to the copy path.
 */
const SYSTEM_CLIPBOARD_MODULES = new Set(['main/clipboard/patient-clipboard.ts', 'main/clipboard/earlier-clipboard.ts', 'main/shell/features/clipboard-feature.ts']);

const ROOT = join(__dirname, '../../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

const prescription = prescriptionOutput([{ name: 'Paracetamol 650 mg tablet', instruction: 'After food' }], '{"medications":[]}');
const notes = textOutput('clinical_notes_template', 'Clinical notes', 'markdown', 'Fever for two days.');
const result = completedResult([prescription, notes], 'Paracetamol after food.');

/** The patient of the visit the copies are made in, and another one. */
const VISIT = { id: '00000000-0000-4000-8000-0000000000b1', name: null, label: 'Sandbox visit', age: null, sex: null, abhaNumber: null };
const OTHER = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Ravi Kumar', label: '', age: 40, sex: 'male' as const, abhaNumber: null };

function completed(store: DictationStore, label: string, testData: boolean, patientId = VISIT.id) {
  const manifest = recorded(store, label);
  saveViewAsEarlierVersions(store, manifest.id, result);
  store.setPatient(manifest.id, patientId);
  return store.update(manifest.id, { state: 'completed', testData });
}

/** Two of the day's patients, as the patients' file names them. */
const PATIENTS: Record<string, HeadingPatient> = {
  'patient-ravi': { name: 'Test Patient Ravi', label: 'Bed 2', age: 61, sex: 'male', abhaNumber: null },
  'patient-meera': { name: 'Test Patient Meera', label: 'Bed 3', age: 41, sex: 'female', abhaNumber: null },
};

function handlersOn(store: DictationStore, requireReview: boolean) {
  const { state, system } = memoryClipboard('before');
  const { copies } = copyPathOn(system, requireReview);
  const patientOf = (patientId: string | null) => [VISIT, OTHER].find((patient) => patient.id === patientId) ?? (patientId ? (PATIENTS[patientId] ?? null) : null);
  return { handlers: noteBridge(store, copies, { chosen: VISIT, patientOf }), state };
}

async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (isRefusal(error)) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('clipboard operations', () => {
  it('are exactly the listed ones: a new copy operation is listed here before it can pass', () => {
    expect(OPERATION_NAMES.filter((name) => /^copy/i.test(name)).sort()).toEqual(Object.keys(CLIPBOARD_OPERATIONS).sort());
    for (const [name, file] of Object.entries(CLIPBOARD_OPERATIONS)) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(source, `${name} is handled in ${file}`).toMatch(new RegExp(`\\b${name}: `));
      expect(source, `${file} copies through the copy path`).toMatch(/copies\.copy\(|\bcopy\((noteCopy|chapterCopy|transcriptCopy|request)/);
    }
  });

  it('nothing in main but the patient clipboard touches the system clipboard', () => {
    const offenders = sourceFiles(join(ROOT, 'main'))
      .filter((file) => !SYSTEM_CLIPBOARD_MODULES.has(file))
      .filter((file) => {
        const source = readFileSync(join(ROOT, file), 'utf8');
        const electronImports = source.match(/import[^;]*from 'electron'/g) ?? [];
        return (
          electronImports.some((line) => /\bclipboard\b|\* as /.test(line)) ||
          /\b(writeText|writeHTML|writeRTF|writeBuffer|writeBookmark|writeFindText|writeImage)\(/.test(source) ||
          /new PatientClipboard\(/.test(source)
        );
      });
    expect(offenders).toEqual([]);
    // The patient clipboard is handed only to the copy path, which keeps it to itself.
    const feature = readFileSync(join(ROOT, 'main/shell/features/clipboard-feature.ts'), 'utf8');
    expect(feature).toMatch(/new CopyPath\(clipboard,/);
    expect(feature).not.toMatch(/return \{[^}]*\bclipboard\b/s);
  });

  it("each dictation copy takes the path: refused while the administrator's review is missing, headed with whose and test data once reviewed", async () => {
    const folder = tempFolder();
    const store = testStore(folder);
    const { id } = completed(store, 'Sandbox visit', true);
    const strict = handlersOn(store, true);
    const copies = [
      () => strict.handlers.copyNote({ id }),
      () => strict.handlers.copyNote({ id, original: true }),
      () => strict.handlers.copyNoteChapter({ id, templateId: 'clinical_notes_template', form: 'text' }),
      () => strict.handlers.copyNoteChapter({ id, templateId: 'eka_emr_template', form: 'json' }),
      () => strict.handlers.copyTranscript({ id }),
    ];
    for (const copy of copies) expect(await refusal(copy)).toMatch(/is not marked reviewed/);
    expect(strict.state.text).toBe('before');

    store.update(id, { reviewedAt: new Date().toISOString() });
    for (const copy of copies) {
      strict.state.text = 'before';
      await copy();
      const [whose, ...rest] = strict.state.text.split('\n');
      expect(whose).toMatch(/^Sandbox visit · Dictation · /);
      expect(rest.join('\n')).toMatch(/TEST DATA from the built-in sandbox: not a real /);
    }
  });

  it('review follows the patient: a note reviewed for one patient or label never leaves under another without a new review', async () => {
    const folder = tempFolder();
    const store = testStore(folder);
    const { id } = completed(store, 'Follow-up', false);
    const { handlers, state } = handlersOn(store, true);
    // The notes are for other patients than the visit's: each copy is the deliberate "anyway", so only review decides.
    await handlers.setDictationPatient({ id, patientId: 'patient-ravi' });
    await handlers.setNoteReviewed({ id, reviewed: true });
    await handlers.copyNote({ id, anyway: true });
    expect(state.text.split('\n')[0]).toMatch(/^Test Patient Ravi/);

    for (const change of [() => handlers.setDictationPatient({ id, patientId: 'patient-meera' }), () => handlers.renameDictation({ id, label: 'Second visit' })]) {
      state.text = 'before';
      expect((await change()).reviewedAt).toBeNull();
      expect(await refusal(() => handlers.copyNote({ id, anyway: true }))).toMatch(/is not marked reviewed/);
      expect(state.text).toBe('before');
      await handlers.setNoteReviewed({ id, reviewed: true });
      await handlers.copyNote({ id, anyway: true });
      expect(state.text.split('\n')[0]).toMatch(/^Test Patient Meera/);
    }
    // The same patient or label again is no change: the review stands.
    expect((await handlers.setDictationPatient({ id, patientId: 'patient-meera' })).reviewedAt).not.toBeNull();
    expect((await handlers.renameDictation({ id, label: 'Second visit' })).reviewedAt).not.toBeNull();
  });

  it('says which note it copied: the corrected one, or the original on request', async () => {
    const folder = tempFolder();
    const store = testStore(folder);
    const { id } = completed(store, 'Corrected visit', false);
    const { handlers, state } = handlersOn(store, false);
    expect(await handlers.copyNote({ id })).toEqual({ version: 'service' });
    store.saveCorrection(id, {
      correctedAt: new Date().toISOString(),
      parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: [{ name: 'Dolo 650', dose: '1 tablet', frequency: 'twice a day', duration: '3 days', instruction: 'After food' }] }],
    });
    expect(await handlers.copyNote({ id })).toEqual({ version: 'corrected' });
    expect(state.text).toContain('Dolo 650');
    expect(state.text).not.toContain('TEST DATA');
    expect(await handlers.copyNote({ id, original: true })).toEqual({ version: 'original' });
    expect(state.text.split('\n')[1]).toBe("The service's original note, without the doctor's corrections.");
    expect(state.text).toContain('Paracetamol 650 mg tablet');
    expect(state.text).not.toContain('Dolo 650');
  });

  it("another patient's note, or a prescription that contradicts itself, leaves only by a deliberate \"anyway\"; the refusal says whose it is", async () => {
    const folder = tempFolder();
    const store = testStore(folder);
    const other = completed(store, 'Other visit', false, OTHER.id);
    const { handlers, state } = handlersOn(store, false);
    const refused = await Promise.resolve()
      .then(() => handlers.copyNote({ id: other.id }))
      .then(
        () => null,
        (error: unknown) => error as { kind: string; message: string },
      );
    expect(refused?.kind).toBe('needs-confirmation');
    expect(refused?.message).toMatch(/the note of Ravi Kumar · 40 M, but the patient of this visit is Sandbox visit\. Nothing was copied/);
    expect(state.text).toBe('before');
    await handlers.copyNote({ id: other.id, anyway: true });
    expect(state.text).toMatch(/^Ravi Kumar, 40 M \(Other visit\) · Dictation · /);

    const own = completed(store, 'Sandbox visit', false);
    store.saveCorrection(own.id, {
      correctedAt: new Date().toISOString(),
      parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: [{ name: 'Dolo 650', dose: '1-0-0', frequency: 'morning, noon and night', duration: '3 days', instruction: '' }] }],
    });
    state.text = 'before';
    expect(await refusal(() => handlers.copyNote({ id: own.id }))).toMatch(/Dolo 650: the dose 1-0-0 is taken in the morning, but the frequency says “morning, noon and night”/);
    expect(state.text).toBe('before');
    await handlers.copyNote({ id: own.id, anyway: true });
    expect(state.text).toContain('Dolo 650');
  });
});
