/**
 * More documents from one recording, the app's own parts against the sandbox over loopback: the
 * real dictation store, the documents' store and outbox kind, the handlers the page calls, the
 * copy path on a clipboard in memory. A referral letter and a Hindi handout from one
 * consultation; made offline and sent later; after a crash, the document the lost answer was
 * about taken instead of a second one; two requests at once are one document; sealed at rest;
 * and every bad answer said: a template gone, a language refused, an empty text, another script,
 * a number changed (shown, and it stops the handout leaving).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadingPatient } from '../../../contract/copy-heading';
import { NEEDS_SESSIONS } from '../../../contract/visit-documents';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { isRefusal } from '../../../main/core/refusal';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { ServiceHealth } from '../../../main/service/service-health';
import { documentHandlers } from '../../../main/visit-documents/document-handlers';
import { documentKind } from '../../../main/visit-documents/document-kind';
import { VisitDocumentStore } from '../../../main/visit-documents/document-store';
import { DocumentTemplateList } from '../../../main/visit-documents/document-templates';
import { documentsForShortcut } from '../../../main/visit-documents/documents-for-shortcut';
import { FakeClock } from '../../support/fake-clock';
import { finishedConsultation } from '../../support/finished-consultation';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';
import { useSandbox } from '../../support/sandbox-fixture';
import { recorded, testStore } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';

const env = useSandbox({ documentProcessingMs: 0 });
const received = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);

const PATIENT = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Test Patient Sunita', label: 'Bed 4', age: 54, sex: 'female' as const, abhaNumber: null };
const patientOf = (id: string | null): HeadingPatient | null => (id === PATIENT.id ? PATIENT : null);

const engines: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** The documents' parts as documents feature wires them; `online` the network, `language` the patient's. */
function engine(store: DictationStore, options: { online?: () => boolean; language?: string | null; requireReview?: boolean } = {}) {
  const client = env.client();
  const host: OutboxHost = new OutboxHost({ health: new ServiceHealth(), isOnline: options.online ?? (() => true), clock: FakeClock.driven(() => host.idle()), backoff: { baseMs: 20, capMs: 60 } });
  const documents = new VisitDocumentStore(store, host.clock);
  documents.load();
  const outbox = host.register(
    documentKind({ store: documents, dictations: store, client, clock: host.clock, sendsToSandbox: () => true, firstLookupMs: 0, pollSchedule: { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 } }),
  );
  const { state: clipboard, system } = memoryClipboard();
  const { copies } = copyPathOn(system, options.requireReview ?? false);
  const printed: string[] = [];
  const handlers = documentHandlers({
    store: documents,
    dictations: store,
    outbox,
    templates: new DocumentTemplateList(() => client.listTemplates(), null),
    copies,
    requireReview: () => options.requireReview ?? false,
    patientOf,
    patientLanguage: () => (options.language === undefined ? 'hi' : options.language),
    visit: { chosen: () => PATIENT, noteLeft: () => undefined },
    sendsToSandbox: () => true,
    clinicHeader: () => ['Sandbox Clinic (test data)', '1 Example Road, Pune'],
    print: async (html) => {
      printed.push(html);
      return true;
    },
    savePdf: async () => null,
    showing: () => undefined,
    clock: host.clock,
    log: () => undefined,
  });
  host.start();
  const running = {
    documents,
    handlers,
    host,
    clipboard,
    printed,
    async close() {
      host.stop();
      await client.close();
    },
  };
  engines.push(running);
  return running;
}

const settled = (documents: VisitDocumentStore, id: string, state: string) => expect.poll(() => documents.get(id)?.state, { timeout: 15_000 }).toBe(state);

