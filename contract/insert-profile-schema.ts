/** Program profiles as main checks them (Settings, the policy). Apart from insert-profiles.ts so that the page's bundle carries no validation library. */
import { z } from 'zod';
import { INSERT_FORMATS, LINE_BREAKS, MAX_INSERT_PROFILES, PROGRAM_MATCHES, sameProgram, type InsertProfile } from './insert-profiles';

const FORMAT_MESSAGE = `Choose how the note goes in: ${INSERT_FORMATS.join(', ')}.`;

export const insertProfileSchema = z
  .object({
    /** The program's name as `match` reads it, compared without regard to case (for example chromium, chrome.exe, com.google.Chrome). */
    program: z
      .string({ error: 'Name the program.' })
      .trim()
      .min(1, 'Name the program.')
      .max(120, 'A program name is at most 120 characters.')
      .regex(/^[\x21-\x7E][\x20-\x7E]*$/, 'A program name has plain letters, digits and punctuation.'),
    match: z.enum(PROGRAM_MATCHES, { error: `Say how the program is recognised: ${PROGRAM_MATCHES.join(', ')}.` }),
    format: z.enum(INSERT_FORMATS, { error: FORMAT_MESSAGE }),
    /** Pressed while the note is still being processed: insert it when it is ready (into the same window, if still in front and unchanged). */
    insertWhenReady: z.boolean({ error: 'insertWhenReady is true or false.' }).optional(),
    /** Enter when not given. */
    lineBreak: z.enum(LINE_BREAKS, { error: `Choose how a typed line break goes in: ${LINE_BREAKS.join(', ')}.` }).optional(),
  })
  .strict() satisfies z.ZodType<InsertProfile>;

export const insertProfilesSchema = z
  .array(insertProfileSchema, { error: 'Give the programs as a list.' })
  .max(MAX_INSERT_PROFILES, `At most ${MAX_INSERT_PROFILES} programs.`)
  .superRefine((profiles, ctx) => {
    profiles.forEach((profile, index) => {
      if (profiles.findIndex((other) => sameProgram(other, profile)) !== index) {
        ctx.addIssue({ code: 'custom', path: [index, 'program'], message: `"${profile.program}" is listed twice.` });
      }
    });
  });
