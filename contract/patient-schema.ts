/**
 * What may be typed for a patient, checked where it arrives (main's bridge), and the input as
 * kept. Apart from contract/patients.ts so that the page's bundle carries no validation
 * library.
 */
import { z } from 'zod';
import { LABEL_MAX_CHARS } from './limits';
import { AGE_MAX, AGE_MESSAGE, AGE_MIN, PATIENT_NAME_MAX_CHARS, PATIENT_SEXES, type Patient } from './patients';
import { formatAbhaNumber } from './registration-rules';
import { handoutLanguage } from './handout-languages';

const ABHA_MESSAGE = 'An ABHA number has 14 digits, for example 12-3456-7890-1234.';

/** What may be typed for a patient; a patient needs a label or a name. */
export const patientInputSchema = z
  .object({
    label: z.string().trim().max(LABEL_MAX_CHARS, `The label is too long (${LABEL_MAX_CHARS} characters at most).`),
    name: z.string().trim().max(PATIENT_NAME_MAX_CHARS, `The name is too long (${PATIENT_NAME_MAX_CHARS} characters at most).`).nullable(),
    age: z.number({ error: AGE_MESSAGE }).int(AGE_MESSAGE).min(AGE_MIN, AGE_MESSAGE).max(AGE_MAX, AGE_MESSAGE).nullable(),
    sex: z.enum(PATIENT_SEXES, { error: 'Choose female, male or other, or leave the sex unknown.' }).nullable(),
    abhaNumber: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{14}$/.test(value.replace(/[-\s]/g, '')), ABHA_MESSAGE)
      .nullable(),
    abhaAddress: z.string().trim().max(64).nullable(),
    /** Absent: left as it is. */
    language: z
      .string()
      .refine((code) => handoutLanguage(code) !== null, 'Choose one of the languages handouts are made in, or leave it unknown.')
      .nullable()
      .optional(),
  })
  .strict()
  .refine((input) => input.label !== '' || (input.name ?? '') !== '', { message: 'Give the patient a label or a name.', path: ['label'] });
export type PatientInput = z.input<typeof patientInputSchema>;

/** The input as kept: empty texts are null, the ABHA number grouped. */
export function cleanPatientInput(input: z.output<typeof patientInputSchema>): Omit<Patient, 'id' | 'createdAt' | 'seenAt'> {
  const text = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);
  const abha = text(input.abhaNumber);
  return {
    label: input.label.trim(),
    name: text(input.name),
    age: input.age,
    sex: input.sex,
    abhaNumber: abha ? formatAbhaNumber(abha.replace(/[-\s]/g, '')) : null,
    abhaAddress: text(input.abhaAddress),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
}
