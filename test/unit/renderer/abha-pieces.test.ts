import { describe, expect, it } from 'vitest';
import { abhaPieces } from '../../../renderer/components/abha-pieces';

describe('abhaPieces', () => {
  it('cuts out the ABHA number with its word, and keeps every other character as it was', () => {
    const line = 'Sunita Devi · 54 F · ABHA 12-3456-7890-1234 · Bed 4';
    const pieces = abhaPieces(line);
    expect(pieces).toEqual([
      { text: 'Sunita Devi · 54 F · ', abha: false },
      { text: 'ABHA 12-3456-7890-1234', abha: true },
      { text: ' · Bed 4', abha: false },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(line);
  });

  it('leaves a line without an ABHA number whole, and a number at the end is cut out too', () => {
    expect(abhaPieces('Bed 12 — follow-up')).toEqual([{ text: 'Bed 12 — follow-up', abha: false }]);
    expect(abhaPieces('67 M · ABHA 91-2345-6789-0123')).toEqual([
      { text: '67 M · ', abha: false },
      { text: 'ABHA 91-2345-6789-0123', abha: true },
    ]);
  });
});
