/** A session's answer as the app keeps and shows it. */
import { describe, expect, it } from 'vitest';
import type { SessionResult } from '../../../main/api/service-client';
import { readableSections, sessionTranscription, templateContent } from '../../../main/results/session-result';

const ASKED = ['eka_emr_template', 'sandbox_clinic_referral'];
const prescription = { prescription: { medications: [{ name: 'Paracetamol 500 mg', frequency: { dose: ['1', '0', '1'], period: 5, period_unit: 'day', custom: '1-0-1' }, instruction: 'After food' }], language: 'EN' } };

describe("a session's answer", () => {
  it('keeps the transcript while the service works, as a preview', () => {
    expect(sessionTranscription({ state: 'processing', transcript: 'Patient has fever' }, ASKED)).toMatchObject({ state: 'in_progress', outputs: [], transcript: 'Patient has fever' });
  });

  it('shows the prescription as medications and a clinic template of its own shape as readable sections, nothing dropped', () => {
    const answer: SessionResult = {
      state: 'completed',
      transcript: 'Fever for three days.',
      language: 'en',
      problems: [],
      templates: [
        { templateId: 'eka_emr_template', status: 'success', documentId: 'doc_1', data: prescription, errors: [], warnings: [] },
        { templateId: 'sandbox_clinic_referral', status: 'success', documentId: 'doc_2', data: { letter: { to: 'Dr Rao', sections: [{ heading: 'Reason', lines: ['Chest pain', 'ECG normal'] }] } }, errors: [], warnings: [] },
      ],
    };
    const result = sessionTranscription(answer, ASKED, new Map([['sandbox_clinic_referral', 'Referral letter']]));
    expect(result).toMatchObject({ state: 'completed', transcript: 'Fever for three days.' });
    if (!('outputs' in result)) throw new Error('no outputs');
    expect(result.outputs[0]).toMatchObject({ name: 'Prescription', status: 'success', content: { kind: 'prescription' } });
    expect(result.outputs[1]).toMatchObject({ name: 'Referral letter', content: { kind: 'text' } });
    const text = result.outputs[1]!.content.kind === 'text' ? result.outputs[1]!.content.text : '';
    for (const value of ['Dr Rao', 'Reason', 'Chest pain', 'ECG normal']) expect(text).toContain(value);
    expect(text).toBe('Letter:\n  To: Dr Rao\n  Sections:\n    - Heading: Reason\n      Lines:\n        - Chest pain\n        - ECG normal');
  });

  it('a partial answer (206) says which template failed and why; a template asked for and not given says so', () => {
    const answer: SessionResult = {
      state: 'partial',
      transcript: null,
      language: null,
      problems: ['eka_emr_template: Unable to extract medication dosage', 'Audio was noisy'],
      templates: [{ templateId: 'eka_emr_template', status: 'failed', documentId: null, data: null, errors: [], warnings: [] }],
    };
    const result = sessionTranscription(answer, ASKED);
    if (!('outputs' in result)) throw new Error('no outputs');
    expect(result.state).toBe('partial');
    expect(result.outputs[0]).toMatchObject({ templateId: 'eka_emr_template', status: 'failure', errors: ['Unable to extract medication dosage'], warnings: ['Audio was noisy'] });
    expect(result.outputs[1]).toMatchObject({ templateId: 'sandbox_clinic_referral', status: 'failure', errors: ['The service gave no result for this template.'] });
  });

  it('a failed or expired session says so, and that Retry makes a new one', () => {
    expect(sessionTranscription({ state: 'failed', status: 'error', problems: ['Audio unreadable.'] }, ASKED)).toMatchObject({
      state: 'failed',
      message: 'The service could not process this dictation: Audio unreadable. Retry sends it again in a new session.',
    });
    expect(sessionTranscription({ state: 'expired' }, ASKED)).toMatchObject({ state: 'failed', code: 'session_expired' });
  });

  it('reads template data leniently: a prescription sent as JSON text, a note as Markdown, a status of its own, too deep JSON refused', () => {
    expect(templateContent('eka_emr_template', JSON.stringify(prescription))).toMatchObject({ kind: 'prescription' });
    expect(templateContent('eka_emr_template', 'not json')).toEqual({ kind: 'invalid', problem: 'The prescription is not valid JSON.' });
    expect(templateContent('clinical_notes_template', '# Notes\n- fever')).toEqual({ kind: 'text', text: '# Notes\n- fever', shortened: false });
    expect(templateContent('x', null)).toEqual({ kind: 'empty' });
    let deep: unknown = 'end';
    for (let i = 0; i < 100; i += 1) deep = { deeper: deep };
    expect(templateContent('x', deep)).toMatchObject({ kind: 'invalid' });
    expect(readableSections([1, 'two', { three: true }])).toBe('- 1\n- two\n- Three: true');
  });
});
