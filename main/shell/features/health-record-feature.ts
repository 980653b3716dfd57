/**
 * The patient's health record, assembled: the links kept sealed, their outbox kind, and what it
 * hears (the root delivers it, kept while the feature sleeps): the visit's end (the visit of a
 * patient ends when another is chosen, or nobody: "Next patient"), dictations and lab reports as
 * they change (a note reviewed again after a correction, a consultation halted or destroyed) and
 * patients as they go. The page hears the questions and each change of a patient's links.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { AuditWriter } from '../../audit/audit-event';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import type { DictationStore } from '../../dictations/dictation-store';
import type { LabReportStore } from '../../lab-reports/lab-report-store';
import { log } from '../log';
import type { OutboxHost } from '../../outbox/outbox-host';
import type { PatientStore } from '../../patients/patient-store';
import type { ServicePatients } from '../../patients/service-patient';
import type { ServiceFeature } from './service-feature';
import type { SettingsService } from '../../settings/settings-service';
import type { KeysOrProblem } from '../../storage/data-keys';
import type { WindowEvents } from '../windows/app-window';
import { healthRecordHandlers } from '../../health-record/health-record-bridge';
import { linkFinished, linkSent } from '../../health-record/link-audit';
import { linkKind } from '../../health-record/link-kind';
import { LinkStore } from '../../health-record/link-store';
import { VisitLinks } from '../../health-record/visit-links';
import type { LinkedItemKind } from '../../../contract/health-record';

export interface HealthRecordFeatureDeps {
  userData: string;
  clock: Clock;
  keys: KeysOrProblem;
  outboxes: OutboxHost;
  service: Pick<ServiceFeature, 'client'>;
  settings: SettingsService;
  dictations: DictationStore;
  labReports: LabReportStore;
  patients: PatientStore;
  servicePatients: ServicePatients;
  window: Pick<WindowEvents, 'send'>;
  audit: AuditWriter;
  /** The service things are sent to now, in a word, for the trail. */
  serviceWord(): string;
  /** The visit's patient when the app started: what the first visit change it hears ends. */
  visitAtStart: string | null;
}

function practitioner(): { name: string; id: string } {
  try {
    const name = userInfo().username;
    return { name, id: name };
  } catch {
    return { name: 'Doctor', id: 'unknown' };
  }
}

export function createHealthRecordFeature(deps: HealthRecordFeatureDeps) {
  const { outboxes, patients, settings } = deps;
  const store = new LinkStore(join(deps.userData, 'health-record'), deps.keys, deps.clock);
  const loaded = store.load();
  log.info(`health record: ${loaded.loaded} link(s) kept, ${loaded.unreadable} unreadable`);
  const client = deps.service.client;
  let links: VisitLinks | null = null;
  const outbox = outboxes.register(
    linkKind({
      store,
      client,
      servicePatientId: async (patientId, signal) => (await deps.servicePatients.idOf(patientId, { create: true, signal }))!,
      hipId: () => {
        const linking = settings.healthRecordLinking();
        return linking.hipId ? { hipId: linking.hipId } : { off: linking.why ?? 'Linking is off.' };
      },
      itemHeld: (link) => link.itemKind === 'dictation' && (deps.dictations.get(link.itemId)?.haltedAt ?? null) !== null,
      clock: deps.clock,
      onFinished: (link) => {
        links?.finished(link);
        const event = linkFinished(link, deps.serviceWord());
        if (event) deps.audit.record(event);
      },
    }),
  );
  links = new VisitLinks({
    store,
    outbox,
    dictations: deps.dictations,
    labReports: deps.labReports,
    patientOf: (id) => patients.get(id),
    patients,
    linking: () => settings.healthRecordLinking(),
    practitioner,
    clock: deps.clock,
    asked: (questions) => deps.window.send('healthRecordAsked', questions),
  });
  const visitLinks = links;

  // The visit of a patient ends when the visit's patient changes: another one chosen, or nobody.
  let visitOf = deps.visitAtStart;
  const hears = {
    visitChanged: (next: string | null) => {
      const ended = visitOf;
      visitOf = next;
      if (ended !== null && ended !== next && patients.get(ended)) visitLinks.visitEnded(ended);
    },
    patientsKept: (view: { patients: ReadonlyArray<{ id: string }> }) => visitLinks.patientsKept(new Set(view.patients.map((patient) => patient.id))),
    itemChanged: (kind: LinkedItemKind, item: Parameters<VisitLinks['itemChanged']>[1]) => visitLinks.itemChanged(kind, item),
    itemRemoved: (kind: LinkedItemKind, id: string) => visitLinks.itemRemoved(kind, id),
  };
  // The page hears each change of a patient's links; the status bar counts those waiting to be sent.
  outboxes.show({ items: store, uploads: outbox, changed: 'healthRecordChanged', summary: (link) => ({ patientId: link.patientId ?? '' }), removed: 'healthRecordRemoved', pending: (link) => link.state === 'waiting' || link.state === 'sending' });

  return {
    handlers: healthRecordHandlers(visitLinks, log),
    hears,
    /** A patient's links, for their view. */
    visitView: (patientId: string) => visitLinks.visitView(patientId),
    /** A link was sent (the outbox host's onSent): the trail says so. */
    sent: (id: string) => {
      const link = store.get(id);
      if (link) deps.audit.record(linkSent(link, deps.serviceWord()));
    },
    start: () => {},
    stop: async () => {},
  } satisfies Feature;
}