async function refusal(run: () => unknown): Promise<{ kind: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (isRefusal(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

async function consultation() {
  const folder = tempFolder();
  const store = testStore(folder);
  const manifest = await finishedConsultation(store, env.client(), { patientId: PATIENT.id });
  return { folder, store, manifest };
}

describe('documents from one consultation', () => {
  it('a referral letter and a Hindi handout, each with its own state, sealed at rest, copied headed like the note and printed under the clinic', async () => {
    const { store, manifest } = await consultation();
    const { documents, handlers, clipboard, printed } = engine(store);
    const templates = await handlers.listDocumentTemplates(undefined);
    expect(templates.templates.slice(0, 2).map((template) => [template.id, template.favorite])).toEqual([
      ['sandbox_patient_handout', true],
      ['sandbox_clinic_referral', true],
    ]);
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    const handout = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true });
    expect(handout).toMatchObject({ language: 'hi', title: 'Instructions for the patient (clinic template, sandbox)', state: 'waiting' });
    await settled(documents, letter.id, 'ready');
    await settled(documents, handout.id, 'ready');
    expect(received('documentFromTemplate')).toHaveLength(1);
    expect(received('documentInLanguage').map((request) => request.json)).toEqual([{ template_id: 'sandbox_patient_handout', target_language: 'hi' }]);

    const opened = await handlers.openDocument({ id: handout.id });
    expect(opened.text).toMatch(/मरीज़ के लिए निर्देश/);
    expect(opened.mismatch).toEqual([]);

    // Sealed with the dictation's key: neither the Hindi nor a medicine's name is on the disk in clear.
    const folder = join(store.folderOf(manifest.id), 'documents');
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = readFileSync(join(folder, file));
      expect(bytes.includes(Buffer.from('मरीज़'))).toBe(false);
      expect(bytes.includes(Buffer.from('sandbox_clinic_referral'))).toBe(false);
      expect(bytes.includes(Buffer.from('Referral'))).toBe(false);
    }

    await handlers.copyDocument({ id: handout.id });
    expect(clipboard.text.split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^Test Patient Sunita, 54 F \(Sandbox visit\) · Consultation · /),
      'Instructions for the patient (clinic template, sandbox), in Hindi (हिन्दी): made by the transcription service from this consultation’s recording.',
      'TEST DATA from the built-in sandbox: not a real document.',
    ]);
    expect(clipboard.html).toContain('<div lang="hi">');

    expect(await handlers.printDocument({ id: handout.id })).toBe(true);
    expect(printed[0]).toContain('<p class="name">Sandbox Clinic (test data)</p>');
    expect(printed[0]).toContain('Test Patient Sunita, 54 F');
    expect(printed[0]).toContain('In हिन्दी (Hindi)');
    expect(printed[0]).toMatch(/<html lang="hi">/);
  });

  it('asked for offline, it waits on this computer and goes once the service can be reached', async () => {
    const { store, manifest } = await consultation();
    let online = false;
    const { documents, handlers, host } = engine(store, { online: () => online });
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    await expect.poll(() => documents.get(letter.id)?.state).toBe('waiting');
    expect(received('documentFromTemplate')).toHaveLength(0);
    online = true;
    host.wake();
    await settled(documents, letter.id, 'ready');
    expect(received('documentFromTemplate')).toHaveLength(1);
  });

  it('after a crash while it was asked for, the document the lost answer was about is taken, not made twice', async () => {
    const { store, manifest } = await consultation();
    const first = engine(store, { online: () => false });
    const letter = await first.handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    // The request reached the service, and the app stopped before its answer was kept.
    first.documents.update(letter.id, { state: 'asking', askedAt: new Date().toISOString(), knownBefore: [] });
    const made = await env.client().requestDocument({ sessionId: manifest.session!.id, templateId: 'sandbox_clinic_referral', language: null });
    await first.close();

    const again = engine(store);
    expect(again.documents.get(letter.id)?.state).toBe('waiting');
    await settled(again.documents, letter.id, 'ready');
    expect(again.documents.get(letter.id)?.serviceDocumentId).toBe(made.documentId);
    expect(received('documentFromTemplate')).toHaveLength(1);
    expect(env.sandbox.sessionDocuments(manifest.session!.id).filter((document) => document.templateId === 'sandbox_clinic_referral')).toHaveLength(1);
  });

  it('two requests for the same template at once are one document, asked for once', async () => {
    const { store, manifest } = await consultation();
    const { documents, handlers } = engine(store);
    const [one, two] = await Promise.all([
      handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true }),
      handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true }),
    ]);
    expect(two.id).toBe(one.id);
    await settled(documents, one.id, 'ready');
    expect(documents.ofDictation(manifest.id)).toHaveLength(1);
    expect(received('documentInLanguage')).toHaveLength(1);
  });

  it('a recording sent by the voice upload has no session: the request says the sessions API is needed', async () => {
    const store = testStore(tempFolder());
    const voice = store.update(recorded(store).id, { state: 'completed' });
    const { handlers } = engine(store);
    expect(await refusal(() => handlers.requestDocument({ dictationId: voice.id, templateId: 'sandbox_clinic_referral', forPatient: false }))).toEqual({ kind: 'refused', message: NEEDS_SESSIONS });
  });

  it('for a patient whose language is not known, the page is asked to ask once', async () => {
    const { store, manifest } = await consultation();
    const { handlers } = engine(store, { language: null });
    expect((await refusal(() => handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true }))).kind).toBe('needs-confirmation');
  });

  it('nothing is asked for a consultation whose consent is being withdrawn', async () => {
    const { store, manifest } = await consultation();
    let online = false;
    const { documents, handlers, host } = engine(store, { online: () => online });
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    store.update(manifest.id, { haltedAt: new Date().toISOString() });
    online = true;
    host.wake();
    await expect.poll(() => host.idle()).toBe(true);
    expect(documents.get(letter.id)?.state).toBe('waiting');
    expect(received('documentFromTemplate')).toHaveLength(0);
    expect((await refusal(() => handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: false }))).message).toMatch(/withdrawing consent/);
  });

  it('deleting the dictation takes its documents with it', async () => {
    const { store, manifest } = await consultation();
    const { documents, handlers } = engine(store);
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    await settled(documents, letter.id, 'ready');
    store.delete(manifest.id);
    expect(documents.get(letter.id)).toBeUndefined();
  });
});

