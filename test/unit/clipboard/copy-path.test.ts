import { describe, expect, it } from 'vitest';
import { EARLIER_COPY_REMOVED, NOTHING_COPIED, type CopyItem } from '../../../main/clipboard/copy-path';
import { copyPathOn, memoryClipboard } from '../../support/memory-clipboard';

const CREATED = '2026-11-25T06:05:00.000Z';
const note = (label: string, reviewedAt: string | null = null, testData = false): CopyItem => ({
  heading: { whose: { label, mode: 'dictation', createdAt: CREATED }, what: null, testData: testData ? 'prescription' : null },
  body: { text: `Medications\n1. Paracetamol for ${label}\n`, html: `<h3>Medications</h3><p>Paracetamol for ${label}</p>` },
  review: { reviewedAt, name: `"${label}"` },
  owner: label,
  what: 'note',
});

describe('CopyPath: the one way patient data leaves by the clipboard', () => {
  it('heads the text and the HTML with whose it is and, for test data, that it is not real', async () => {
    const { state, system } = memoryClipboard();
    const { copies, events } = copyPathOn(system);
    expect(await copies.copy(note('Ramesh K 54M', null, true))).toMatchObject({ copied: true, earlier: null });
    const lines = state.text.split('\n');
    expect(lines[0]).toMatch(/^Ramesh K 54M · Dictation · 25 Nov 2026, \d\d:\d\d$/);
    expect(lines[1]).toBe('TEST DATA from the built-in sandbox: not a real prescription.');
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe('Medications');
    expect(state.html).toMatch(/^<p><strong>Ramesh K 54M · Dictation · [^<]+<\/strong><\/p><p><strong>TEST DATA from the built-in sandbox: not a real prescription.<\/strong><\/p><h3>Medications<\/h3>/);
    // The log says what kind of thing was copied, never the patient's label or the note.
    expect(events.join('\n')).not.toMatch(/Ramesh|Paracetamol/);
  });

  it('copies a real value with no heading exactly as it is, and a test value under the test-data line', async () => {
    const { state, system } = memoryClipboard();
    const { copies } = copyPathOn(system);
    await copies.copy({ heading: { whose: null, what: null, testData: null }, body: { text: '91-1234-5678-9012' }, review: null, owner: null, what: 'ABHA number' });
    expect(state.text).toBe('91-1234-5678-9012');
    await copies.copy({ heading: { whose: null, what: null, testData: 'ABHA number' }, body: { text: '91-1234-5678-9012' }, review: null, owner: null, what: 'ABHA number' });
    expect(state.text).toBe('TEST DATA from the built-in sandbox: not a real ABHA number.\n\n91-1234-5678-9012');
  });

  it('applies the review rule to what it applies to, and never to what it does not', async () => {
    const { state, system } = memoryClipboard('before');
    const { copies } = copyPathOn(system, true);
    const refused = await copies.copy(note('Bed 4'));
    expect(refused).toEqual({ copied: false, reason: expect.stringMatching(/^The note of the dictation "Bed 4" is not marked reviewed\. .* Nothing was copied\.$/) });
    expect(state.text).toBe('before');
    expect(await copies.copy(note('Bed 4', CREATED))).toMatchObject({ copied: true, earlier: null });
    expect(await copies.copy({ ...note('Bed 4'), review: null })).toMatchObject({ copied: true, earlier: null });
  });

  it('a refused copy takes the earlier copy off the clipboard when it is still there, and says so', async () => {
    const { state, system } = memoryClipboard();
    const { copies } = copyPathOn(system);
    await copies.copy(note('Patient one'));
    const refused = await copies.copy({ refused: 'The note of the dictation "Patient two" is not ready yet.' });
    expect(refused).toEqual({ copied: false, reason: `The note of the dictation "Patient two" is not ready yet. ${EARLIER_COPY_REMOVED}` });
    expect(state.text).toBe('');
    expect(EARLIER_COPY_REMOVED).toBe('Nothing copied; the earlier note was removed from the clipboard.');
  });

  it('never takes off what the user copied since', async () => {
    const { state, system } = memoryClipboard();
    const { copies } = copyPathOn(system);
    await copies.copy(note('Patient one'));
    state.text = 'a phrase the doctor copied';
    expect(await copies.copy({ refused: 'Not ready.' })).toEqual({ copied: false, reason: `Not ready. ${NOTHING_COPIED}` });
    expect(state.text).toBe('a phrase the doctor copied');
  });

  it('a recording for another patient takes the earlier note off the clipboard; for the same patient it stays', async () => {
    const { state, system } = memoryClipboard();
    const { copies } = copyPathOn(system);
    await copies.copy(note('Patient one'));
    expect(await copies.recordingFor('  Patient one ')).toBe(false);
    expect(state.text).toMatch(/^Patient one/);
    expect(await copies.recordingFor('Patient two')).toBe(true);
    expect(state.text).toBe('');
    // Unlabelled: whose it is cannot be told, so it goes too.
    await copies.copy(note(''));
    expect(await copies.recordingFor('')).toBe(true);
    // Nothing of the app's on the clipboard: nothing to do.
    state.text = 'mine';
    expect(await copies.recordingFor('Patient three')).toBe(false);
    expect(state.text).toBe('mine');
  });
});
