import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { landingOf, landingProblem, chapterAt } from '../../../main/shortcuts/field-landing';

const NOTE = [
  'Test visit · Dictation · 25 Nov 2026, 11:35',
  'TEST DATA from the built-in sandbox: not a real prescription.',
  '',
  'Medications',
  '1. Vitamin B12 500 µg tablet — 1 tablet, once a day, 30 days, खाने के बाद',
].join('\n');

describe('what of the note landed in the field', () => {
  it('the whole note, into an empty field or after the doctor’s own words, with Windows line ends in the note', () => {
    expect(landingOf(NOTE, '', NOTE)).toEqual({ kind: 'whole' });
    expect(landingOf(NOTE, 'Seen today. ', `Seen today. ${NOTE}`)).toEqual({ kind: 'whole' });
    expect(landingOf(NOTE.replace(/\n/g, '\r\n'), '', NOTE)).toEqual({ kind: 'whole' });
    // Typed: a tab goes in as a space.
    expect(landingOf('Dose:\t1 tablet', '', 'Dose: 1 tablet')).toEqual({ kind: 'whole' });
  });

  it('the same note pasted a second time is whole, though the field held it before', () => {
    expect(landingOf(NOTE, NOTE, NOTE + NOTE)).toEqual({ kind: 'whole' });
  });

  it('a field with a limit: its first characters, counted as characters (µ, Hindi), and the rest named', () => {
    expect(landingOf(NOTE, '', NOTE.slice(0, 60))).toEqual({ kind: 'cut', took: 60, left: NOTE.slice(60), chapter: null });
    const hindi = NOTE.indexOf('खाने');
    expect(landingOf(NOTE, '', NOTE.slice(0, hindi + 2))).toEqual({ kind: 'cut', took: Array.from(NOTE.slice(0, hindi + 2)).length, left: NOTE.slice(hindi + 2), chapter: 'Medications' });
  });

  it('a limit reached after the doctor’s own words, or with the caret in the middle of them', () => {
    expect(landingOf(NOTE, 'Seen today. ', `Seen today. ${NOTE.slice(0, 20)}`)).toEqual({ kind: 'cut', took: 20, left: NOTE.slice(20), chapter: null });
    expect(landingOf(NOTE, 'Before after', `Before ${NOTE.slice(0, 30)}after`)).toEqual({ kind: 'cut', took: 30, left: NOTE.slice(30), chapter: null });
  });

  it('nothing: the field is as it was (it refused the paste)', () => {
    expect(landingOf(NOTE, '', '')).toEqual({ kind: 'none' });
    expect(landingOf(NOTE, 'Seen today.', 'Seen today.')).toEqual({ kind: 'none' });
  });

  it('unknown where the field cannot be read, where it was not read before and holds less, or shows the note in another form', () => {
    expect(landingOf(NOTE, '', null)).toEqual({ kind: 'unknown' });
    expect(landingOf(NOTE, null, NOTE.slice(0, 60))).toEqual({ kind: 'unknown' });
    expect(landingOf(NOTE, null, `Seen today. ${NOTE}`)).toEqual({ kind: 'whole' });
    // A rich editor: the table's cells are not the note's text.
    expect(landingOf(NOTE, '', NOTE.replace('1. Vitamin', 'Vitamin').replace(/ — /g, '\t'))).toEqual({ kind: 'unknown' });
  });
});

describe('what the doctor is told', () => {
  it('nothing when all went in or it cannot be known', () => {
    expect(landingProblem({ kind: 'whole' }, 'paste')).toBeNull();
    expect(landingProblem({ kind: 'unknown' }, 'type')).toBeNull();
  });

  it('a cut note: how many characters went in, how many did not, the chapter of the note where the cut falls, and where the whole note is', () => {
    const left = NOTE.slice(60);
    expect(landingProblem({ kind: 'cut', took: 60, left, chapter: 'Medications' }, 'paste')).toEqual({
      title: 'Note cut short by the field',
      body: `The field took only the first 60 characters; the other ${Array.from(left).length} were not inserted, from the part "Medications" on. The whole note is on the clipboard (what you had copied before was not put back): paste the rest where it fits.`,
    });
  });

  it("the chapter is the heading of the note's chapter the cut falls in, never a line of its text", () => {
    const note = 'Bed 4 · Dictation · 25 Nov 2026, 11:35\n\nMedications\n1. Paracetamol 650 mg — Dose: 1-0-1\n\nClinical notes\nFever for two days.\n';
    expect(chapterAt(note, note.indexOf('Paracetamol') + 4)).toBe('Medications');
    expect(chapterAt(note, note.indexOf('Fever') + 2)).toBe('Clinical notes');
    expect(chapterAt(note, 10)).toBeNull();
    // A cut inside the heading line itself names the chapter before it, if any.
    expect(chapterAt(note, note.indexOf('Clinical') + 3)).toBe('Medications');
  });

  it('a note the field did not take: paste it, or type it where pasting is refused', () => {
    expect(landingProblem({ kind: 'none' }, 'paste')?.body).toMatch(/did not take the note \(it may refuse pasting\).*choose "Type it" for this program in Settings\.$/);
    expect(landingProblem({ kind: 'none' }, 'type')?.body).toMatch(/did not take the typed note\..*paste it yourself\.$/);
  });

  it('never any of the note\'s own words, however the cut falls', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.stringMatching(/^[a-zµ]{1,30}$/), fc.constantFrom('खाने', 'के', 'बाद')), { minLength: 8, maxLength: 200 }), fc.integer({ min: 1, max: 100 }), (words, took) => {
        const left = words.join(' ');
        const body = landingProblem({ kind: 'cut', took, left, chapter: null }, 'paste')!.body;
        for (const word of words) if (word.length > 3) expect(body).not.toContain(word);
      }),
    );
  });
});
