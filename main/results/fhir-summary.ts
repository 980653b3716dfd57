/**
 * What a doctor can read of a FHIR R4 resource (usually a Bundle of type `document`): the
 * resources it holds by type, the Composition's title and sections (their narrative as
 * plain text), and one line per medication request, condition, observation and the like.
 * Lenient: a field of the wrong type is skipped, an entry that is not a resource is counted
 * as unreadable; only a value that is no FHIR resource at all is refused. Lists and texts are
 * bounded. Pure; expects JSON already limited in depth (json-limits.ts).
 */
import { z } from 'zod';
import type { FhirSummary } from '../../contract/transcription';
import { cutText } from '../../contract/text';

const MAX_TEXT_CHARS = 2_000;
const MAX_LINES = 200;
const MAX_SECTIONS = 200;
const MAX_TYPES = 50;
const MAX_SECTION_LEVELS = 6;
const TYPE_CHARS = 100;

export type FhirReading = { ok: true; summary: FhirSummary } | { ok: false; problem: string };

// The schemas are built at the first reading of a FHIR resource (`z.lazy`), not as main's code loads before the window's first answer.

/** An optional text: anything but a string is ignored. */
const text = z.lazy(() => z.string().optional().catch(undefined));
const codeableConcept = z.lazy(() =>
  z
    .object({
      text,
      coding: z
        .array(z.object({ display: text, code: text }).catch({}))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
);
const narrative = z.lazy(() => z.object({ div: text }).optional().catch(undefined));
const list = z.lazy(() => z.array(z.unknown()).optional().catch(undefined));

const resourceSchema = z.lazy(() => z.object({ resourceType: z.string().min(1) }));
const compositionSchema = z.lazy(() => z.object({ title: text, type: codeableConcept, section: list }));
const sectionSchema = z.lazy(() => z.object({ title: text, code: codeableConcept, text: narrative, section: list }));
const quantity = z.lazy(() => z.object({ value: z.number().optional().catch(undefined), unit: text }).optional().catch(undefined));
const clinicalSchema = z.lazy(() =>
  z.object({
    text: narrative,
    code: codeableConcept,
    medicationCodeableConcept: codeableConcept,
    medicationReference: z.object({ display: text }).optional().catch(undefined),
    dosageInstruction: z
      .array(z.object({ text }).catch({}))
      .optional()
      .catch(undefined),
    valueQuantity: quantity,
    valueString: text,
    valueCodeableConcept: codeableConcept,
  }),
);

const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
]);

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff) ? String.fromCodePoint(value) : ' ';
}

/** A narrative's XHTML as plain text: tags dropped, blocks as line breaks, entities decoded. Never rendered as HTML. */
export function narrativeText(xhtml: string): string {
  const plain = xhtml
    .slice(0, MAX_TEXT_CHARS * 10)
    .replace(/<\s*br\s*\/?>|<\/\s*(p|div|li|tr|h[1-6]|table|ul|ol)\s*>/gi, '\n')
    // Bounded so that a text of many "<" without ">" costs linear time.
    .replace(/<[^<>]{0,1000}>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return codePoint(parseInt(name.slice(1), 10));
      return ENTITIES.get(name.toLowerCase()) ?? whole;
    })
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
  return cutText(plain, MAX_TEXT_CHARS);
}

function readable(value: string | undefined): string | null {
  if (value === undefined) return null;
  const line = value.slice(0, MAX_TEXT_CHARS * 2).replace(/\s+/g, ' ').trim();
  return line === '' ? null : cutText(line, MAX_TEXT_CHARS);
}

function conceptText(concept: z.infer<typeof codeableConcept>): string | null {
  if (!concept) return null;
  return readable(concept.text) ?? readable(concept.coding?.map((coding) => coding.display ?? coding.code ?? '').find((value) => value.trim() !== ''));
}

class SummaryBuilder {
  private readonly counts = new Map<string, number>();
  private readonly summary: FhirSummary;

  constructor(resourceType: string, bundleType: string | null) {
    this.summary = { resourceType, bundleType, resourceCounts: [], title: null, sections: [], lines: [], unreadableEntries: 0, shortened: false };
  }

  unreadable(): void {
    this.summary.unreadableEntries += 1;
  }

