/**
 * Issue 33.8: a session's presigned upload address lets whoever holds it send audio into the
 * patient's session, so no file of the data folder holds it in clear: the manifest keeps it
 * sealed with the dictation's key, opens it at the next start (the parts still go there), and
 * seals one an earlier version kept in clear.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UploadTarget } from '../../../main/api/service-client';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { SessionOpener } from '../../../main/dictation-sending/session-opener';
import { SessionsOffer } from '../../../main/service/sessions-offer';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { toneWav, useSandbox } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { clearTextIn } from '../../support/clear-text';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();
const REQUEST = { languages: ['en'], templates: ['eka_emr_template'], model: 'pro' as const };

/** What of an upload address must not be read from the disk: the address, and a form's signed fields. */
const secretsOf = (upload: UploadTarget): string[] => (upload.kind === 'service' ? [] : [upload.url, ...(upload.kind === 'presigned-form' ? Object.values(upload.fields) : [])]);

const storeIn = (folder: string, masterKey: Buffer) => new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), masterKey), systemClock);

describe('a presigned upload address at rest', () => {
  for (const shape of ['path', 'form'] as const) {
    it(`(${shape}) is kept sealed in the manifest, and opened at the next start, where the parts still go to it`, async () => {
      const folder = tempFolder();
      const masterKey = randomBytes(32);
      const store = storeIn(folder, masterKey);
      const client = env.client();
      env.sandbox.setFaults({ sessionUploadUrl: shape });
      const manifest = store.create({ mode: 'dictation', label: 'Test Patient Zed', api: 'sessions', request: REQUEST });
      const opener = new SessionOpener({ store, client, offer: new SessionsOffer(), onFallback: () => {} });
      const session = (await opener.open(manifest.id, new AbortController().signal))!;
      expect(session.upload.kind).toBe(shape === 'path' ? 'presigned-url' : 'presigned-form');
      expect(store.get(manifest.id)!.session!.upload).toEqual(session.upload);

      expect(clearTextIn(folder, secretsOf(session.upload))).toEqual([]);
      const onDisk = JSON.parse(readFileSync(join(folder, 'dictations', manifest.id, 'manifest.json'), 'utf8'));
      expect(onDisk.session).toMatchObject({ id: session.sessionId, upload: null, sealedUpload: expect.any(String) });

      const again = storeIn(folder, masterKey);
      again.load();
      const reopened = again.get(manifest.id)!.session!;
      expect(reopened.upload).toEqual(session.upload);
      await client.uploadSessionPart({ sessionId: reopened.id, upload: reopened.upload!, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(1) });
      expect(env.sandbox.transcriptionSession(reopened.id)?.parts).toEqual([0]);
      // Written again after the start (a part acknowledged): still sealed.
      again.update(manifest.id, { session: { ...reopened, acked: [0] } });
      expect(clearTextIn(folder, secretsOf(session.upload))).toEqual([]);
    });
  }

  it('one an earlier version kept in clear is sealed at the next start, and still used', () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const store = storeIn(folder, masterKey);
    const manifest = store.create({ mode: 'dictation', label: 'Test Patient Old', api: 'sessions', request: REQUEST });
    const upload: UploadTarget = { kind: 'presigned-form', url: 'https://bucket.example.org/chunks', fields: { key: 'sessions/sd_1/${filename}', signature: 'c2lnbmVkLWJ5LXRoZS1zZXJ2aWNl' } };
    const file = join(folder, 'dictations', manifest.id, 'manifest.json');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    // As an earlier version wrote it: the address in clear, no sealed field.
    const { sealedUpload: _none, ...session } = { id: 'sd_0123456789abcdef01234567', upload, sealedUpload: null, expiresAt: null, acked: [], endedAt: null };
    writeFileSync(file, JSON.stringify({ ...written, state: 'recorded', durationMs: 12_000, chunkCount: 1, session }));
    expect(clearTextIn(folder, secretsOf(upload))).toHaveLength(secretsOf(upload).length);

    const again = storeIn(folder, masterKey);
    again.load();
    expect(clearTextIn(folder, secretsOf(upload))).toEqual([]);
    expect(again.get(manifest.id)!.session!.upload).toEqual(upload);
  });

  it('the service\'s own endpoint needs no sealing, and a session not yet made has no address', async () => {
    const folder = tempFolder();
    const store = storeIn(folder, randomBytes(32));
    const manifest = store.create({ mode: 'dictation', label: 'Test Patient Zed', api: 'sessions', request: REQUEST });
    const opener = new SessionOpener({ store, client: env.client(), offer: new SessionsOffer(), onFallback: () => {} });
    await opener.open(manifest.id, new AbortController().signal);
    const onDisk = JSON.parse(readFileSync(join(folder, 'dictations', manifest.id, 'manifest.json'), 'utf8'));
    expect(onDisk.session).toMatchObject({ upload: { kind: 'service' }, sealedUpload: null });
  });
});
