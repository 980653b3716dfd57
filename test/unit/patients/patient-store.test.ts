/**
 * The patient store on real files: patients sealed with the master key (nothing of them in
 * clear on disk, also after a restart and a master-key move), what may be typed, search, the
 * day's order, two patients of one name told apart, and deleting a patient with every
 * dictation and lab report made for them (real stores, real keyrings).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PatientInput } from '../../../contract/patient-schema';
import { patientInitials, patientLine, patientsByDay } from '../../../contract/patients';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { LabReportStore } from '../../../main/lab-reports/lab-report-store';
import { deletePatientWithItems } from '../../../main/patients/patient-deletion';
import { PatientStore } from '../../../main/patients/patient-store';
import { patientFromProfile, registeredLookalike } from '../../../main/patients/registered-patient';
import { reviewAgain } from '../../../main/patients/patient-identity';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { DocumentUnreadable, SealedDocument } from '../../../main/storage/sealed-document';
import { tempFolder } from '../../support/temp-folder';
import { refused } from '../../support/failures';

const SUNITA: PatientInput = { label: 'Bed 4', name: 'Sunita Devi', age: 54, sex: 'female', abhaNumber: '91-2345-6789-0123', abhaAddress: 'sunita.devi@abdm' };

function open(folder: string, masterKey: Buffer, previousKey: Buffer | null = null, now?: () => Date): PatientStore {
  return new PatientStore(new SealedDocument(join(folder, 'patients.sealed'), masterKey, previousKey, 'patients kept'), now);
}

/** Every byte the folder holds, as text, to look for patient data in clear. */
function allBytes(folder: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [readFileSync(join(dir, name), 'latin1')]));
  return walk(folder).join('\n');
}