  resource(value: Record<string, unknown>, type: string): void {
    this.count(type);
    if (type === 'Composition') this.composition(value);
    else this.line(type, value);
  }

  build(): FhirSummary {
    this.summary.resourceCounts = [...this.counts].map(([type, count]) => ({ type, count }));
    return this.summary;
  }

  private count(type: string): void {
    if (!this.counts.has(type) && this.counts.size >= MAX_TYPES) {
      this.summary.shortened = true;
      type = 'other';
    }
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
  }

  private composition(value: Record<string, unknown>): void {
    const composition = compositionSchema.safeParse(value);
    if (!composition.success) return;
    this.summary.title ??= readable(composition.data.title) ?? conceptText(composition.data.type);
    this.sections(composition.data.section ?? [], 0);
  }

  private sections(items: unknown[], level: number): void {
    for (const item of items) {
      if (this.summary.sections.length >= MAX_SECTIONS || level >= MAX_SECTION_LEVELS) {
        this.summary.shortened = true;
        return;
      }
      const section = sectionSchema.safeParse(item);
      if (!section.success) continue;
      const { title, code, text: body, section: inner } = section.data;
      const narrativeBody = body?.div === undefined ? null : narrativeText(body.div) || null;
      this.summary.sections.push({ level, title: readable(title) ?? conceptText(code), text: narrativeBody });
      if (inner) this.sections(inner, level + 1);
    }
  }

  private line(type: string, value: Record<string, unknown>): void {
    const parsed = clinicalSchema.safeParse(value);
    if (!parsed.success) return;
    const text = lineText(parsed.data);
    if (text === null) return;
    if (this.summary.lines.length >= MAX_LINES) {
      this.summary.shortened = true;
      return;
    }
    this.summary.lines.push({ resourceType: type, text });
  }
}

function lineText(resource: z.infer<typeof clinicalSchema>): string | null {
  const medication = conceptText(resource.medicationCodeableConcept) ?? readable(resource.medicationReference?.display);
  if (medication !== null) {
    const dosage = (resource.dosageInstruction ?? [])
      .map((dosage) => readable(dosage.text))
      .filter((line): line is string => line !== null)
      .join('; ');
    return cutText(dosage ? `${medication}: ${dosage}` : medication, MAX_TEXT_CHARS);
  }
  const code = conceptText(resource.code);
  if (code !== null) {
    const quantity = resource.valueQuantity?.value === undefined ? null : `${resource.valueQuantity.value}${resource.valueQuantity.unit ? ` ${resource.valueQuantity.unit}` : ''}`;
    const value = quantity ?? readable(resource.valueString) ?? conceptText(resource.valueCodeableConcept);
    return cutText(value ? `${code}: ${value}` : code, MAX_TEXT_CHARS);
  }
  const div = resource.text?.div;
  return div === undefined ? null : narrativeText(div) || null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resourceTypeOf(value: unknown): string | null {
  const parsed = resourceSchema.safeParse(value);
  return parsed.success ? cutText(parsed.data.resourceType.trim(), TYPE_CHARS) || null : null;
}

/** Reads a FHIR resource (a Bundle or a single resource) into a summary, or says why it is none. */
export function summarizeFhir(json: unknown): FhirReading {
  if (!isObject(json)) return { ok: false, problem: 'it is not a FHIR resource (not a JSON object)' };
  const type = resourceTypeOf(json);
  if (type === null) return { ok: false, problem: 'it is not a FHIR resource (no resourceType)' };
  if (type !== 'Bundle') {
    const builder = new SummaryBuilder(type, null);
    builder.resource(json, type);
    return { ok: true, summary: builder.build() };
  }
  const bundleType = typeof json.type === 'string' ? readable(json.type) : null;
  const entries = json.entry === undefined || json.entry === null ? [] : json.entry;
  if (!Array.isArray(entries)) return { ok: false, problem: 'its list of entries is not a list' };
  const builder = new SummaryBuilder(type, bundleType ? cutText(bundleType, TYPE_CHARS) : null);
  for (const entry of entries) {
    const resource: unknown = isObject(entry) ? entry.resource : undefined;
    const resourceType = resourceTypeOf(resource);
    if (resourceType === null || !isObject(resource)) builder.unreadable();
    else builder.resource(resource, resourceType);
  }
  return { ok: true, summary: builder.build() };
}
