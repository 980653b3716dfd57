import { describe, expect, it } from 'vitest';
import { clinicalNote } from '../../contract/clinical-note';
import type { DecodedOutput, FhirSummary, TranscriptionResult } from '../../contract/transcription';

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
    expect(note.text).toBe('Medications\n1. Paracetamol 500 mg — 1-0-1 — 2 times a day — 5 days — After food\n2. Cetirizine <10 mg> & co — 0-0-1\n');
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
    expect(note.text).toBe('Transcript\nPatient has fever.\nSince two days.\n');
    expect(note.html).toBe('<h3>Transcript</h3><p>Patient has fever.<br>Since two days.</p>');
  });

  it('says "no medication" for an empty prescription', () => {
    const empty = part('eka_emr_template', 'EMR', { kind: 'prescription', json: '{}', prescription: { medications: [] } });
    expect(clinicalNote(completed([empty]))!.text).toBe('Medications\nNo medication was prescribed.\n');
  });

  it('has no note for a missing, failed or unreadable result, or one with nothing a note could hold', () => {
    expect(clinicalNote(null)).toBeNull();
    expect(clinicalNote({ state: 'failed', code: 'x', message: 'failed' })).toBeNull();
    expect(clinicalNote({ state: 'unreadable', problem: 'x' })).toBeNull();
    expect(clinicalNote(completed([part('x', 'Unknown', { kind: 'json', json: '{}' })]))).toBeNull();
    expect(clinicalNote(completed([part('f', 'FHIR', { kind: 'fhir', json: '{}', summary: summary({ title: 'Only a title' }) })]))).toBeNull();
  });
});
