/** How the chapters of a result read on screen: titles, statuses, FHIR summaries. Pure. */
import { EMR_TEMPLATE_ID } from '../../../contract/note-correction';
import type { DecodedOutput, FhirSummary } from '../../../contract/transcription';
import { cutText } from '../../../contract/text';

// A Map: the status is the service's, and may be named like an Object.prototype member.
const STATUS_TEXT: ReadonlyMap<string, string> = new Map([
  ['success', 'Complete'],
  ['partial_success', 'Partly complete'],
  ['failure', 'Failed'],
]);

export type StatusTone = 'success' | 'partial' | 'failure' | 'other';

const STATUS_TONE: ReadonlyMap<string, StatusTone> = new Map([
  ['success', 'success'],
  ['partial_success', 'partial'],
  ['failure', 'failure'],
]);

/** A chapter's title: the EMR template is the prescription, whatever the service calls it. */
export function chapterTitle(output: Pick<DecodedOutput, 'templateId' | 'type' | 'name' | 'content'>): string {
  if (output.content.kind === 'prescription' || output.templateId === EMR_TEMPLATE_ID || output.type === 'eka_emr') return 'Prescription';
  return output.name;
}

/** A template's status in words; one the app does not know is shown as the service wrote it. */
export function statusText(status: string): string {
  return STATUS_TEXT.get(status) ?? (cutText(status.replace(/\s+/g, ' ').trim(), 60) || 'Unknown');
}

export function statusTone(status: string): StatusTone {
  return STATUS_TONE.get(status) ?? 'other';
}

/** `MedicationRequest` → `medication request`; names that are not CamelCase stay as they are. */
export function resourceLabel(type: string): string {
  const short = cutText(type.trim(), 100);
  if (!/^[A-Z][A-Za-z]*$/.test(short)) return short || 'resource';
  return short.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
}

function counted(count: number, label: string): string {
  const plural = count === 1 || /s$/.test(label) ? label : `${label}s`;
  return `${count} ${plural}`;
}

/** One line about a FHIR output: what it is and what it holds. */
export function fhirHeadline(summary: Pick<FhirSummary, 'resourceType' | 'bundleType' | 'resourceCounts'>): string {
  const kind = summary.resourceType === 'Bundle' && summary.bundleType ? `FHIR Bundle (${cutText(summary.bundleType, 60)})` : `FHIR ${cutText(summary.resourceType, 100)}`;
  if (summary.resourceType !== 'Bundle') return kind;
  const parts = summary.resourceCounts.map(({ type, count }) => counted(count, resourceLabel(type)));
  return parts.length > 0 ? `${kind} with ${parts.join(', ')}` : `${kind}, empty`;
}

/** What the summary leaves out, or null. */
export function fhirFootnote(summary: Pick<FhirSummary, 'unreadableEntries' | 'shortened'>): string | null {
  const notes: string[] = [];
  if (summary.unreadableEntries > 0) {
    notes.push(`${summary.unreadableEntries === 1 ? '1 entry' : `${summary.unreadableEntries} entries`} could not be read.`);
  }
  if (summary.shortened) notes.push('Some parts were shortened here; "Show JSON" has everything.');
  return notes.length > 0 ? notes.join(' ') : null;
}
