import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { cutText, serviceCode, serviceDetail, serviceText, serviceWords } from '../../../main/api/service-text';
import { serviceAppError } from '../../../main/shell/ipc/app-failure';

describe('service texts', () => {
  it('cuts to a readable length with an ellipsis, on one line', () => {
    expect(serviceText('Bad\n  request.\t')).toBe('Bad request.');
    // Markup is taken out, its words kept; a comparison is not markup.
    expect(serviceText('The transcription failed: <b>html</b><br/>')).toBe('The transcription failed: html');
    expect(serviceText('<p class="x">Dose < 5 mg, a <> b</p>')).toBe('Dose < 5 mg, a <> b');
    expect(serviceDetail('<script>alert(1)</script>Line one\n<i>two</i>')).toBe('alert(1)Line one\ntwo');
    const long = serviceText('Ω'.repeat(300_044));
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
    expect(cutText('ab😀cd', 4)).toBe('ab…');
  });

  it('never prints an object or a prototype member as text', () => {
    expect(serviceText({ a: 1 })).toBe('');
    expect(serviceText(null)).toBe('');
    expect(serviceCode('__proto__')).toBe('__proto__');
    expect(serviceCode('toString')).toBe('toString');
    expect(serviceText(42)).toBe('42');
  });

  it('keeps the whole text, bounded, as a detail only when the message had to cut it', () => {
    expect(serviceWords('short').detail).toBeUndefined();
    const words = serviceWords('x'.repeat(600_047));
    expect(words.text).toHaveLength(300);
    expect(words.detail).toHaveLength(20_000);
    expect(serviceDetail('line 1\nline 2')).toBe('line 1\nline 2');
  });

  it('bounds every ServiceError, whoever built its message', () => {
    const error = new ServiceError('registration_failed', `Failed. ${'y'.repeat(600_000)}`, {
      code: '__proto__',
      sourceError: { code: 'ABDM-1100', message: 'z'.repeat(600_000) },
      retryAfterMs: 99_999_999_000,
    });
    expect(error.message.length).toBeLessThanOrEqual(1000);
    expect(error.code).toBe('__proto__');
    expect(error.retryAfterMs).toBe(3_600_000);
    const page = serviceAppError(error);
    expect(page.message.length).toBeLessThanOrEqual(1000);
    expect(page.detail!.length).toBeLessThanOrEqual(20_000);
  });
});
