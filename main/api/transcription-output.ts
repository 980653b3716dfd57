/** Turns the service's output items into what the app shows: base64 decoded, EMR parsed. Pure. */
import { emrDocumentSchema } from '../../contract/prescription';
import type { DecodedOutput, OutputContent, TranscriptionContext } from '../../contract/transcription';
import type { AdditionalData, OutputItem } from './response-schemas';

const EMR_TEMPLATE_ID = 'eka_emr_template';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function describeZodPath(path: PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
}

export function decodeValue(item: Pick<OutputItem, 'template_id' | 'type' | 'value'>): OutputContent {
  const compact = item.value.replace(/\s+/g, '');
  if (compact === '') return { kind: 'empty' };
  if (!BASE64.test(compact)) return { kind: 'invalid', problem: 'The output is not valid base64.' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
  } catch {
    return { kind: 'invalid', problem: 'The output is not valid UTF-8 text.' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (item.template_id === EMR_TEMPLATE_ID) return { kind: 'invalid', problem: 'The prescription is not valid JSON.' };
    return { kind: 'text', text };
  }
  if (item.template_id === EMR_TEMPLATE_ID || item.type === 'eka_emr') {
    const parsed = emrDocumentSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { kind: 'invalid', problem: `The prescription has an unexpected shape (${issue ? `${describeZodPath(issue.path)}: ${issue.message}` : 'unknown'}).` };
    }
    return { kind: 'prescription', prescription: parsed.data.prescription };
  }
  if (typeof json === 'object' && json !== null && typeof (json as { resourceType?: unknown }).resourceType === 'string') {
    return { kind: 'fhir', json };
  }
  return { kind: 'json', json };
}

export function decodeOutputItem(item: OutputItem): DecodedOutput {
  return {
    templateId: item.template_id,
    name: item.name,
    type: item.type,
    status: item.status,
    errors: item.errors,
    warnings: item.warnings,
    content: decodeValue(item),
  };
}

export function decodeContext(data: AdditionalData): TranscriptionContext {
  return {
    mode: data.mode ?? null,
    doctorId: data.doctor?._id ?? null,
    visitId: data.visitid ?? null,
    raw: data,
  };
}
