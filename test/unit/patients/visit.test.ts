/**
 * The visit's patient governs what is recorded and what leaves: a visit starts when a patient is
 * chosen and ends when their note has left the app or on "Next patient"; a recording without a
 * patient, or a consultation without the patient's consent, is asked for first and nothing is
 * kept; the copy shortcut takes only the visit patient's note; another patient's note is refused
 * naming whose it is. Real stores on real files; the recorder process is a stand-in that opens at once.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordQuestion } from '../../../contract/ipc';
import { otherPatientRefusal } from '../../../contract/visit-rules';
import type { Recorder } from '../../../main/audio/recorder';
import { shortcutTarget, noTargetReason } from '../../../main/note-leaving/dictation-notes';
import { PatientStore } from '../../../main/patients/patient-store';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { SealedDocument } from '../../../main/storage/sealed-document';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { testKeyring, testRecordingControl, testStore } from '../../support/store-fixture';
import { systemClock } from '../../../main/core/clock';

const patients = () => new PatientStore(new SealedDocument(join(tempFolder(), 'patients.sealed'), randomBytes(32), null, 'patients kept'), systemClock);
const bed = (store: PatientStore, label: string) => store.create({ label, name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });

describe('a visit', () => {
  it('starts when a patient is chosen, ends when their note leaves (still shown, asked again at Record) or on Next patient, and says when the patient changes', () => {
    const store = patients();
    const heard: Array<string | null> = [];
    store.onVisitChange((id) => heard.push(id));
    const [first, second] = [bed(store, 'Bed 1'), bed(store, 'Bed 2')];
    store.choose(first.id);
    expect(store.view()).toMatchObject({ visitPatientId: first.id, visitEnded: false });
    store.noteLeft(second.id);
    expect(store.view().visitEnded).toBe(false);
    store.noteLeft(first.id);
    expect(store.view()).toMatchObject({ visitPatientId: first.id, visitEnded: true });
    // The same patient chosen again: their visit goes on, nobody else's.
    store.choose(first.id);
    expect(store.view()).toMatchObject({ visitPatientId: first.id, visitEnded: false });
    store.choose(second.id);
    store.endVisit();
    expect(store.view()).toMatchObject({ visitPatientId: null, visitEnded: false });
    store.choose(first.id);
    store.delete(first.id);
    expect(heard).toEqual([first.id, second.id, null, first.id, null]);
  });
});

describe('Record', () => {
  const opensAtOnce = () => ({ start: async () => ({ device: 'mic', callSound: null }), stop: async () => ({ durationMs: 1500, parts: 0 }) }) as unknown as Recorder;

  it('without a patient, or for a consultation without the patient’s consent, asks first and records nothing', async () => {
    const store = testStore(tempFolder());
    const asked: RecordQuestion[] = [];
    const recording = testRecordingControl(store, opensAtOnce(), { visitPatientId: () => null, consent: () => 'ask', ask: (question) => asked.push(question) });
    expect((await recording.start({ label: '', mode: 'dictation' })).state).toBe('idle');
    expect((await recording.start(null)).state).toBe('idle');
    recording.setDraft({ label: '', mode: 'consultation' });
    await recording.start(null);
    await recording.start({ label: '', mode: 'consultation', patientId: '00000000-0000-4000-8000-0000000000c1' });
    expect(asked).toEqual([
      { mode: 'dictation', patient: true, consent: false },
      { mode: 'dictation', patient: true, consent: false },
      { mode: 'consultation', patient: true, consent: true },
      { mode: 'consultation', patient: false, consent: true },
    ]);
    expect(store.list()).toEqual([]);
  });

  it("records for the visit's patient, or the patient the page names (who becomes the visit's), and keeps a consultation's consent sealed with it", async () => {
    const folder = tempFolder();
    const key = randomBytes(32);
    const store = new DictationStore(join(folder, 'dictations'), testKeyring(folder, key), systemClock);
    const taken: string[] = [];
    const given = { kind: 'given' as const, at: '2026-11-27T05:12:00.000Z', noticeLanguage: 'hi', noticeVersion: 'built-in-1', account: null, osUser: 'doctor', callSound: false };
    const recording = testRecordingControl(store, opensAtOnce(), {
      visitPatientId: () => '00000000-0000-4000-8000-0000000000c1',
      takePatient: (id) => taken.push(id),
      consent: (answer) => (answer ? given : 'ask'),
    });
    const dictated = await recording.start({ label: '', mode: 'dictation' });
    await recording.stop();
    const consulted = await recording.start({ label: '', mode: 'consultation', patientId: '00000000-0000-4000-8000-0000000000c2', consent: { noticeLanguage: 'hi', noticeVersion: 'built-in-1' } });
    await recording.stop();
    expect(taken).toEqual(['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2']);
    expect(store.get(dictated.dictationId!)).toMatchObject({ patientId: '00000000-0000-4000-8000-0000000000c1', consent: null });
    expect(store.get(consulted.dictationId!)).toMatchObject({ patientId: '00000000-0000-4000-8000-0000000000c2', consent: given });
    // Kept with the item's keys, never in the manifest on disk; read back after a restart.
    expect(readFileSync(join(folder, 'dictations', consulted.dictationId!, 'manifest.json'), 'utf8')).not.toMatch(/consent":\{|doctor|built-in/);
    const again = new DictationStore(join(folder, 'dictations'), testKeyring(folder, key), systemClock);
    again.load();
    expect(again.get(consulted.dictationId!)?.consent).toEqual(given);
  });
});

describe('the microphone kept warm while consent is asked', () => {
  it('opens at the question, closes when it ends without a recording or after two minutes, and is taken by the recording', async () => {
    const calls: string[] = [];
    const recorder = {
      arm: (device: string) => calls.push(`arm ${device || 'default'}`),
      disarm: () => calls.push('disarm'),
      start: async () => {
        calls.push('start');
        return { device: 'mic', callSound: null };
      },
      stop: async () => ({ durationMs: 1500, parts: 0 }),
    } as unknown as Recorder;
    const clock = new FakeClock();
    const recording = testRecordingControl(testStore(tempFolder()), recorder, { clock });
    recording.prepare();
    recording.unprepare();
    recording.prepare();
    await clock.advance(2 * 60_000);
    recording.prepare();
    await recording.start({ label: '', mode: 'dictation' });
    // A recording under way is never disarmed by a question's end.
    recording.unprepare();
    await clock.advance(2 * 60_000);
    expect(calls).toEqual(['arm default', 'disarm', 'arm default', 'disarm', 'arm default', 'start']);
  });
});

describe('the copy shortcut and another patient’s note', () => {
  it("takes the visit patient's dictation in view, else their newest, never another's", () => {
    const store = testStore(tempFolder());
    const made = (patientId: string) => store.create({ mode: 'dictation', label: '', patientId });
    const [a1, b1, a2] = [made('a'), made('b'), made('a')];
    expect(shortcutTarget(store, b1.id, 'a')?.id).toBe(a2.id);
    expect(shortcutTarget(store, a1.id, 'a')?.id).toBe(a1.id);
    expect(shortcutTarget(store, a1.id, 'b')?.id).toBe(b1.id);
    expect(shortcutTarget(store, a1.id, null)).toBeNull();
    expect(shortcutTarget(store, null, 'c')).toBeNull();
    expect(noTargetReason(null)).toMatch(/No patient is chosen/);
    expect(noTargetReason({ name: 'Sunita Devi', label: '', age: 54, sex: 'female', abhaNumber: null })).toBe('There is no dictation of Sunita Devi, 54 F yet, so nothing was copied.');
  });

  it('is refused saying whose it is and who the visit is for; two of one name told apart', () => {
    const sunita54 = { id: 'p1', name: 'Sunita Devi', label: '', age: 54, sex: 'female' as const, abhaNumber: null };
    const sunita32 = { ...sunita54, id: 'p2', age: 32 };
    expect(otherPatientRefusal({ patientId: 'p1', patient: sunita54 }, sunita54, 'note', 'copied')).toBeNull();
    expect(otherPatientRefusal({ patientId: 'p2', patient: sunita32 }, sunita54, 'note', 'copied')).toBe(
      'This is the note of Sunita Devi · 32 F, but the patient of this visit is Sunita Devi · 54 F. Nothing was copied. Choose the patient, or press “Copy anyway” if you mean it.',
    );
    expect(otherPatientRefusal({ patientId: null, patient: null }, null, 'lab result', 'copied')).toMatch(/^This is a lab result with no patient, but no patient is chosen for this visit\./);
    expect(otherPatientRefusal({ patientId: 'p2', patient: sunita32 }, null, 'note', 'exported')).toMatch(/Nothing was exported\. .*“Export anyway”/);
  });
});
