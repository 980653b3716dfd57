/**
 * Links as a kind of outbox item (outbox-kind.ts): a link that waits is sent when the service
 * can be reached (the patient's id at the service found or made first), then looked up in the
 * exchange's linked list until it is LINKED or ERRORED there, since a desktop cannot receive the
 * webhook that says so. Its care context id is fixed when it is made, so a link sent again after
 * a crash, a lost answer or "Link again" is never linked twice ("already linked" is success).
 * Nothing of a consultation that is halted is sent; the clinic's policy is asked again before
 * every send.
 */
import type { LinkedCareContext, LinkPatient } from '../api/care-contexts-api';
import type { CareContext } from '../api/service-client';
import type { Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import type { OutboxKind } from '../outbox/outbox-kind';
import type { PollSchedule } from '../outbox/result-poller';
import type { LinkManifest, LinkStore } from './link-store';
import { LINK_KIND } from './link-kind-name';

/** What the linked list says of a link: in the health record, or refused with the exchange's reason. */
export type LinkOutcome = { linked: true; at: string | null } | { linked: false; reason: string };

/** The exchange links a record in a second or two; it is asked then, then less and less often. */
const FIRST_LOOKUP_MS = 2_000;
export const LINK_POLL_SCHEDULE: PollSchedule = { baseMs: 2_000, capMs: 30_000, patienceMs: 30 * 60_000, slowMs: 10 * 60_000, notFoundRetries: 0 };

export interface LinkDeps {
  store: LinkStore;
  client: {
    linkCareContexts(input: { patient: LinkPatient; abhaAddress: string; careContexts: CareContext[]; signal?: AbortSignal }): Promise<'accepted' | 'already-linked'>;
    linkedCareContexts(input: { patient: LinkPatient; signal?: AbortSignal }): Promise<LinkedCareContext[]>;
  };
  /** The patient's id at the service, found or made. */
  servicePatientId(patientId: string, signal: AbortSignal): Promise<string>;
  /** The clinic's HIP id while linking is on; why it is off otherwise. */
  hipId(): { hipId: string } | { off: string };
  /** True while the item may not be sent (a consultation whose withdrawal was pressed). */
  itemHeld(link: LinkManifest): boolean;
  clock: Clock;
  /** The link reached its end: in the health record, or refused. */
  onFinished?(link: LinkManifest): void;
  pollSchedule?: PollSchedule;
}

const REFUSED_BY_EXCHANGE = 'The health exchange did not link it';

/** Links as the host registers them; sent whether or not dictations are sent automatically, and not while their keys are locked. */
export function linkKind(deps: LinkDeps): OutboxKind<LinkManifest, LinkOutcome> {
  const { store, client } = deps;
  const now = () => new Date(deps.clock.now()).toISOString();
  const whose = async (link: LinkManifest, signal: AbortSignal): Promise<LinkPatient> => {
    const linking = deps.hipId();
    if ('off' in linking) refuse('refused', linking.off);
    if (link.patientId === null) refuse('not-found', 'The patient of this record is no longer on this computer.');
    return { servicePatientId: await deps.servicePatientId(link.patientId, signal), partnerPatientId: link.patientId, hipId: linking.hipId };
  };
  return {
    name: LINK_KIND,
    store,
    words: {
      uploadFailed: 'The visit could not be linked to the health record',
      lookupFailed: 'Whether the visit is in the health record could not be read',
      lost: 'The health exchange no longer knows this link. Link again to send it again.',
      notStored: 'The link’s state could not be saved on this computer.',
      gone: 'This link is no longer on this computer.',
      cannotRetry: 'Only a link the exchange refused can be sent again.',
    },
    waitsForUpload: (link) => link.state === 'waiting' && !deps.itemHeld(link),
    waitsForResult: (link) => link.state === 'accepted' && !deps.itemHeld(link),
    firstLookupDelayMs: () => FIRST_LOOKUP_MS,
    upload: async (link, { signal }) => {
      const bundle = store.readBundle(link.id);
      store.update(link.id, { state: 'sending', problem: null });
      const patient = await whose(link, signal);
      await client.linkCareContexts({ patient, abhaAddress: link.abhaAddress, careContexts: [{ careContextId: link.careContextId, display: link.display, hiType: link.hiType, bundle }], signal });
      return { state: 'accepted', uploadedAt: now(), problem: null };
    },
    lookUp: async (link, signal) => {
      const listed = (await client.linkedCareContexts({ patient: await whose(link, signal), signal })).find((item) => item.careContextId === link.careContextId);
      const status = listed?.status?.toUpperCase() ?? null;
      if (!listed || status === null || status === 'PENDING' || status === 'INITIATED') return { state: 'pending' };
      if (status === 'ERRORED') return { state: 'final', result: { linked: false, reason: `${REFUSED_BY_EXCHANGE}${listed.error ? `: ${listed.error.replace(/\.$/, '')}` : ''}.` } };
      return { state: 'final', result: { linked: true, at: listed.createdAt } };
    },
    settle: (_link, outcome) => (outcome.linked ? { state: 'linked', problem: null } : { state: 'refused', problem: outcome.reason }),
    waiting: { state: 'waiting' },
    failed: { state: 'refused' },
    retry: (link) => (link.state === 'refused' ? { state: 'waiting', uploadedAt: null, finishedAt: null } : null),
    // A link sent again goes under the same care context id: never a second copy.
    malformedRetries: { upload: 3, lookup: 5 },
    onFinished: deps.onFinished,
    ignoresAutoSync: true,
    held: () => store.locked,
    concurrency: 1,
    lookupConcurrency: 2,
    pollSchedule: deps.pollSchedule ?? LINK_POLL_SCHEDULE,
  };
}
