import { describe, expect, it } from 'vitest';
import { readOutputItems } from '../../../main/api/voice-api';
import { decodeContext, decodeOutputItem, decodeOutputs } from '../../../main/results/transcription-view';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** Items as the api reads them from an answer, then shown. */
const shown = (items: unknown[]) => {
  const { output, unread } = readOutputItems(items);
  return decodeOutputs(output, unread);
};

describe('decodeOutputItem', () => {
  it('reads one bad item as "could not be read" and bounds every text', () => {
    expect(shown([null, null, null])[2]).toMatchObject({ templateId: 'part-3', status: 'unreadable', content: { kind: 'invalid', problem: expect.stringContaining('This part of the result could not be read (') } });
    const [read] = readOutputItems([{ template_id: 'toString', value: '', type: 'x', name: 'n'.repeat(5000), status: '__proto__', errors: null, warnings: [1, 'w'] }]).output;
    const item = decodeOutputItem(read!);
    expect(item).toMatchObject({ templateId: 'toString', status: '__proto__', errors: [], warnings: ['(a message that could not be read)', 'w'] });
    expect(item.name.length).toBeLessThanOrEqual(200);
    expect(shown(Array.from({ length: 150 }, () => null))).toHaveLength(101);
    expect(shown(Array.from({ length: 150 }, () => null))[100]).toMatchObject({ templateId: 'part-101', status: 'not shown', content: { problem: '50 more parts of the result are not shown.' } });
  });

  it('keeps additional_data bounded and never trips over prototype names', () => {
    const context = decodeContext(JSON.parse(`{"mode":"dictation","__proto__":{"x":1},"deep":${deep(5000)},"doctor":null}`));
    expect(context).toMatchObject({ mode: 'dictation', doctorId: null });
    expect(Object.hasOwn(context.raw, '__proto__')).toBe(true);
    expect(() => JSON.stringify(context)).not.toThrow();
    expect(decodeContext(null)).toEqual({ mode: null, doctorId: null, visitId: null, raw: {} });
  });
});
