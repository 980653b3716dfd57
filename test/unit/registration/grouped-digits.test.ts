import { describe, expect, it } from 'vitest';
import { deleteAcrossSpace, digitsBefore, positionAfterDigits } from '../../../renderer/features/registration/grouped-digits';

describe('caret in a grouped number', () => {
  it('counts digits before the caret and finds the place after a count of digits', () => {
    expect(digitsBefore('2341 2341 2346', 5)).toBe(4);
    expect(positionAfterDigits('2341 2341 2346', 4)).toBe(4);
    expect(positionAfterDigits('2341 2341 2346', 5)).toBe(6);
    expect(positionAfterDigits('2341 2341 2346', 0)).toBe(0);
    expect(positionAfterDigits('2341', 9)).toBe(4);
  });

  it('makes Backspace after a space and Delete before one remove the digit beyond it', () => {
    expect(deleteAcrossSpace('2341 2341 2346', '234123412346', 'Backspace', 5, 5)).toEqual({ digits: '23423412346', caret: 3 });
    expect(deleteAcrossSpace('2341 2341 2346', '234123412346', 'Delete', 4, 4)).toEqual({ digits: '23413412346', caret: 4 });
    expect(deleteAcrossSpace('2341 2341 2346', '234123412346', 'Backspace', 3, 3)).toBeNull();
    expect(deleteAcrossSpace('2341 2341 2346', '234123412346', 'Backspace', 0, 14)).toBeNull();
  });
});
