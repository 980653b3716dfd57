import { describe, expect, it } from 'vitest';
import { describeRange, flagOf, rangeFromJson, rangeFromText } from '../../../main/lab-reports/lab-range';

describe('lab ranges', () => {
  it('reads the JSON the service sends, in its usual spellings', () => {
    expect(rangeFromJson('{"min":13,"max":17}')).toMatchObject({ min: 13, max: 17 });
    expect(rangeFromJson('{"Low":"4.0","High":"11.0"}')).toMatchObject({ min: 4, max: 11 });
    expect(rangeFromJson('[{"min":150,"max":410},{"min":1,"max":2}]')).toMatchObject({ min: 150, max: 410 });
    expect(rangeFromJson('{"max":200}')).toMatchObject({ min: null, max: 200 });
    expect(rangeFromJson('"13 - 17"')).toMatchObject({ min: 13, max: 17 });
  });

  it('refuses what is no range', () => {
    for (const value of ['{}', '{"min":"high"}', '{"min":20,"max":10}', 'null', '[]', '', 'Negative', 42, null, '{"min":1e400}']) {
      expect(rangeFromJson(value)).toBeNull();
    }
    expect(rangeFromText('see report')).toBeNull();
  });

  it('reads texts for people', () => {
    expect(rangeFromText('13.0 - 17.0 g/dL')).toMatchObject({ min: 13, max: 17 });
    expect(rangeFromText('4,0–11,0')).toMatchObject({ min: 4, max: 11 });
    expect(rangeFromText('150 to 410')).toMatchObject({ min: 150, max: 410 });
    expect(rangeFromText('< 200')).toMatchObject({ min: null, max: 200, maxInclusive: false });
    expect(rangeFromText('≥ 40')).toMatchObject({ min: 40, max: null, minInclusive: true });
    expect(rangeFromText('Up to 5')).toMatchObject({ max: 5, maxInclusive: true });
  });

  it('flags a value below, above or within, bounds as stated', () => {
    const hb = rangeFromJson('{"min":13,"max":17}');
    expect(flagOf(11.2, hb)).toBe('low');
    expect(flagOf(13, hb)).toBe('normal');
    expect(flagOf(17, hb)).toBe('normal');
    expect(flagOf(17.1, hb)).toBe('high');
    expect(flagOf(200, rangeFromText('< 200'))).toBe('high');
    expect(flagOf(199, rangeFromText('< 200'))).toBe('normal');
    expect(flagOf(40, rangeFromText('> 40'))).toBe('low');
    expect(flagOf(null, hb)).toBe('unknown');
    expect(flagOf(5, null)).toBe('unknown');
  });

  it('describes a range for the table', () => {
    expect(describeRange(rangeFromJson('{"min":13,"max":17}')!)).toBe('13 – 17');
    expect(describeRange(rangeFromText('< 200')!)).toBe('< 200');
    expect(describeRange(rangeFromJson('{"min":30}')!)).toBe('≥ 30');
  });
});
