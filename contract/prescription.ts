/** The EMR template's decoded JSON: a prescription. Tolerant of extra fields, strict about types. */
import { z } from 'zod';

export const frequencySchema = z
  .object({
    pattern_id: z.string().optional(),
    dose: z.array(z.string()).optional(),
    period: z.number().optional(),
    period_unit: z.string().optional(),
    frequency: z.string().optional(),
    custom: z.string().optional(),
  })
  .loose();

export const medicationSchema = z
  .object({
    name: z.string(),
    frequency: frequencySchema.optional(),
    instruction: z.string().optional(),
    id: z.string().optional(),
  })
  .loose();

export const emrDocumentSchema = z
  .object({
    prescription: z
      .object({
        medications: z.array(medicationSchema).default([]),
        language: z.string().optional(),
      })
      .loose(),
  })
  .loose();

export type Medication = z.infer<typeof medicationSchema>;
export type Prescription = z.infer<typeof emrDocumentSchema>['prescription'];
