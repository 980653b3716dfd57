/** The shape of every answer the service documents, checked with zod. */
import { z } from 'zod';
import { serviceText } from './service-text';

export const voiceUploadSchema = z.object({ message: z.string(), filename: z.string() });

/** A message of an output item: text; anything else is read as null (a message that could not be read). */
const itemMessage = z.string().nullable().catch(null);

/** One output item; each is checked apart (voice-api.ts), so one bad item spoils only itself. */
export const outputItemSchema = z.object({
  template_id: z.string(),
  /** Base64 of the output: decoded where it is shown. */
  value: z.string(),
  type: z.string(),
  name: z.string(),
  status: z.string(),
  /** Messages are read one by one; a missing or null list is none. */
  errors: z.array(itemMessage).nullish(),
  warnings: z.array(itemMessage).nullish(),
});
export type OutputItem = z.infer<typeof outputItemSchema>;

/** The answer's envelope; the items and `additional_data` are read leniently when decoded. */
export const resultDataSchema = z.object({
  data: z.object({
    output: z.array(z.unknown()),
    additional_data: z.unknown().optional(),
  }),
});

export const resultErrorSchema = z.object({ error: z.object({ code: z.string(), msg: z.string() }) });

/** 401 of the result lookup. */
export const lookupUnauthorizedSchema = z.object({ error: z.string(), message: z.string() });

/** `{message}`: the 401 of the voice upload, the 403 of the lab report upload. */
export const messageSchema = z.object({ message: z.string() });

/** GET /mr/api/v1/docs/{id}/result; `data` and `error` are read where the report is kept (main/lab-reports). */
export const labReportResultSchema = z.object({
  status: z.enum(['queued', 'inprogress', 'completed', 'error', 'deleted']),
  error: z.unknown().optional(),
  data: z.unknown().optional(),
});
export type LabReportResultAnswer = z.infer<typeof labReportResultSchema>;

export const documentUploadSchema = z.object({ document_id: z.string().min(1).max(200) }).loose();

export const registrationSchema = z.object({ hint: z.string().nullable().optional(), txn_id: z.string().min(1).max(200) });

/** The service's words about a person (a name, an address, a hint): one line, cut to a readable length. */
const text = z
  .string()
  .nullish()
  .transform((value) => (typeof value === 'string' ? serviceText(value) : value));
const whole = z.number().int().nullish();
/** The national system lists a person's few addresses; more than this is not a list to choose from. */
const MAX_ADDRESSES = 50;
/** `ProfileResponse`: the patient as the national system knows them. Every field may be absent or null. */
export const abhaProfileSchema = z.object({
  abha_address: text,
  abha_addresses: z
    .array(z.string())
    .nullish()
    .transform((list) => list?.slice(0, MAX_ADDRESSES).map((address) => serviceText(address))),
  abha_number: text,
  address: text,
  day_of_birth: whole,
  month_of_birth: whole,
  year_of_birth: whole,
  first_name: text,
  middle_name: text,
  last_name: text,
  full_name: text,
  gender: text,
  kyc_verified: z.boolean().nullish(),
  pincode: text,
  /** Base64 of the photo: checked and bounded where it is read (abha-profile.ts), never cut. */
  profile_photo: z.string().nullish(),
});
export type AbhaProfileAnswer = z.infer<typeof abhaProfileSchema>;

export const SKIP_STATES = ['abha_end', 'confirm_mobile_otp', 'abha_select', 'abha_create'] as const;

/**
 * `VerifyResponse` (aadhaar/verify), `VerifyResponseType2` (aadhaar/mobile/verify) and
 * `CreateResponse` (aadhaar/create-phr). The ABDM tokens they also carry are not read.
 */
export const abhaStepSchema = z.object({
  skip_state: z.enum(SKIP_STATES),
  txn_id: z.string().max(200).nullish(),
  hint: text,
  profile: abhaProfileSchema.nullish(),
  // `kyc_verified` is documented as a string here (a boolean in the profile).
  abha_profiles: z
    .array(z.object({ abha_address: text, name: text, kyc_verified: z.union([z.string(), z.boolean()]).nullish() }))
    .nullish()
    .transform((list) => list?.slice(0, MAX_ADDRESSES)),
  eka: z.object({ oid: text }).nullish(),
});
export type AbhaStepAnswer = z.infer<typeof abhaStepSchema>;

/** `ModelsSuggestHealthIdResponse`. */
export const abhaSuggestionsSchema = z.object({ suggestions: z.array(z.string()).nullish() });

/** `ModelsDoesHealthIdExistResponse`. */
export const abhaAddressExistsSchema = z.object({ exists: z.boolean() });

export const registrationErrorSchema = z.object({
  code: z.number().int(),
  error: z.string(),
  source_error: z.object({ code: z.string(), message: z.string() }).optional(),
});