describe('the patient store', () => {
  it('keeps patients sealed: no name, label or ABHA number in clear on disk, and only the same master key opens them', () => {
    const folder = tempFolder();
    const key = randomBytes(32);
    const store = open(folder, key);
    const sunita = store.create(SUNITA);
    store.create({ label: 'OPD 12', name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });
    const onDisk = allBytes(folder);
    for (const secret of ['Sunita', 'Bed 4', '2345', 'sunita.devi', 'OPD 12']) expect(onDisk).not.toContain(secret);

    const again = open(folder, key);
    expect(again.get(sunita.id)).toEqual(sunita);
    expect(again.view().patients).toHaveLength(2);
    expect(() => open(folder, randomBytes(32))).toThrow(DocumentUnreadable);
  });

  it('is sealed again under a new master key while that key moves into a keyring', () => {
    const folder = tempFolder();
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const sunita = open(folder, oldKey).create(SUNITA);
    expect(open(folder, newKey, oldKey).get(sunita.id)?.name).toBe('Sunita Devi');
    // Sealed by the new key alone now: the old one can be destroyed.
    expect(open(folder, newKey).get(sunita.id)?.name).toBe('Sunita Devi');
    expect(() => open(folder, oldKey)).toThrow(DocumentUnreadable);
  });

  it('takes a label or a name, an age 0 to 130 and one of the sexes, and refuses anything else by field', () => {
    const store = open(tempFolder(), randomBytes(32));
    const labelOnly = store.create({ label: 'Bed 7', name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });
    expect(labelOnly).toMatchObject({ label: 'Bed 7', name: null });
    expect(store.create({ ...SUNITA, age: 0 }).age).toBe(0);
    expect(store.create({ ...SUNITA, age: 130 }).age).toBe(130);
    expect(refused(() => store.create({ ...SUNITA, age: 131 }))).toMatchObject({ kind: 'invalid-input', fields: { age: expect.stringContaining('0 to 130') } });
    expect(refused(() => store.create({ ...SUNITA, age: -1 })).fields).toHaveProperty('age');
    expect(refused(() => store.create({ ...SUNITA, age: 4.5 })).fields).toHaveProperty('age');
    expect(refused(() => store.create({ ...SUNITA, sex: 'x' as never })).fields).toHaveProperty('sex');
    expect(refused(() => store.create({ ...SUNITA, abhaNumber: '1234' })).fields).toHaveProperty('abhaNumber');
    expect(refused(() => store.create({ ...SUNITA, label: ' ', name: '' })).fields).toHaveProperty('label');
    // Nothing refused was kept.
    expect(store.view().patients).toHaveLength(3);
  });

  it('finds patients by name, label, ABHA number (with or without dashes) or address, whatever the case and accents', () => {
    const store = open(tempFolder(), randomBytes(32));
    const sunita = store.create(SUNITA);
    const ramesh = store.create({ label: 'OPD 3', name: 'Ramésh Kumar', age: 61, sex: 'male', abhaNumber: null, abhaAddress: null });
    const ids = (query: string) => store.search(query).map((patient) => patient.id);
    expect(ids('sunita')).toEqual([sunita.id]);
    expect(ids('bed 4')).toEqual([sunita.id]);
    expect(ids('91-2345-6789')).toEqual([sunita.id]);
    expect(ids('912345678')).toEqual([sunita.id]);
    expect(ids('sunita.devi@abdm')).toEqual([sunita.id]);
    expect(ids('RAMESH kumar')).toEqual([ramesh.id]);
    expect(ids('opd')).toEqual([ramesh.id]);
    expect(ids('nobody')).toEqual([]);
    expect(ids('')).toHaveLength(2);
  });

  it('puts the patients chosen today first, then earlier days newest first, and chooses only in memory', () => {
    const folder = tempFolder();
    const key = randomBytes(32);
    let now = new Date('2026-11-24T10:00:00');
    const store = open(folder, key, null, () => now);
    const yesterday = store.create({ ...SUNITA, name: 'Asha Rao' });
    now = new Date('2026-11-25T09:00:00');
    const early = store.create({ ...SUNITA, name: 'Meena Iyer' });
    now = new Date('2026-11-25T11:35:00');
    store.choose(yesterday.id);
    const groups = patientsByDay(store.view().patients, now);
    expect(groups.map((group) => [group.today, group.patients.map((patient) => patient.name)])).toEqual([[true, ['Asha Rao', 'Meena Iyer']]]);
    expect(store.visitPatient()?.id).toBe(yesterday.id);
    now = new Date('2026-11-26T09:00:00');
    expect(patientsByDay(store.view().patients, now).map((group) => [group.today, group.day])).toEqual([[false, '2026-11-25']]);
    expect(early.id).toBeTruthy();
    // After a restart nobody is chosen: yesterday's patient is never taken by mistake.
    expect(open(folder, key).visitPatient()).toBeNull();
  });

  it('tells two patients of the same name apart by age, sex, ABHA number or label, and names them in notifications by initials only', () => {
    const store = open(tempFolder(), randomBytes(32));
    const first = store.create({ ...SUNITA, abhaNumber: null, label: '' });
    const second = store.create({ ...SUNITA, age: 32, abhaNumber: null, label: '' });
    const third = store.create({ ...SUNITA, label: 'Bed 9' });
    const fourth = store.create({ ...SUNITA, abhaNumber: null, label: 'Bed 4' });
    const lines = [first, second, third, fourth].map(patientLine);
    expect(new Set(lines).size).toBe(4);
    expect(lines[0]).toBe('Sunita Devi · 54 F');
    expect(lines[2]).toBe('Sunita Devi · 54 F · ABHA 91-2345-6789-0123 · Bed 9');
    expect(patientInitials(third)).toBe('S.D., 54 F');
    expect(patientLine(store.create({ label: 'Bed 12', name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null }))).toBe('Bed 12');
  });

  it('makes a patient of what registration found: age from the date of birth, sex, ABHA number and address', () => {
    const profile = {
      name: 'Asha Rao',
      abhaNumber: '91-2345-6789-0124',
      abhaAddress: 'asha.rao@abdm',
      dateOfBirth: '07/12/1990',
      birthDate: '1990-12-07',
      gender: 'Female' as const,
      address: null,
      photo: null,
      kycVerified: true,
    };
    expect(patientFromProfile(profile, new Date('2026-12-06T12:00:00'))).toMatchObject({ name: 'Asha Rao', age: 35, sex: 'female', abhaNumber: '91-2345-6789-0124', abhaAddress: 'asha.rao@abdm' });
    expect(patientFromProfile(profile, new Date('2026-12-07T12:00:00')).age).toBe(36);
    expect(patientFromProfile({ ...profile, name: 'Name not given', birthDate: null }, new Date())).toMatchObject({ name: null, age: null, label: 'asha.rao@abdm' });
  });
});

