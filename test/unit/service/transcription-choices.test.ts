/** The transcription choices, from the sandbox's sessions API over loopback, and the usual ones (with why) when it cannot be asked. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import type { DiscoveryDocument } from '../../../main/api/session-schemas';
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { OfferedChoices } from '../../../main/service/offered-choices';
import { languageName } from '../../../contract/language-name';
import { transcriptionChoices, type ChoicesSource } from '../../../main/service/transcription-choices';
import { tempFolder } from '../../support/temp-folder';
import { staticToken } from '../../../main/api/token-source';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';
import { systemClock } from '../../../main/core/clock';

/** The sandbox's clock stands still: a latency it is given never passes, so a bounded wait ends by its bound alone. */
const env = useSandbox({}, { clockPerTest: () => new FakeClock() });

const USUAL = {
  languages: [
    { code: 'en', name: 'English' },
    { code: 'hi', name: 'Hindi' },
  ],
  autoDetection: true,
  models: [
    { id: 'pro', name: 'Pro' },
    { id: 'lite', name: 'Lite' },
  ],
  templates: [
    { id: 'eka_emr_template', title: 'Prescription (EMR)', custom: false },
    { id: 'clinical_notes_template', title: 'Clinical notes', custom: false },
  ],
};

function source(discovery: () => Promise<Partial<DiscoveryDocument>>, templates: ChoicesSource['listTemplates']): ChoicesSource {
  return { discovery: { get: async () => ({ models: [], ...(await discovery()) }) as DiscoveryDocument }, listTemplates: templates };
}

