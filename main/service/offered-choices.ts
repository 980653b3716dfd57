/**
 * The languages, models and note templates each service last offered in full, kept in the data
 * folder (no patient data: the service's own lists), so that offline, and after a restart
 * offline, the doctor is offered what the service offered, not three usual languages.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TranscriptionChoices } from '../../contract/transcription-choices';
import { writeFileAtomic } from '../storage/atomic-file';

const named = z.object({ id: z.string().max(200), name: z.string().max(200) });
const choicesSchema = z.object({
  sessions: z.enum(['offered', 'not-offered', 'unknown']),
  languages: z.array(z.object({ code: z.string().max(8), name: z.string().max(100) })).max(500),
  autoDetection: z.boolean(),
  models: z.array(named).max(20),
  templates: z.array(z.object({ id: z.string().max(200), title: z.string().max(300), custom: z.boolean() })).max(500),
  problem: z.null(),
});
const fileSchema = z.object({ version: z.literal(1), services: z.record(z.string(), choicesSchema) });

export class OfferedChoices {
  private services: Record<string, TranscriptionChoices> = {};

  /** `file`: where they are kept; null keeps them for this session only. */
  constructor(private readonly file: string | null) {
    if (!file) return;
    try {
      this.services = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).services;
    } catch {
      // None yet, or from a version that kept them otherwise: the service is asked again.
    }
  }

  /** What `service` (its kind and address) last offered in full; null when it never did. */
  recall(service: string): TranscriptionChoices | null {
    return this.services[service] ?? null;
  }

  /** Keeps a full answer of `service`; one with a problem (a list it could not give) changes nothing. */
  remember(service: string, choices: TranscriptionChoices): void {
    if (choices.problem !== null) return;
    this.services = { ...this.services, [service]: choices };
    if (!this.file) return;
    try {
      writeFileAtomic(this.file, JSON.stringify({ version: 1, services: this.services }));
    } catch {
      // Kept for this session; the next full answer tries the disk again.
    }
  }
}
