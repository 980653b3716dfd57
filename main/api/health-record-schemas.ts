/**
 * The wire shapes of the patient directory (`/profiles/v1/patient/…`) and of the health
 * exchange's care contexts (`/abdm/v1/care-contexts/…`), as the vendor publishes them; read
 * leniently where the documents leave a shape open (the linked list's status), strictly where
 * the app acts on a value (an OID, a care context id).
 */
import { z } from 'zod';

const id = z.string().trim().min(1).max(200);

/** POST /profiles/v1/patient/ → 201 `{oid}`. */
export const createdPatientSchema = z.object({ oid: z.union([id, z.number().int().nonnegative().transform(String)]) });

/** GET /profiles/v1/patient/search → a list of `{username, mobile, oid, fln}` (prefix matches). */
export const foundPatientsSchema = z.array(
  z.object({
    oid: z.union([id, z.number().int().nonnegative().transform(String)]),
    username: z.string().max(400).nullish(),
    abha: z.string().max(400).nullish(),
  }),
).max(1_000);

/** The directory's refusals: `{error: {message, code}}`, or `{message, code}` for a missing profile. */
export const directoryErrorSchema = z.union([
  z.object({ error: z.object({ message: z.string().optional(), code: z.string().optional() }) }),
  z.object({ message: z.string(), code: z.string().optional() }),
]);

/** GET /abdm/v1/care-contexts/linked → `{care_contexts: [...] | null}`. */
export const linkedCareContextsSchema = z.object({
  care_contexts: z
    .array(
      z.object({
        care_context_id: id,
        created_at: z.string().max(100).nullish(),
        display: z.string().max(2_000).nullish(),
        // Documented as the consent flow's states; the link's own (LINKED, ERRORED) are what a link answers.
        status: z.string().max(100).nullish(),
        error: z.unknown().optional(),
      }),
    )
    .max(10_000)
    .nullable(),
});

/** The exchange's refusals: `{code, error, source_error: {code: "ABDM-…", message}}`. */
export const abdmErrorSchema = z.object({
  code: z.number().int().optional(),
  error: z.string().optional(),
  source_error: z.object({ code: z.string(), message: z.string().optional() }).optional(),
});
