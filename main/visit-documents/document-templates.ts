/**
 * The templates another document may be made of, as the service lists them, the doctor's
 * favourites first, then the clinic's own, then the service's. The last full list is kept in the
 * data folder (the service's own list, no patient data), so that offline, after a restart too,
 * a document can still be asked for and waits to be sent; never fetched at all, the service's
 * usual templates are offered, and the page says why.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BUILT_IN_NOTE_TEMPLATES } from '../../contract/setting-choices';
import type { DocumentTemplates } from '../../contract/visit-documents';
import { isServiceError } from '../api/service-error';
import { writeFileAtomic } from '../storage/atomic-file';

type Listed = Array<{ id: string; title: string; builtIn: boolean; favorite: boolean }>;

const keptSchema = z.object({ version: z.literal(1), templates: z.array(z.object({ id: z.string().max(200), title: z.string().max(500), favorite: z.boolean() })).max(1_000) });

/** Favourites, then the clinic's own, then the service's; by title within each. */
export function orderedTemplates(listed: Listed): DocumentTemplates['templates'] {
  const rank = (template: Listed[number]) => (template.favorite ? 0 : template.builtIn ? 2 : 1);
  return [...listed]
    .sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title))
    .map((template) => ({ id: template.id, title: template.title || template.id, favorite: template.favorite }));
}

export class DocumentTemplateList {
  private kept: DocumentTemplates['templates'] | null = null;

  /** `file`: where the last list is kept; null keeps it for this run only. */
  constructor(
    private readonly list: () => Promise<Listed>,
    private readonly file: string | null,
  ) {
    if (!file) return;
    try {
      this.kept = keptSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).templates;
    } catch {
      // None kept yet: the service is asked.
    }
  }

  async current(): Promise<DocumentTemplates> {
    try {
      const templates = orderedTemplates(await this.list());
      this.keep(templates);
      return { templates, problem: null };
    } catch (error) {
      const why = isServiceError(error) ? error.message : 'Something went wrong in the app.';
      if (this.kept) return { templates: this.kept, problem: `The list of templates could not be fetched from the service, so the ones it offered last are shown. ${why}` };
      const usual = BUILT_IN_NOTE_TEMPLATES.map((template) => ({ id: template.id, title: template.title, favorite: false }));
      return { templates: usual, problem: `The list of templates could not be fetched from the service, so its usual ones are shown. ${why}` };
    }
  }

  /** A template's title as the service last listed it; null when it never did. */
  titleOf(id: string): string | null {
    return (this.kept ?? BUILT_IN_NOTE_TEMPLATES).find((template) => template.id === id)?.title ?? null;
  }

  private keep(templates: DocumentTemplates['templates']): void {
    this.kept = templates;
    if (!this.file) return;
    try {
      writeFileAtomic(this.file, JSON.stringify({ version: 1, templates }));
    } catch {
      // Kept for this run; the next full list tries the disk again.
    }
  }
}