describe('a patient edited, or registered again', () => {
  const PROFILE = { name: 'Sunita Devi', abhaNumber: '91-2345-6789-0199', abhaAddress: 'sunita.d@abdm', dateOfBirth: '1972', birthDate: '1972', gender: 'Female' as const, address: null, photo: null, kycVerified: true };

  it("a change of name, age, sex or ABHA number sends their reviewed notes back to review; a change of label or address does not", () => {
    const folder = tempFolder();
    const key = randomBytes(32);
    const dictations = new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), key));
    const patients = open(join(folder, 'keys'), key);
    const sunita = patients.create(SUNITA);
    const other = patients.create({ ...SUNITA, name: 'Asha Rao' });
    const reviewed = [sunita.id, sunita.id, other.id].map((patientId) => dictations.update(dictations.create({ mode: 'dictation', label: '', patientId }).id, { reviewedAt: '2026-11-28T09:00:00.000Z' }));
    const kinds = [{ idsForPatient: (id: string) => dictations.idsForPatient(id), remove: () => undefined, identityChanged: (id: string) => dictations.clearReviews(id) }];

    expect(reviewAgain(kinds, sunita, patients.update(sunita.id, { ...SUNITA, label: 'Bed 5', abhaAddress: 'sunita.devi2@abdm' }))).toBe(0);
    expect(reviewed.map(({ id }) => dictations.get(id)?.reviewedAt)).toEqual(reviewed.map(() => '2026-11-28T09:00:00.000Z'));
    for (const change of [{ name: 'Sunita Devi Rao' }, { age: 55 }, { sex: 'male' as const }, { abhaNumber: '91-2345-6789-0111' }]) {
      const before = patients.get(sunita.id)!;
      for (const { id } of reviewed.slice(0, 2)) dictations.update(id, { reviewedAt: '2026-11-28T09:00:00.000Z' });
      expect(reviewAgain(kinds, before, patients.update(sunita.id, { ...SUNITA, ...change })), JSON.stringify(change)).toBe(2);
      expect(reviewed.map(({ id }) => dictations.get(id)?.reviewedAt ?? null)).toEqual([null, null, '2026-11-28T09:00:00.000Z']);
    }
  });

  it('registration points out a patient without an ABHA who looks the same, never one with another ABHA, nor the one with this ABHA', () => {
    const now = new Date('2026-11-28T12:00:00');
    const patients = open(tempFolder(), randomBytes(32));
    expect(registeredLookalike(patients.view().patients, PROFILE, now)).toBeNull();
    const withOther = patients.create({ ...SUNITA, name: 'Sunita Devi', age: 54 });
    expect(registeredLookalike(patients.view().patients, PROFILE, now)).toBeNull();
    const plain = patients.create({ label: '', name: 'Smt. Sunitha Devi', age: 53, sex: 'female', abhaNumber: null, abhaAddress: null });
    patients.create({ label: '', name: 'Sunita Devi', age: 30, sex: 'female', abhaNumber: null, abhaAddress: null });
    patients.create({ label: '', name: 'Asha Rao', age: 54, sex: 'female', abhaNumber: null, abhaAddress: null });
    expect(registeredLookalike(patients.view().patients, PROFILE, now)?.id).toBe(plain.id);
    // The same ABHA number here: that patient is brought up to date, nobody is pointed out.
    patients.update(withOther.id, { ...SUNITA, abhaNumber: PROFILE.abhaNumber });
    expect(registeredLookalike(patients.view().patients, PROFILE, now)).toBeNull();
  });
});

describe('the language a patient reads', () => {
  it('is asked once and kept sealed with them, after a restart too; a change of their details keeps it; a language no handout is made in is refused', () => {
    const folder = tempFolder();
    const key = randomBytes(32);
    const store = open(folder, key);
    const patient = store.create(SUNITA);
    expect(patient.language).toBeNull();
    store.setLanguage(patient.id, 'hi');
    expect(allBytes(folder)).not.toContain('"hi"');
    store.update(patient.id, { ...SUNITA, age: 55 });
    const again = open(folder, key);
    expect(again.get(patient.id)).toMatchObject({ age: 55, language: 'hi' });
    expect(refused(() => again.setLanguage(patient.id, 'or'))).toMatchObject({ kind: 'invalid-input' });
    expect(refused(() => again.update(patient.id, { ...SUNITA, language: 'xx' })).fields).toEqual({ language: 'Choose one of the languages handouts are made in, or leave it unknown.' });
    again.setLanguage(patient.id, null);
    expect(again.get(patient.id)?.language).toBeNull();
  });
});

