import { describe, expect, it } from 'vitest';
import { formatDuration, medicationRow } from '../../../renderer/features/dictation/format';

describe('medicationRow', () => {
  it('reads a full medication', () => {
    expect(
      medicationRow({
        name: 'Paracetamol 500 mg',
        frequency: { pattern_id: 'fp-2', dose: ['1', '0', '1'], period: 5, period_unit: 'day', frequency: '2', custom: '1-0-1' },
        instruction: 'After food',
        id: 'm1',
      }),
      // The frequency (twice a day) only repeats what 1-0-1 says: left out (issue 36.6).
    ).toEqual({ name: 'Paracetamol 500 mg', dose: '1-0-1', frequency: 'morning and night', duration: '5 days', instruction: 'After food' });
  });

  it('shows a dash for what is missing, and singular units', () => {
    expect(medicationRow({ name: 'X', frequency: { dose: ['1'], period: 1, period_unit: 'weeks', frequency: 'SOS' } })).toEqual({
      name: 'X',
      dose: '1',
      frequency: 'SOS',
      duration: '1 week',
      instruction: '—',
    });
    expect(medicationRow({ name: 'Y' })).toMatchObject({ dose: '—', frequency: '—', duration: '—' });
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_400)).toBe('1:05');
  });
});
