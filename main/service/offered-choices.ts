/**
 * The languages, models and note templates each service last offered in full, kept in the data
 * folder (no patient data: the service's own lists), so that offline, and after a restart
 * offline, the doctor is offered what the service offered, not three usual languages.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { TranscriptionChoices } from '../../contract/transcription-choices';
import { writeFileAtomic } from '../storage/atomic-file';

/** Built when the file is first read (`z.lazy`), not as main's code loads before the window's first answer. */
const fileSchema = z.lazy(() => {
  const named = z.object({ id: z.string().max(200), name: z.string().max(200) });
  const choicesSchema = z.object({
    sessions: z.enum(['offered', 'not-offered', 'unknown']),
    languages: z.array(z.object({ code: z.string().max(8), name: z.string().max(100) })).max(500),
    autoDetection: z.boolean(),
    models: z.array(named).max(20),
    templates: z.array(z.object({ id: z.string().max(200), title: z.string().max(300), custom: z.boolean() })).max(500),
    problem: z.null(),
  });
  return z.object({ version: z.literal(1), services: z.record(z.string(), choicesSchema) });
});

export class OfferedChoices {
  /** Read from the file at the first recall or remember. */
  private read: Record<string, TranscriptionChoices> | null = null;

  /** `file`: where they are kept; null keeps them for this session only. */
  constructor(private readonly file: string | null) {}

  private get services(): Record<string, TranscriptionChoices> {
    if (this.read) return this.read;
    this.read = {};
    if (!this.file) return this.read;
    try {
      this.read = fileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).services;
    } catch {
      // None yet, or from a version that kept them otherwise: the service is asked again.
    }
    return this.read;
  }

  /** What `service` (its kind and address) last offered in full; null when it never did. */
  recall(service: string): TranscriptionChoices | null {
    return this.services[service] ?? null;
  }

  /** Keeps a full answer of `service`; one with a problem (a list it could not give), or the same as kept, changes nothing. */
  remember(service: string, choices: TranscriptionChoices): void {
    if (choices.problem !== null || isDeepStrictEqual(this.services[service], choices)) return;
    this.read = { ...this.services, [service]: choices };
    if (!this.file) return;
    try {
      writeFileAtomic(this.file, JSON.stringify({ version: 1, services: this.read }));
    } catch {
      // Kept for this session; the next full answer tries the disk again.
    }
  }
}
