/**
 * Issue 45.6: nothing in a clear file ties a dictation to a patient. What a session was told of
 * its patient is remembered as a fingerprint of name, age, sex and ABHA number; unsalted in a
 * clear manifest, a short list of names recovered it by trying. The manifest keeps it sealed
 * with the dictation's key, opens it at the next start, and seals one an earlier version
 * (the previous data folder, as an upgrade opens it) kept in clear.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { detailsFingerprint, type PatientDetails } from '../../../main/dictation-sending/patient-details';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { filesUnder } from '../../support/clear-text';
import { tempFolder } from '../../support/temp-folder';
import { systemClock } from '../../../main/core/clock';

const REQUEST = { languages: ['en'], templates: ['eka_emr_template'], model: 'pro' as const };
const storeIn = (folder: string, masterKey: Buffer) => new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), masterKey), systemClock);
const TOLD: PatientDetails = { name: 'Test Patient Meera', age: '41', gender: 'female' };

/** What an attacker with the data folder tries: a few names, every age and sex, against every string of every clear file. */
function recovered(folder: string): PatientDetails | null {
  const texts = filesUnder(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => readFileSync(file, 'utf8'));
  for (const name of ['Test Patient Ravi', 'Test Patient Meera', 'Test Patient Arjun']) {
    for (let age = 0; age <= 130; age += 1) {
      for (const gender of ['female', 'male', 'other']) {
        const guess = { name, age: String(age), gender };
        if (texts.some((text) => text.includes(detailsFingerprint(guess)))) return guess;
      }
    }
  }
  return null;
}

function toldSession(store: DictationStore, id: string) {
  const manifest = store.create({ id, mode: 'dictation', label: 'Test Patient Meera', api: 'sessions', request: REQUEST });
  return store.update(manifest.id, {
    state: 'processing',
    session: { id: 'sd_0123456789abcdef01234567', upload: { kind: 'service' }, sealedUpload: null, expiresAt: null, acked: [0], endedAt: null, patientTold: detailsFingerprint(TOLD), sealedPatientTold: null },
  });
}

describe('the fingerprint of the patient a session was told, at rest', () => {
  it('is kept sealed in the manifest, cannot be found by trying names, and is opened at the next start (nothing told again)', () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const manifest = toldSession(store, crypto.randomUUID());
    expect(store.get(manifest.id)!.session!.patientTold).toBe(detailsFingerprint(TOLD));

    const onDisk = JSON.parse(readFileSync(join(folder, 'dictations', manifest.id, 'manifest.json'), 'utf8'));
    expect(onDisk.session).toMatchObject({ patientTold: null, sealedPatientTold: expect.any(String) });
    expect(recovered(folder)).toBeNull();

    const again = storeIn(folder, masterKey);
    again.load();
    expect(again.get(manifest.id)!.session!.patientTold).toBe(detailsFingerprint(TOLD));
    // Written again after the start: still sealed.
    again.update(manifest.id, { attempts: 2 });
    expect(recovered(folder)).toBeNull();
  });

  it('one an earlier version kept in clear is sealed at the next start, and still known', () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const manifest = toldSession(store, crypto.randomUUID());
    const file = join(folder, 'dictations', manifest.id, 'manifest.json');
    // As the previous version wrote it: the fingerprint in clear, no sealed field.
    const { sealedPatientTold: _none, ...session } = { ...JSON.parse(readFileSync(file, 'utf8')).session, patientTold: detailsFingerprint(TOLD) };
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), session }));
    expect(recovered(folder)).toEqual(TOLD);

    const upgraded = storeIn(folder, masterKey);
    upgraded.load();
    expect(recovered(folder)).toBeNull();
    expect(upgraded.get(manifest.id)!.session!.patientTold).toBe(detailsFingerprint(TOLD));
  });

  it('without the dictation’s key nothing of it is written: the details are told again before End', () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const manifest = toldSession(store, crypto.randomUUID());
    const locked = new DictationStore(join(folder, 'dictations'), { problem: 'The keyring changed.' }, systemClock);
    locked.load();
    expect(locked.get(manifest.id)!.session!.patientTold).toBeNull();
    expect(recovered(folder)).toBeNull();
  });
});
