/**
 * A session's answer as the page shows it, made when a result is read (stored-result.ts):
 * the transcript, and one part per template asked for. The EMR template's data is the
 * prescription (the medications table), clinical notes are text, FHIR is summarised, and a
 * template whose data has a shape nobody published (a clinic's own) is written out as
 * readable sections, never dropped. A template the service did not fill says so, with the
 * service's reason where it gave one. Pure.
 */
import type { DecodedOutput, OutputContent, TranscriptionContext, TranscriptionResult } from '../../contract/transcription';
import { EMR_TEMPLATE_ID } from '../../contract/note-correction';
import type { SessionResult, SessionTemplateResult } from '../api/service-client';
import { cutText } from '../api/service-text';
import { nestsDeeperThan, parseJsonText } from './json-limits';
import { MAX_TEXT_CHARS, jsonContent, textContent } from './output-content';

/**
 * A template's result as kept (stored-result.ts): `dataProblem` says why its data is not
 * there: nested too deeply to keep, or damaged in the saved file.
 */
export interface KeptTemplateResult extends SessionTemplateResult {
  dataProblem?: 'nested-too-deeply' | 'damaged';
}

/** A session's answer as kept: as the api read it, its templates perhaps with a `dataProblem`. */
export type KeptSessionAnswer = Exclude<SessionResult, { state: 'completed' | 'partial' }> | (Extract<SessionResult, { state: 'completed' | 'partial' }> & { templates: KeptTemplateResult[] });

