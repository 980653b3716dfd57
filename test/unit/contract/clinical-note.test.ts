import { describe, expect, it } from 'vitest';
import { TEST_DATA_NOTICE, clinicalNote as noteWith, headerLine, noteTime, type NoteHeader } from '../../../contract/clinical-note';
import { medicationRow } from '../../../contract/medication-row';
import type { NoteCorrection } from '../../../contract/note-correction';
import type { DecodedOutput, FhirSummary, TranscriptionResult } from '../../../contract/transcription';

const part = (templateId: string, name: string, content: DecodedOutput['content']): DecodedOutput => ({
  templateId,
  name,
  type: templateId,
  status: 'success',
  errors: [],
  warnings: [],
  content,
});

const summary = (patch: Partial<FhirSummary>): FhirSummary => ({
  resourceType: 'Bundle',
  bundleType: 'document',
  resourceCounts: [],
  title: null,
  sections: [],
  lines: [],
  unreadableEntries: 0,
  shortened: false,
  ...patch,
});

/** Recorded at 09:05 local time on 3 March 2026. */
const HEADER: NoteHeader = { label: 'Priya Sharma, OPD 7', mode: 'consultation', createdAt: new Date(2026, 2, 3, 9, 5).toISOString(), testData: false };
const HEAD = 'Priya Sharma, OPD 7 · Consultation · 3 Mar 2026, 09:05\n\n';
const clinicalNote = (result: Parameters<typeof noteWith>[0], correction: NoteCorrection | null = null) => noteWith(result, HEADER, correction);

const completed = (outputs: DecodedOutput[]): TranscriptionResult => ({ state: 'completed', outputs, context: { mode: null, doctorId: null, visitId: null, raw: {} } });

const prescription = part('eka_emr_template', 'EKA EMR Template', {
  kind: 'prescription',
  json: '{}',
  prescription: {
    medications: [
      { name: 'Paracetamol 500 mg', frequency: { dose: ['1', '0', '1'], custom: '1-0-1', frequency: '2', period: 5, period_unit: 'day' }, instruction: 'After food' },
      { name: 'Cetirizine <10 mg> & co', frequency: { dose: ['0', '0', '1'] } },
    ],
  },
});

