/** A correction as main checks it when the page sends it and when it is read back. Apart from note-correction.ts so that the page's bundle carries no validation library. */
import { z } from 'zod';
import { CORRECTION_LIMITS } from './note-correction';

/** Built at the first check (`z.lazy`), not as main's code loads before the window's first answer. */
export const correctedChapterSchema = z.lazy(() => {
  const cell = z.string().max(CORRECTION_LIMITS.cellChars, `A cell holds at most ${CORRECTION_LIMITS.cellChars} characters.`);
  const rowSchema = z.object({ name: cell, dose: cell, frequency: cell, duration: cell, instruction: cell }).strict();
  const templateId = z.string().min(1).max(200);
  return z.discriminatedUnion('kind', [
    z.object({ templateId, kind: z.literal('medications'), rows: z.array(rowSchema).max(CORRECTION_LIMITS.rows, `At most ${CORRECTION_LIMITS.rows} medicines.`) }).strict(),
    z.object({ templateId, kind: z.literal('text'), text: z.string().max(CORRECTION_LIMITS.textChars, 'This text is too long.') }).strict(),
  ]);
});

export const noteCorrectionSchema = z.lazy(() =>
  z.object({
    correctedAt: z.iso.datetime(),
    parts: z.array(correctedChapterSchema).max(CORRECTION_LIMITS.parts),
  }),
);