const DATA_PROBLEMS: Record<NonNullable<KeptTemplateResult['dataProblem']>, OutputContent> = {
  'nested-too-deeply': { kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' },
  damaged: { kind: 'invalid', problem: 'This part of the saved result could not be read.' },
};

const NO_CONTEXT: TranscriptionContext = { mode: null, doctorId: null, visitId: null, raw: {} };

/** Names of the templates every service has; a clinic's own are named by the templates list. */
const BUILT_IN_TITLES: ReadonlyMap<string, string> = new Map([
  [EMR_TEMPLATE_ID, 'Prescription'],
  ['clinical_notes_template', 'Clinical notes'],
  ['transcript_template', 'Transcript'],
]);

/** The session API's words for a template's state, in the words the result view knows. */
const STATUS_WORDS: ReadonlyMap<string, string> = new Map([
  ['success', 'success'],
  ['completed', 'success'],
  ['partial', 'partial_success'],
  ['partial_success', 'partial_success'],
  ['failed', 'failure'],
  ['failure', 'failure'],
  ['error', 'failure'],
]);

export function isBuiltInTemplate(templateId: string): boolean {
  return BUILT_IN_TITLES.has(templateId);
}

export function templateTitle(templateId: string, titles: ReadonlyMap<string, string> = new Map()): string {
  const known = BUILT_IN_TITLES.get(templateId) ?? titles.get(templateId);
  if (known) return known;
  const words = templateId.replace(/_template$/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Template';
}

/** `document_name` → `Document name`; `visitDate` → `Visit date`. */
function label(key: string): string {
  const words = key.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** Any JSON value as indented lines a person can read: names as labels, lists as dashes. Iterative, bounded. */
export function readableSections(value: unknown): string {
  const lines: string[] = [];
  let chars = 0;
  const stack: Array<{ value: unknown; depth: number; name: string | null; bullet: boolean }> = [{ value, depth: 0, name: null, bullet: false }];
  while (stack.length > 0 && chars < MAX_TEXT_CHARS) {
    const { value: current, depth, name, bullet } = stack.pop()!;
    const indent = '  '.repeat(depth) + (bullet ? '- ' : '');
    const head = name === null ? '' : `${label(name)}:`;
    let line: string | null;
    const children: Array<{ value: unknown; depth: number; name: string | null; bullet: boolean }> = [];
    if (current === null || typeof current !== 'object') {
      const text = current === null || current === undefined ? '—' : String(current);
      line = `${indent}${head ? `${head} ` : ''}${text}`;
    } else if (Array.isArray(current)) {
      line = head ? `${indent}${head}` : null;
      current.forEach((item) => children.push({ value: item, depth: depth + (head || bullet ? 1 : 0), name: null, bullet: true }));
    } else if (bullet && !head) {
      // A list item that is an object: its first field carries the dash, the others line up after it.
      line = null;
      Object.entries(current).forEach(([key, item], index) => children.push({ value: item, depth: index === 0 ? depth : depth + 1, name: key, bullet: index === 0 }));
    } else {
      line = head ? `${indent}${head}` : null;
      Object.entries(current).forEach(([key, item]) => children.push({ value: item, depth: depth + (head ? 1 : 0), name: key, bullet: false }));
    }
    if (line !== null && line.trim() !== '' && line.trim() !== '-') {
      lines.push(line);
      chars += line.length + 1;
    }
    for (const child of children.reverse()) stack.push(child);
  }
  return cutText(lines.join('\n'), MAX_TEXT_CHARS);
}

/** A template's data as the page shows it. */
export function templateContent(templateId: string, data: unknown): OutputContent {
  if (data === null || data === undefined || data === '') return { kind: 'empty' };
  let value: unknown = data;
  if (typeof data === 'string') {
    if (templateId !== EMR_TEMPLATE_ID) return textContent(data);
    const parsed = parseJsonText(data);
    if (!parsed.ok) return parsed.problem === 'nested too deeply' ? { kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' } : { kind: 'invalid', problem: 'The prescription is not valid JSON.' };
    value = parsed.value;
  }
  if (typeof value !== 'object' || value === null) return textContent(String(value));
  if (nestsDeeperThan(value)) return { kind: 'invalid', problem: 'The output could not be read: it is nested too deeply.' };
  const isFhir = !Array.isArray(value) && typeof (value as { resourceType?: unknown }).resourceType === 'string';
  if (templateId === EMR_TEMPLATE_ID || isFhir) return jsonContent(value, { templateId, type: templateId === EMR_TEMPLATE_ID ? 'eka_emr' : 'fhir' });
  return textContent(readableSections(value));
}

function output(template: KeptTemplateResult, titles: ReadonlyMap<string, string>): DecodedOutput {
  const status = STATUS_WORDS.get(template.status.toLowerCase()) ?? template.status;
  return {
    templateId: cutText(template.templateId, 200),
    name: templateTitle(template.templateId, titles),
    type: template.templateId === EMR_TEMPLATE_ID ? 'eka_emr' : 'session',
    status,
    errors: template.errors.length === 0 && status === 'failure' ? ['The service could not fill this template.'] : template.errors,
    warnings: template.warnings,
    content: template.dataProblem ? DATA_PROBLEMS[template.dataProblem] : templateContent(template.templateId, template.data),
  };
}

/** A problem the service named a template in (`template_id: message`) goes with that template. */
function attachProblems(outputs: DecodedOutput[], problems: string[]): void {
  for (const problem of problems) {
    const owner = outputs.find((candidate) => problem.startsWith(`${candidate.templateId}: `));
    if (owner) {
      const text = problem.slice(owner.templateId.length + 2);
      if (!owner.errors.includes(text)) owner.errors = [...owner.errors.filter((error) => error !== 'The service could not fill this template.'), text];
    } else if (outputs[0]) outputs[0].warnings = [...outputs[0].warnings, problem];
  }
}

/** A transcript longer than a text output may be is not shown (as results stored by earlier versions read back). */
function shownTranscript(transcript: string | null): string | null {
  return transcript !== null && transcript.length > MAX_TEXT_CHARS ? null : transcript;
}

/**
 * The session's answer as a result: final (completed, partial, failed) or, while it is
 * processed, a preview holding the transcript so far. `asked`: the templates the session
 * asked for, each of which gets a part (one the service did not fill says so).
 */
export function sessionTranscription(result: KeptSessionAnswer, asked: readonly string[], titles: ReadonlyMap<string, string> = new Map()): TranscriptionResult {
  switch (result.state) {
    case 'processing':
      return { state: 'in_progress', outputs: [], context: NO_CONTEXT, transcript: shownTranscript(result.transcript) };
    case 'expired':
      return { state: 'failed', code: 'session_expired', message: 'The session expired before the service processed it. Retry sends the recording again in a new session.' };
    case 'failed':
      return {
        state: 'failed',
        code: result.status || 'failed',
        message: `The service could not process this dictation${result.problems[0] ? `: ${result.problems[0].replace(/\.$/, '')}` : ''}. Retry sends it again in a new session.`,
      };
    default: {
      const outputs = result.templates.map((template) => output(template, titles));
      for (const templateId of asked) {
        if (outputs.some((candidate) => candidate.templateId === templateId)) continue;
        outputs.push({ templateId, name: templateTitle(templateId, titles), type: '', status: 'failure', errors: ['The service gave no result for this template.'], warnings: [], content: { kind: 'empty' } });
      }
      attachProblems(outputs, result.problems);
      const failed = outputs.some((candidate) => candidate.status === 'failure');
      return { state: result.state === 'partial' || failed ? 'partial' : 'completed', outputs, context: NO_CONTEXT, transcript: shownTranscript(result.transcript) };
    }
  }
}
