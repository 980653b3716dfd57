/**
 * What the transcription settings and the recorder offer: the languages, models and note
 * templates of the service in use, or the usual ones, with the reason, when it cannot be
 * asked. Never throws for the service's sake.
 */
import { ServiceError } from '../api/service-error';
import { serviceText } from '../api/service-text';
import type { DiscoveryDocument } from '../api/session-schemas';
import { BUILT_IN_NOTE_TEMPLATES, LANGUAGE_CODE, NOTE_TEMPLATE_ID, TRANSCRIPTION_MODELS, TRANSCRIPTION_MODEL_LABELS } from '../../contract/setting-choices';
import type { SessionsOfferState, TranscriptionChoices } from '../../contract/transcription-choices';
import type { Clock, ClockTimer } from '../core/clock';
import { languageName } from '../../contract/language-name';

/** The part of the service client the choices come from. */
export interface ChoicesSource {
  discovery: { get(signal?: AbortSignal): Promise<DiscoveryDocument> };
  listTemplates(signal?: AbortSignal): Promise<Array<{ id: string; title: string; builtIn: boolean }>>;
}

/** How long the screen waits for the service's lists before it shows the usual ones. */
export const CHOICES_WAIT_MS = 15_000;

const USUAL_LANGUAGES = ['en', 'hi'];

/** `en`, from `EN` or `en-IN` too; null for what is no ISO 639-1 code. */
function languageCode(value: string): string | null {
  const code = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGE_CODE.test(code) ? code : null;
}

function languagesOf(codes: string[]): TranscriptionChoices['languages'] {
  const known = [...new Set(codes.map(languageCode).filter((code) => code !== null))];
  return (known.length > 0 ? known : USUAL_LANGUAGES).map((code) => ({ code, name: languageName(code) }));
}

function modelsOf(document: DiscoveryDocument | null): TranscriptionChoices['models'] {
  const offered = document?.models ?? [];
  // Only the models a session can ask for; the app's order (Pro first), the service's names.
  const usable = TRANSCRIPTION_MODELS.filter((id) => document === null || offered.length === 0 || offered.some((model) => model.id === id));
  return (usable.length > 0 ? usable : TRANSCRIPTION_MODELS).map((id) => {
    const named = serviceText(offered.find((model) => model.id === id)?.display_name ?? '', 60);
    return { id, name: named || TRANSCRIPTION_MODEL_LABELS[id] };
  });
}

function discoveredLanguages(document: DiscoveryDocument): string[] {
  const supported = document.languages?.supported ?? [];
  return supported.length > 0 ? supported : document.models.flatMap((model) => model.languages);
}

function templatesOf(list: Awaited<ReturnType<ChoicesSource['listTemplates']>> | null): TranscriptionChoices['templates'] {
  const usable = new Map((list ?? []).filter((template) => NOTE_TEMPLATE_ID.test(template.id)).map((template) => [template.id, template]));
  if (usable.size === 0) return BUILT_IN_NOTE_TEMPLATES.map((template) => ({ id: template.id, title: template.title, custom: false }));
  return [...usable.values()].map((template) => ({ id: template.id, title: template.title || template.id, custom: !template.builtIn }));
}

/** Why a list could not be fetched, in words for a doctor. */
function whyNot(error: unknown): string {
  if (!(error instanceof ServiceError)) return 'Something went wrong in the app.';
  if (error.kind === 'network') return 'The service cannot be reached; check the network connection.';
  if (error.kind === 'timeout' || error.kind === 'deadline_exceeded' || error.kind === 'cancelled') return 'The service did not answer in time.';
  if (error.kind === 'not_found' || error.status === 404) return 'This service does not publish it.';
  return error.message;
}

function problemOf(discovery: PromiseSettledResult<unknown>, templates: PromiseSettledResult<unknown>, remembered: boolean): string | null {
  const reasons = [discovery, templates].flatMap((outcome) => (outcome.status === 'rejected' ? [whyNot(outcome.reason)] : []));
  if (reasons.length === 0) return null;
  const what =
    reasons.length === 2 ? 'The lists of languages, models and note templates' : discovery.status === 'rejected' ? 'The lists of languages and models' : 'The list of note templates';
  const shown = remembered ? 'the ones it offered last are shown' : 'the usual ones are shown';
  return `${what} could not be fetched from the service, so ${shown}. ${[...new Set(reasons)].join(' ')}`;
}

/** `work`'s answer, or a timeout after `ms` on `clock` (`work` is told to stop through its signal). */
async function within<T>(clock: Clock, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ClockTimer | null = null;
  const late = new Promise<never>((_resolve, reject) => {
    timer = clock.setTimeout(() => {
      controller.abort();
      reject(new ServiceError('timeout', 'The service did not answer in time.'));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), late]);
  } finally {
    clock.clearTimeout(timer);
  }
}

/**
 * The choices the service offers now; a list it cannot give now (offline, timing out) is the
 * one it gave `last` (this service's last answer, kept across restarts), else the usual one.
 */
export async function transcriptionChoices(
  source: ChoicesSource,
  sessions: SessionsOfferState,
  clock: Clock,
  { last = null, waitMs = CHOICES_WAIT_MS }: { last?: TranscriptionChoices | null; waitMs?: number } = {},
): Promise<TranscriptionChoices> {
  // Discovery is shared with whoever else is asking for it: it is waited for, never cancelled from here.
  const [discovery, templates] = await Promise.allSettled([within(clock, waitMs, () => source.discovery.get()), within(clock, waitMs, (signal) => source.listTemplates(signal))]);
  const document = discovery.status === 'fulfilled' ? discovery.value : null;
  const lastLanguages = document === null && last !== null && last.problem === null;
  const lastTemplates = templates.status === 'rejected' && last !== null && last.problem === null;
  return {
    sessions,
    languages: lastLanguages ? last.languages : languagesOf(document ? discoveredLanguages(document) : []),
    autoDetection: lastLanguages ? last.autoDetection : (document?.languages?.auto_detection ?? true),
    models: lastLanguages ? last.models : modelsOf(document),
    templates: lastTemplates ? last.templates : templatesOf(templates.status === 'fulfilled' ? templates.value : null),
    problem: problemOf(discovery, templates, lastLanguages || lastTemplates),
  };
}