describe('clinicalNote', () => {
  it('puts the medications as lines in the text and as a table in the HTML, as the page shows them', () => {
    const note = clinicalNote(completed([prescription]))!;
    expect(note.text).toBe(HEAD + 'Medications\n1. Paracetamol 500 mg — Dose: 1-0-1 — Frequency: morning and night — Duration: 5 days — Instructions: After food\n2. Cetirizine <10 mg> & co — Dose: 0-0-1 — Frequency: at night\n');
    expect(note.html).toContain('<h3>Medications</h3><table');
    expect(note.html).toContain('<th style="border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top">Medicine</th>');
    expect(note.html).toContain('>Paracetamol 500 mg</td>');
    // Every text is escaped: what the service wrote never becomes markup.
    expect(note.html).toContain('>Cetirizine &#60;10 mg&#62; &#38; co</td>');
    expect(note.html).toContain('>—</td>');
    expect(note.html.match(/<tr>/g)).toHaveLength(3);
  });

  it('takes the FHIR title, sections and lines, leaving out the medication lines the table already has', () => {
    const fhir = part('clinical_notes_template', 'Clinical notes (FHIR)', {
      kind: 'fhir',
      json: '{}',
      summary: summary({
        title: 'Clinical note',
        sections: [{ level: 0, title: 'Assessment', text: 'Viral fever.\n\nReview in a week.' }],
        lines: [
          { resourceType: 'MedicationRequest', text: 'Paracetamol 500 mg: 1-0-1' },
          { resourceType: 'Condition', text: 'Fever' },
        ],
      }),
    });
    const note = clinicalNote(completed([prescription, fhir]))!;
    expect(note.text).toContain('\n\nClinical note\nAssessment\nViral fever.\n\nReview in a week.\n- Fever\n');
    expect(note.text).not.toContain('Paracetamol 500 mg: 1-0-1');
    expect(note.html).toContain('<h3>Clinical note</h3><h4>Assessment</h4><p>Viral fever.</p><p>Review in a week.</p><ul><li>Fever</li></ul>');
    // Without a prescription part, the FHIR medication lines are the only place the medicines are: kept.
    expect(clinicalNote(completed([fhir]))!.text).toContain('- Paracetamol 500 mg: 1-0-1');
  });

  it('takes text outputs under their name, and leaves out unknown JSON, empty and unreadable parts', () => {
    const note = clinicalNote(
      completed([
        part('transcript_template', 'Transcript', { kind: 'text', text: 'Patient has fever.\nSince two days.', shortened: false }),
        part('x', 'Unknown', { kind: 'json', json: '{"a":1}' }),
        part('y', 'Empty', { kind: 'empty' }),
        part('z', 'Broken', { kind: 'invalid', problem: 'not base64' }),
      ]),
    )!;
    expect(note.text).toBe(`${HEAD}Transcript\nPatient has fever.\nSince two days.\n`);
    expect(note.html).toBe('<p><strong>Priya Sharma, OPD 7 · Consultation · 3 Mar 2026, 09:05</strong></p><h3>Transcript</h3><p>Patient has fever.<br>Since two days.</p>');
  });

  it('says "no medication" for an empty prescription', () => {
    const empty = part('eka_emr_template', 'EMR', { kind: 'prescription', json: '{}', prescription: { medications: [] } });
    expect(clinicalNote(completed([empty]))!.text).toBe(`${HEAD}Medications\nNo medication was prescribed.\n`);
  });

  it('has no note for a missing, failed or unreadable result, or one with nothing a note could hold', () => {
    expect(clinicalNote(null)).toBeNull();
    expect(clinicalNote({ state: 'failed', code: 'x', message: 'failed' })).toBeNull();
    expect(clinicalNote({ state: 'unreadable', problem: 'x' })).toBeNull();
    expect(clinicalNote(completed([part('x', 'Unknown', { kind: 'json', json: '{}' })]))).toBeNull();
    expect(clinicalNote(completed([part('f', 'FHIR', { kind: 'fhir', json: '{}', summary: summary({ title: 'Only a title' }) })]))).toBeNull();
  });

  it("begins with whose note it is, and says when it is the sandbox's test data, in the text, the HTML and the table", () => {
    expect(headerLine({ label: '  ', mode: 'dictation', createdAt: HEADER.createdAt })).toBe('No patient chosen · Dictation · 3 Mar 2026, 09:05');
    expect(noteTime('not a time')).toBe('—');
    const note = noteWith(completed([prescription]), { ...HEADER, testData: true }, null)!;
    expect(note.text.split('\n').slice(0, 3)).toEqual(['Priya Sharma, OPD 7 · Consultation · 3 Mar 2026, 09:05', TEST_DATA_NOTICE, '']);
    expect(note.html).toMatch(/^<p><strong>Priya Sharma, OPD 7 · Consultation · 3 Mar 2026, 09:05<\/strong><\/p><p><strong>TEST DATA/);
    expect(note.html).toContain('<caption><strong>Test data (sandbox): not a real prescription</strong></caption>');
  });

  it("keeps the service's errors and warnings with their part, in one format for complete and partial results", () => {
    const failedPrescription: DecodedOutput = { ...part('eka_emr_template', 'EKA EMR Template', { kind: 'empty' }), status: 'partial_success', errors: ['Unable to extract medication dosage'] };
    const warned: DecodedOutput = { ...part('transcript_template', 'Transcript', { kind: 'text', text: 'Fever.', shortened: false }), warnings: ['Low confidence'] };
    const note = clinicalNote({ state: 'partial', outputs: [failedPrescription, warned], context: { mode: null, doctorId: null, visitId: null, raw: {} } })!;
    expect(note.text).toBe(`${HEAD}Medications\nError: Unable to extract medication dosage\nNo medication could be read from this result.\n\nTranscript\nWarning: Low confidence\nFever.\n`);
    expect(note.html).toContain('<li><strong>Error:</strong> Unable to extract medication dosage</li>');
    // A complete result in the same shape reads the same way.
    expect(clinicalNote(completed([prescription, warned]))!.text).toContain('\n\nTranscript\nWarning: Low confidence\nFever.\n');
  });

  it("puts the doctor's corrections in place of the parts they changed, never the old values", () => {
    const transcript = part('transcript_template', 'Transcript', { kind: 'text', text: 'Paracetamol twice daily.', shortened: false });
    const correction: NoteCorrection = {
      correctedAt: new Date(2026, 2, 3, 9, 20).toISOString(),
      parts: [
        { templateId: 'eka_emr_template', kind: 'medications', rows: [{ name: 'Ibuprofen 400 mg', dose: '1-0-1', frequency: '', duration: '3 days', instruction: 'After food' }] },
        { templateId: 'transcript_template', kind: 'text', text: 'Ibuprofen twice daily.' },
      ],
    };
    const note = clinicalNote(completed([prescription, transcript]), correction)!;
    expect(note.text).toBe(`${HEAD}Medications\n1. Ibuprofen 400 mg — Dose: 1-0-1 — Duration: 3 days — Instructions: After food\n\nTranscript\nIbuprofen twice daily.\n`);
    expect(note.html).toContain('>Ibuprofen 400 mg</td>');
    expect(note.html).not.toContain('Paracetamol');
    // A correction that adds medicines to a prescription the service could not give makes it a note.
    const empty = part('eka_emr_template', 'EMR', { kind: 'empty' });
    expect(clinicalNote(completed([empty]))).toBeNull();
    expect(clinicalNote(completed([empty]), { ...correction, parts: [correction.parts[0]!] })!.text).toContain('1. Ibuprofen 400 mg');
  });
});

describe('a medication row', () => {
  it('gives the dose as written and says when a morning-noon-night dose is taken instead of repeating its count; a frequency that says more is kept', () => {
    expect(medicationRow({ name: 'Cetirizine', frequency: { dose: ['0', '0', '1'], frequency: '1' } })).toMatchObject({ dose: '0-0-1', frequency: 'at night' });
    expect(medicationRow({ name: 'Metformin', frequency: { dose: ['1', '0', '1'], frequency: '2' } })).toMatchObject({ dose: '1-0-1', frequency: 'morning and night' });
    expect(medicationRow({ name: 'Iron', frequency: { dose: ['1/2', '0', '0'], frequency: '1' } })).toMatchObject({ dose: '1/2-0-0', frequency: 'in the morning' });
    expect(medicationRow({ name: 'Vitamin D', frequency: { dose: ['1', '0', '0'], frequency: 'once a week' } })).toMatchObject({ dose: '1-0-0', frequency: 'once a week' });
    expect(medicationRow({ name: 'Paracetamol', frequency: { custom: '1 tablet when needed', frequency: '3' } })).toMatchObject({ dose: '1 tablet when needed', frequency: '3 times a day' });
  });
});