describe('deleting a patient', () => {
  function stores() {
    const folder = tempFolder();
    const key = randomBytes(32);
    const dictations = new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), key));
    const labReports = new LabReportStore(join(folder, 'records'), new ItemKeyring(join(folder, 'keys', 'records.sealed'), key));
    const patients = open(join(folder, 'keys'), key);
    const kinds = [
      { idsForPatient: (id: string) => dictations.idsForPatient(id), remove: (id: string) => dictations.delete(id) },
      { idsForPatient: (id: string) => labReports.idsForPatient(id), remove: (id: string) => labReports.delete(id) },
    ];
    return { folder, key, dictations, labReports, patients, kinds };
  }

  it('deletes their dictations and lab reports with them, after a confirmation of how many, and leaves everyone else', () => {
    const { folder, key, dictations, labReports, patients, kinds } = stores();
    const sunita = patients.create(SUNITA);
    const other = patients.create({ ...SUNITA, name: 'Asha Rao' });
    const hers = [dictations.create({ mode: 'dictation', label: '', patientId: sunita.id }), dictations.create({ mode: 'dictation', label: 'review', patientId: sunita.id })];
    const report = labReports.enqueue({ fileName: 'cbc.pdf', patientId: sunita.id, kind: 'pdf', bytes: new Uint8Array([1, 2, 3]), tasks: ['smart'], batch: false });
    const others = dictations.create({ mode: 'dictation', label: '', patientId: other.id });
    const unfiled = dictations.create({ mode: 'dictation', label: 'Bed 4' });

    // The count the confirmation said is no longer so: nothing is deleted.
    expect(refused(() => deletePatientWithItems(patients, kinds, sunita.id, 2)).message).toMatch(/3 .*not 2.*nothing was deleted/);
    expect(dictations.idsForPatient(sunita.id)).toHaveLength(2);

    expect(deletePatientWithItems(patients, kinds, sunita.id, 3)).toBe(3);
    expect(patients.get(sunita.id)).toBeUndefined();
    for (const { id } of hers) expect(dictations.get(id)).toBeUndefined();
    expect(labReports.get(report.id)).toBeUndefined();
    expect(dictations.get(others.id)?.patientId).toBe(other.id);
    expect(dictations.get(unfiled.id)?.patientId).toBeNull();

    // After a restart the items' patients come back from their sealed keyrings, never from the manifests.
    const reread = new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), key));
    reread.load();
    expect(reread.get(others.id)?.patientId).toBe(other.id);
    expect(allBytes(join(folder, 'dictations'))).not.toContain(other.id);
  });

  it("deleting the visit's patient ends the visit and tells those that follow it (the note in view, the copy on the clipboard)", () => {
    const { patients, kinds } = stores();
    const sunita = patients.create(SUNITA);
    const other = patients.create({ ...SUNITA, name: 'Asha Rao' });
    patients.choose(sunita.id);
    const told: Array<string | null> = [];
    patients.onVisitChange((patientId) => told.push(patientId));

    deletePatientWithItems(patients, kinds, other.id, 0);
    expect(patients.view().visitPatientId).toBe(sunita.id);
    expect(told).toEqual([]);

    deletePatientWithItems(patients, kinds, sunita.id, 0);
    expect(patients.view()).toMatchObject({ visitPatientId: null, visitEnded: false });
    expect(told).toEqual([null]);
  });

  it('refuses while one of their dictations is being recorded, and says so', () => {
    const { dictations, patients, kinds } = stores();
    const sunita = patients.create(SUNITA);
    const recording = dictations.create({ mode: 'dictation', label: '', patientId: sunita.id });
    const busy = [{ ...kinds[0]!, busy: (id: string) => (id === recording.id ? 'A dictation for this patient is being recorded.' : null) }, kinds[1]!];
    expect(refused(() => deletePatientWithItems(patients, busy, sunita.id, 1))).toMatchObject({ kind: 'busy' });
    expect(patients.get(sunita.id)).toBeDefined();
    expect(dictations.get(recording.id)).toBeDefined();
  });
});