describe('the copy shortcut', () => {
  it('takes the document in view when it is the visit patient’s, by the same rules as the window; one whose prescription differs is not copied', async () => {
    const { store, manifest } = await consultation();
    env.sandbox.setFaults({ documentTextNext: ['changed-number'] });
    const { documents, handlers } = engine(store);
    const handout = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true });
    await settled(documents, handout.id, 'ready');
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    await settled(documents, letter.id, 'ready');
    const { state: clipboard, system } = memoryClipboard();
    let shown: string | null = letter.id;
    const shortcut = documentsForShortcut({ store: documents, dictations: store, copies: copyPathOn(system).copies, shownId: () => shown, patientOf, requireReview: () => false, chosen: () => PATIENT, noteLeft: () => undefined });
    expect(shortcut.viewed('00000000-0000-4000-8000-0000000000ff')).toBeNull();
    expect(shortcut.viewed(PATIENT.id)).toBe(letter.id);
    const copied = await shortcut.copy(letter.id, {});
    expect(copied).toMatchObject({ copied: true, which: 'Referral letter (clinic template, sandbox) of T.P.S., 54 F' });
    expect(clipboard.text).toMatch(/^Test Patient Sunita, 54 F \(Sandbox visit\) · Consultation · /);
    shown = handout.id;
    const refused = await shortcut.copy(handout.id, {});
    expect(refused).toMatchObject({ copied: false, reason: expect.stringMatching(/^This document does not say the prescription as the note does/), refusal: 'differs-from-note' });
    expect(clipboard.text).toBe('');
  });
});

