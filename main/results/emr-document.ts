/**
 * The EMR template's JSON checked into the page's Prescription: strict about types, extra
 * fields dropped (they stay in the exported document), every text bounded. Pure.
 */
import { z } from 'zod';
import type { Medication, Prescription } from '../../contract/prescription';
import { cutText } from '../../contract/text';

/** More would not be a prescription a doctor could check on one screen. */
export const MAX_MEDICATIONS = 500;
const FIELD_CHARS = 2_000;

/** Built at the first check (`z.lazy`), not as main's code loads before the window's first answer. */
export const emrDocumentSchema: z.ZodType<{ prescription: Prescription }> = z.lazy(() => {
  const text = z.string().transform((value) => cutText(value, FIELD_CHARS));

  const frequencySchema = z.object({
    pattern_id: text.optional(),
    dose: z.array(text).max(48).optional(),
    period: z.number().optional(),
    period_unit: text.optional(),
    frequency: text.optional(),
    custom: text.optional(),
  });

  const medicationSchema: z.ZodType<Medication> = z.object({
    name: text,
    frequency: frequencySchema.optional(),
    instruction: text.optional(),
    id: text.optional(),
  });

  return z.object({
    prescription: z.object({
      medications: z.array(medicationSchema).max(MAX_MEDICATIONS, `more than ${MAX_MEDICATIONS} medications`).default([]),
      language: text.optional(),
    }),
  });
});
