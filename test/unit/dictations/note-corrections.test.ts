import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chapterText } from '../../../contract/clinical-note';
import type { NoteCorrection } from '../../../contract/note-correction';
import type { DecodedOutput } from '../../../contract/transcription';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { correctionToKeep } from '../../../main/dictations/note-corrections';
import { NOTE_FORMAT, noteExport } from '../../../main/note-leaving/note-export';
import { tempFolder } from '../../support/temp-folder';
import { completedResult, prescriptionOutput, textOutput } from '../../support/decoded-outputs';
import { saveViewAsEarlierVersions, testKeyring } from '../../support/store-fixture';
import { systemClock } from '../../../main/core/clock';

const prescription = prescriptionOutput([{ name: 'Amoxicillin 500 mg capsule', frequency: { custom: '1-1-1', frequency: '3', period: 7, period_unit: 'day' }, instruction: 'Complete the course' }]);
const transcript = textOutput('transcript_template', 'Transcript', 'transcript', 'Amoxicillin thrice daily.');
const unknown: DecodedOutput = { ...prescription, templateId: 'custom', name: 'Custom', type: 'json', content: { kind: 'json', json: '{"a":1}' } };
const outputs = [prescription, transcript, unknown];
const result = completedResult(outputs);
const NOW = new Date('2026-11-23T10:00:00Z');

const rows = (name: string) => [{ name, dose: '1-1-1', frequency: '3 times a day', duration: '7 days', instruction: 'Complete the course' }];

describe('correctionToKeep', () => {
  it('keeps only the parts that differ from the service, trimmed, without blank rows', () => {
    const unchanged = correctionToKeep(outputs, null, [{ templateId: 'eka_emr_template', kind: 'medications', rows: rows('Amoxicillin 500 mg capsule') }, { templateId: 'transcript_template', kind: 'text', text: ` ${chapterText(transcript, outputs)}\n` }], NOW);
    expect(unchanged).toEqual({ ok: true, correction: null });

    const blank = { name: ' ', dose: '', frequency: '', duration: '', instruction: '' };
    const changed = correctionToKeep(outputs, null, [{ templateId: 'eka_emr_template', kind: 'medications', rows: [...rows(' Azithromycin 500 mg '), blank] }], NOW);
    expect(changed).toEqual({ ok: true, correction: { correctedAt: NOW.toISOString(), parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: rows('Azithromycin 500 mg') }] } });
  });

  it('keeps an earlier correction of a part the edit did not send, and refuses parts the result does not have', () => {
    const earlier: NoteCorrection = { correctedAt: '2026-11-23T09:00:00.000Z', parts: [{ templateId: 'transcript_template', kind: 'text', text: 'Azithromycin once daily.' }] };
    const outcome = correctionToKeep(outputs, earlier, [{ templateId: 'eka_emr_template', kind: 'medications', rows: rows('Azithromycin 500 mg') }], NOW);
    expect(outcome.ok && outcome.correction?.parts.map((part) => part.templateId)).toEqual(['eka_emr_template', 'transcript_template']);
    // Saved again without a change: the same correction, its time unchanged.
    expect(correctionToKeep(outputs, earlier, [], NOW)).toEqual({ ok: true, correction: earlier });

    expect(correctionToKeep(outputs, null, [{ templateId: 'custom', kind: 'text', text: 'x' }], NOW).ok).toBe(false);
    expect(correctionToKeep(outputs, null, [{ templateId: 'transcript_template', kind: 'medications', rows: [] }], NOW).ok).toBe(false);
    expect(correctionToKeep(outputs, null, [{ templateId: 'missing', kind: 'text', text: 'x' }], NOW).ok).toBe(false);
  });
});

describe("the doctor's correction on disk", () => {
  it('is sealed beside the untouched result, survives a restart, and dies with its dictation', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const open = () => new DictationStore(join(folder, 'dictations'), testKeyring(folder, master), systemClock);
    const store = open();
    const created = store.create({ mode: 'consultation', label: 'Meena Iyer' });
    store.update(created.id, { state: 'completed', reviewedAt: NOW.toISOString() });
    saveViewAsEarlierVersions(store, created.id, result);
    const correction: NoteCorrection = { correctedAt: NOW.toISOString(), parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: rows('Azithromycin 500 mg') }] };
    const saved = store.saveCorrection(created.id, correction);
    expect(saved).toMatchObject({ correctedAt: NOW.toISOString(), reviewedAt: null });
    store.rename(created.id, 'Meena Iyer, bed 9');

    const everything = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
      .join('');
    expect(everything).not.toContain('Azithromycin');
    expect(everything).not.toContain('Meena');

    const again = open();
    again.load();
    expect(again.get(created.id)).toMatchObject({ label: 'Meena Iyer, bed 9', correctedAt: NOW.toISOString() });
    expect(again.readCorrection(created.id)).toEqual(correction);
    expect(again.readResult(created.id)).toEqual(result);

    again.saveCorrection(created.id, null);
    expect(again.readCorrection(created.id)).toBeNull();
    again.saveCorrection(created.id, correction);
    again.delete(created.id);
    expect(again.readCorrection(created.id)).toBeNull();
  });

  it('exports the corrected note as JSON, headed by whose it is, the FHIR and other JSON left to their own export', () => {
    const header = { label: 'Meena Iyer', mode: 'consultation' as const, createdAt: '2026-11-23T04:30:00.000Z', testData: true };
    const correction: NoteCorrection = { correctedAt: NOW.toISOString(), parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: rows('Azithromycin 500 mg') }] };
    const exported = noteExport({ header, result, correction, reviewedAt: null })!;
    expect(exported.fileName).toMatch(/^Meena-Iyer-2026-11-23-\d{4}-note-TEST-DATA\.json$/);
    const document = JSON.parse(exported.json);
    expect(document).toMatchObject({ format: NOTE_FORMAT, testData: true, correctedAt: NOW.toISOString(), dictation: { label: 'Meena Iyer', mode: 'Consultation' } });
    expect(document.parts[0]).toMatchObject({ corrected: true, medications: rows('Azithromycin 500 mg') });
    expect(document.parts[1]).toMatchObject({ corrected: false, text: 'Amoxicillin thrice daily.' });
    expect(document.parts[2]).not.toHaveProperty('text');
    expect(exported.json).not.toContain('Amoxicillin 500 mg capsule');
    expect(document.text.startsWith('Meena Iyer · Consultation · ')).toBe(true);
    expect(noteExport({ header, result: null, correction: null, reviewedAt: null })).toBeNull();
  });
});
