/** Dictations sent by the sessions API in unit tests: the app's DictationSending with the tests' quick polling, against a client of the test's sandbox. */
import { inlinePartCutting } from '../../main/audio/upload-audio';
import type { ServiceClient } from '../../main/api/service-client';
import { DictationSending, type DictationSendingOptions } from '../../main/dictation-sending/dictation-sending';
import type { DictationStore } from '../../main/dictations/dictation-store';
import type { OutboxHost } from '../../main/outbox/outbox-host';
import { SessionsOffer } from '../../main/service/sessions-offer';
import { uploadAudioOf } from './store-fixture';

/** `extra`: what a test wires as dictation-feature.ts does (patient details, the words while speaking…). */
export function sessionsSending(host: OutboxHost, store: DictationStore, client: ServiceClient, extra: Partial<DictationSendingOptions> = {}): DictationSending {
  return new DictationSending(host, {
    store,
    client,
    offer: new SessionsOffer(),
    cutParts: inlinePartCutting,
    prepareAudio: uploadAudioOf(store),
    sessionPollSchedule: { baseMs: 50, capMs: 100, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
    firstLookupDelay: () => 0,
    ...extra,
  });
}