describe('transcription choices', () => {
  it("are the service's languages (with their names), models and templates, the clinic's own marked", async () => {
    const choices = await transcriptionChoices(env.client(), 'offered', systemClock);
    expect(choices.sessions).toBe('offered');
    expect(choices.problem).toBeNull();
    expect(choices.autoDetection).toBe(true);
    expect(choices.languages.slice(0, 3)).toEqual([
      { code: 'en', name: 'English' },
      { code: 'hi', name: 'Hindi' },
      { code: 'kn', name: 'Kannada' },
    ]);
    expect(choices.languages).toHaveLength(10);
    expect(choices.models).toEqual(USUAL.models);
    expect(choices.templates).toContainEqual({ id: 'eka_emr_template', title: 'EMR prescription', custom: false });
    expect(choices.templates).toContainEqual({ id: 'sandbox_clinic_referral', title: 'Referral letter (clinic template, sandbox)', custom: true });
  });

  it('are the usual ones when the service cannot be reached, saying so in plain words, never a failure', async () => {
    const choices = await transcriptionChoices(env.client({ baseUrl: 'http://127.0.0.1:9' }), 'unknown', systemClock);
    expect(choices).toEqual({
      sessions: 'unknown',
      ...USUAL,
      problem: 'The lists of languages, models and note templates could not be fetched from the service, so the usual ones are shown. The service cannot be reached; check the network connection.',
    });
  });

  it('offline, are the ones the service offered last, kept across a restart, saying so', async () => {
    const file = join(tempFolder(), 'offered-choices.json');
    const offered = new OfferedChoices(file);
    const service = 'custom http://clinic';
    offered.remember(service, await transcriptionChoices(env.client(), 'offered', systemClock));
    const afterRestart = new OfferedChoices(file);
    const offline = await transcriptionChoices(env.client({ baseUrl: 'http://127.0.0.1:9' }), 'unknown', systemClock, { last: afterRestart.recall(service) });
    expect(offline.languages).toHaveLength(10);
    expect(offline.templates).toContainEqual({ id: 'sandbox_clinic_referral', title: 'Referral letter (clinic template, sandbox)', custom: true });
    expect(offline.problem).toMatch(/could not be fetched from the service, so the ones it offered last are shown\. The service cannot be reached/);
    // An answer with a problem is never kept in place of a whole one; another service has its own.
    afterRestart.remember(service, offline);
    expect(new OfferedChoices(file).recall(service)?.problem).toBeNull();
    expect(afterRestart.recall('sandbox ')).toBeNull();
  });

  it('are written again only when the service offers something else (the page asks for them at every start)', async () => {
    const file = join(tempFolder(), 'offered-choices.json');
    const service = 'custom http://clinic';
    const answer = await transcriptionChoices(env.client(), 'offered', systemClock);
    new OfferedChoices(file).remember(service, answer);
    const written = statSync(file).mtimeMs;
    utimesSync(file, 1, 1);
    const afterRestart = new OfferedChoices(file);
    afterRestart.remember(service, structuredClone(answer));
    expect(statSync(file).mtimeMs).toBe(1000);
    afterRestart.remember(service, { ...answer, models: answer.models.slice(1) });
    expect(statSync(file).mtimeMs).toBeGreaterThanOrEqual(written);
    expect(new OfferedChoices(file).recall(service)?.models).toEqual(answer.models.slice(1));
  });

  it('wait a bounded time for a slow service', async () => {
    env.sandbox.setFaults({ latencyMs: 20_000 });
    // The wait (10 s, longer than the test may take) and the service's latency on one clock, moved by the test: no real time, no margin.
    const asked = transcriptionChoices(env.client(), 'unknown', env.clock, { waitMs: 10_000 });
    await expect.poll(() => env.clock.pending).toBe(4);
    await env.clock.advance(10_000);
    const choices = await asked;
    expect(choices.problem).toMatch(/so the usual ones are shown\. The service did not answer in time\.$/);
    expect(choices.templates).toEqual(USUAL.templates);
    // The service answers at last (its requests are held until its clock moves), so the client can close.
    await env.clock.advance(10_000);
  });

  it('keep what the service did answer: its languages without sign-in, the usual templates when the list is refused', async () => {
    const choices = await transcriptionChoices(env.client({ auth: staticToken('not-a-valid-token') }), 'unknown', systemClock);
    expect(choices.languages).toHaveLength(10);
    expect(choices.templates).toEqual(USUAL.templates);
    expect(choices.problem).toMatch(/^The list of note templates could not be fetched from the service, so the usual ones are shown\. The service did not accept the access token/);
  });

  it('take only what a setting can hold: two-letter codes (en from en-IN), the Pro and Lite models, usable template ids', async () => {
    const choices = await transcriptionChoices(
      source(
        async () => ({
          languages: { supported: ['en-IN', 'EN', 'hi', 'auto', 'zz-top'], auto_detection: false },
          models: [
            { id: 'ultra', display_name: 'Ultra', languages: [] },
            { id: 'lite', display_name: '<b>Lite</b> (fast)', languages: [] },
          ],
        }),
        async () => [
          { id: 'clinical_notes_template', title: 'Clinical notes', builtIn: true },
          { id: 'has space', title: 'Unusable', builtIn: false },
          { id: 'ortho_v2', title: '', builtIn: false },
        ],
      ),
      'not-offered',
      systemClock,
    );
    expect(choices).toEqual({
      sessions: 'not-offered',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'hi', name: 'Hindi' },
        { code: 'zz', name: 'zz' },
      ],
      autoDetection: false,
      models: [{ id: 'lite', name: 'Lite (fast)' }],
      templates: [
        { id: 'clinical_notes_template', title: 'Clinical notes', custom: false },
        { id: 'ortho_v2', title: 'ortho_v2', custom: true },
      ],
      problem: null,
    });
  });

  it('say when the service publishes no such list, and never throw, whatever fails', async () => {
    const notFound = await transcriptionChoices(
      source(
        () => Promise.reject(new ServiceError('malformed_response', 'The service sent an answer the app does not understand (unexpected HTTP status 404).', { status: 404 })),
        async () => [],
      ),
      'unknown',
      systemClock,
    );
    expect(notFound).toMatchObject({ ...USUAL, problem: 'The lists of languages and models could not be fetched from the service, so the usual ones are shown. This service does not publish it.' });

    const broken = await transcriptionChoices(
      source(
        () => Promise.reject(new TypeError('x is undefined')),
        () => Promise.reject(new TypeError('y is undefined')),
      ),
      'unknown',
      systemClock,
    );
    expect(broken.problem).toBe('The lists of languages, models and note templates could not be fetched from the service, so the usual ones are shown. Something went wrong in the app.');
  });

  it('name languages in English, and a code it does not know by the code', () => {
    expect(languageName('ta')).toBe('Tamil');
    expect(languageName('qq')).toBe('qq');
  });
});