describe('what the service may answer badly', () => {
  it('a template the service no longer has: not made, said by its title; Retry once it is back makes it', async () => {
    const { store, manifest } = await consultation();
    const { documents, handlers } = engine(store);
    await handlers.listDocumentTemplates(undefined);
    env.sandbox.setFaults({ removedTemplates: ['sandbox_clinic_referral'] });
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    await settled(documents, letter.id, 'failed');
    expect(documents.get(letter.id)?.problem).toBe('The service no longer has the template “Referral letter (clinic template, sandbox)”. Choose another template for this document.');
    env.sandbox.setFaults({ removedTemplates: [] });
    await handlers.retryDocument({ id: letter.id });
    await settled(documents, letter.id, 'ready');
  });

  it('a language the service refuses: not made, said by its name', async () => {
    const { store, manifest } = await consultation();
    env.sandbox.setFaults({ refusedLanguages: ['as'] });
    const { documents, handlers } = engine(store, { language: 'as' });
    const handout = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true });
    await settled(documents, handout.id, 'failed');
    expect(documents.get(handout.id)?.problem).toBe(
      "The service does not make documents in Assamese: The service does not make documents in this language (target_language 'as' is not supported). Choose another language for this patient, or make it in the note’s language.",
    );
  });

  it('an empty document, or one in another script than asked, is not kept and says why; Retry asks again', async () => {
    const { store, manifest } = await consultation();
    env.sandbox.setFaults({ documentTextNext: ['empty', 'other-script'] });
    const { documents, handlers } = engine(store);
    const handout = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true });
    await settled(documents, handout.id, 'failed');
    expect(documents.get(handout.id)).toMatchObject({ problem: 'The service sent this document back empty. Retry to ask for it again.', text: null });
    await handlers.retryDocument({ id: handout.id });
    await settled(documents, handout.id, 'failed');
    expect(documents.get(handout.id)?.problem).toBe(
      'The service sent this document in another script than asked, so it is not shown: It came back mostly in Bengali script, not in Hindi (Devanagari script). Retry to ask for it again.',
    );
    await handlers.retryDocument({ id: handout.id });
    await settled(documents, handout.id, 'ready');
  });

  it('a handout whose number differs from the note: shown with the difference, and neither copied nor printed', async () => {
    const { store, manifest } = await consultation();
    env.sandbox.setFaults({ documentTextNext: ['changed-number'] });
    const { documents, handlers, clipboard, printed } = engine(store);
    const handout = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_patient_handout', forPatient: true });
    await settled(documents, handout.id, 'ready');
    const opened = await handlers.openDocument({ id: handout.id });
    expect(opened.mismatch.length).toBeGreaterThan(0);
    expect(opened.mismatch[0]!.problem).toMatch(/^the note's \d+ \(\d+ (day|week)s?\) is not: the document says \d+ instead$/);
    const copied = await refusal(() => handlers.copyDocument({ id: handout.id, anyway: true }));
    expect(copied.kind).toBe('refused');
    expect(copied.message).toMatch(/^This document does not say the prescription as the note does, so it cannot leave the app\./);
    expect(clipboard.text).not.toMatch(/निर्देश/);
    expect((await refusal(() => handlers.printDocument({ id: handout.id }))).kind).toBe('refused');
    expect(printed).toEqual([]);
  });

  it('under the review rule, a document leaves only once marked reviewed', async () => {
    const { store, manifest } = await consultation();
    const { documents, handlers, clipboard } = engine(store, { requireReview: true });
    const letter = await handlers.requestDocument({ dictationId: manifest.id, templateId: 'sandbox_clinic_referral', forPatient: false });
    await settled(documents, letter.id, 'ready');
    expect((await refusal(() => handlers.copyDocument({ id: letter.id }))).message).toMatch(/is not marked reviewed\. Your administrator requires each note and document/);
    await handlers.setDocumentReviewed({ id: letter.id, reviewed: true });
    await handlers.copyDocument({ id: letter.id });
    expect(clipboard.text).toMatch(/# Referral letter \(sandbox test data\)/);
    // Put under another patient (a slip mended), the dictation's documents are no longer the ones reviewed, as its note is not.
    store.setPatient(manifest.id, null);
    expect(documents.get(letter.id)?.reviewedAt).toBeNull();
    store.setPatient(manifest.id, PATIENT.id);
    expect((await refusal(() => handlers.copyDocument({ id: letter.id }))).message).toMatch(/is not marked reviewed/);
  });
});
