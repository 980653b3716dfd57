/**
 * The app's features, built once the window has been opened (their code is evaluated while
 * the page's process starts), wired to each other and to the page's calls.
 */
import { app, net } from 'electron';
import { join } from 'node:path';
import type { RecorderHost } from './adapters/recorder-host';
import { createAuditFeature, type AuditFeature } from './features/audit-feature';
import { auditedHandlers, type AuditLookups } from '../audit/operation-audit';
import { serviceWord } from '../audit/policy-audit';
import { sentEvent, type SentItem } from '../audit/sent-events';
import { DEVELOPMENT_BUILD } from '../core/build-kind';
import type { Clock, ClockTimer } from '../core/clock';
import { createClipboardFeature } from './features/clipboard-feature';
import { patientOwner } from '../clipboard/copy-path';
import { createDictationFeature } from './features/dictation-feature';
import type { OperationHandlers } from '../../contract/operation-handlers';
import { toAppError } from './ipc/app-failure';
import { joinHandlers } from './ipc/joined-handlers';
import { operationDispatcher } from './ipc/operation-dispatcher';
import { createHealthRecordFeature, LINK_KIND } from './features/health-record-feature';
import { createLabReportsFeature } from './features/lab-reports-feature';
import { log } from './log';
import { OutboxHost } from '../outbox/outbox-host';
import { createPatientsFeature } from './features/patients-feature';
import { createRegistrationFeature } from './features/registration-feature';
import { createServiceFeature, type ServiceFeature } from './features/service-feature';
import { OfferedChoices } from '../service/offered-choices';
import { loadPlistParsers } from '../settings/plist-policy';
import { createSettingsFeature } from './features/settings-feature';
import type { SettingsService } from '../settings/settings-service';
import { sandboxNoticeHandlers } from '../status/sandbox-notice';
import { createStatusFeature } from './features/status-feature';
import { createUpdatesFeature } from './features/updates-feature';
import { createVisitDocumentsFeature } from './features/visit-documents-feature';
import type { AppWindow } from './windows/app-window';

/** Work nobody waits for (signing in, sending, update checks) starts this long after the features. */
const BACKGROUND_START_MS = 2_500;

export interface FeaturesDeps {
  userData: string;
  /** Where main's built files are (the recorder process is beside them). */
  builtDir: string;
  recorderHost: RecorderHost;
  policyFile: string | null;
  appOrigin: string;
  window: AppWindow;
  /** The app's clock (main/core/clock.ts): handed to every feature, which reads the time and sets its timers on it alone. */
  clock: Clock;
}

/** What must be loaded before the features are built: the property-list parsers where the policy may be in managed preferences (macOS). */
export function loadBeforeFeatures(platform: NodeJS.Platform): Promise<void> {
  return platform === 'darwin' ? loadPlistParsers() : Promise.resolve();
}

/**
 * The one outbox: every kind (dictations, their parts and sessions, corrections, lab reports)
 * registers with it; it looks again whenever sending may resume.
 */
function outboxHost(service: ServiceFeature, settings: SettingsService, window: AppWindow, clock: Clock, isOnline: () => boolean, onSent: (kind: string, id: string) => void): OutboxHost {
  const outboxes = new OutboxHost({
    clock,
    health: service.health,
    isOnline,
    autoSync: () => settings.current().autoSync,
    onFault: (error, kind) => log.error(`outbox: a fault while sending ${kind} (${(error as Error).name})`, error),
    probe: (signal) => service.client.reach(signal),
    window,
    onSent,
  });
  service.onResume(() => outboxes.wake());
  return outboxes;
}

export function buildFeatures({ userData, builtDir, recorderHost, policyFile, appOrigin, window, clock }: FeaturesDeps) {
  const settings = createSettingsFeature({ userData, policyFile, release: !DEVELOPMENT_BUILD, window });
  const audit: AuditFeature = createAuditFeature({
    userData,
    keys: settings.dataKeys.audit,
    policy: settings.policy,
    version: app.getVersion(),
    patientIds: () => (patients.store.locked ? null : new Set(patients.store.view().patients.map((patient) => patient.id))),
    clock,
  });
  const service = createServiceFeature({ settings: settings.settings, vault: settings.vault, offered: new OfferedChoices(join(userData, 'offered-choices.json')), clock });
  audit.followAccount(service);
  const serviceNow = () => serviceWord(settings.settings.current().service, settings.settings.current().customServiceUrl);
  const clipboard = createClipboardFeature({ settings: settings.settings, clock });
  const { copies } = clipboard;
  const itemPatient = (kind: SentItem, id: string) => (kind === 'document' ? documents.patientOf(id) : ((kind === 'dictation' ? dictations.store.get(id) : labReports.store.get(id))?.patientId ?? null));
  const outboxes = outboxHost(service, settings.settings, window, clock, () => net.isOnline(), (kind, id) =>
    kind === LINK_KIND ? healthRecord.sent(id) : audit.writer.record(sentEvent(kind, id, serviceNow(), itemPatient)),
  );
  const patients = createPatientsFeature({
    kept: settings.dataKeys.patients,
    window,
    items: () => [dictations.patientItems, labReports.patientItems],
    registeredProfile: () => registration.registeredProfile(),
    visitItems: (patientId) => ({ dictations: dictations.visitItems(patientId), labReports: labReports.visitItems(patientId), healthRecord: healthRecord.visitView(patientId) }),
    directory: service.client,
    clock,
  });
  // Another patient chosen, or the visit over: the app's copy of a note that is not theirs leaves the clipboard.
  patients.store.onVisitChange((patientId) => void copies.visitChanged(patientId === null ? null : patientOwner(patientId)));
  const dictations = createDictationFeature({
    userData,
    builtDir,
    recorderHost,
    service,
    settings: settings.settings,
    copies,
    keys: settings.dataKeys.dictations,
    outboxes,
    window,
    patients: patients.store,
    labResults: () => labReports.shortcutResults,
    documents: () => documents.shortcutDocuments,
    audit: audit.writer,
    clock,
  });
  const documents = createVisitDocumentsFeature({ userData, clock, dictations: dictations.store, service, settings: settings.settings, copies, outboxes, window, patients: patients.store });
  const labReports = createLabReportsFeature({
    userData,
    clock,
    service,
    copies,
    keys: settings.dataKeys.labReports,
    outboxes,
    sendsToSandbox: () => settings.settings.current().service === 'sandbox',
    window,
    patientOf: (id) => patients.store.get(id),
    visit: { chosen: () => patients.store.visitPatient(), noteLeft: (patientId) => patients.store.noteLeft(patientId) },
    requireReview: () => settings.settings.current().requireReview,
    // A report's patient has an id at the service when kept, or made where the clinic links visits to health records.
    patientHeaders: (patientId, signal) => patients.servicePatients.headersOf(patientId, { create: settings.settings.healthRecordLinking().mode !== 'off', signal }),
  });
  const healthRecord = createHealthRecordFeature({ userData, clock, keys: settings.dataKeys.healthRecord, outboxes, service, settings: settings.settings, window, audit: audit.writer, serviceWord: serviceNow, dictations: dictations.store, labReports: labReports.store, patients: patients.store, servicePatients: patients.servicePatients });
  const registration = createRegistrationFeature({ service, settings: settings.settings, copies, window, clock });
  const updates = createUpdatesFeature({ settings: settings.settings, busyReasons: [dictations.busyReason, () => outboxes.busyReason()], window, version: app.getVersion(), userData, clock });
  const status = createStatusFeature({ settings: settings.settings, service, outboxes: [outboxes], window, clock });

  const lookups = auditLookups({ dictations, labReports, patients, itemPatient, service: serviceNow });
  const handlers: OperationHandlers = joinHandlers({
    audit: audit.handlers,
    settings: settings.handlers,
    service: service.handlers,
    status: status.handlers,
    dictations: dictations.handlers,
    documents: documents.handlers,
    'lab reports': labReports.handlers,
    patients: patients.handlers,
    registration: registration.handlers,
    'health record': healthRecord.handlers,
    updates: updates.handlers,
    window: { takeReloadNotice: () => window.takeReloadNotice() },
    'sandbox notice': sandboxNoticeHandlers(userData, clock),
  });

  return {
    // Every operation that touches patient data is written in the audit trail (operation-audit.ts).
    dispatcher: operationDispatcher(audit.on ? auditedHandlers(handlers, audit.writer, lookups, (error) => toAppError(error).kind) : handlers, {
      appOrigin,
      isAppWindow: (contents) => window.isAppWindow(contents),
    }),
    recording: (id: string) => {
      const source = dictations.recording(id);
      if (source) audit.recordingLoaded({ item: { kind: 'dictation', id }, patientId: itemPatient('dictation', id) });
      return source;
    },
    ...startAndStop({ settings, audit, service, clipboard, outboxes, dictations, labReports, registration, status, updates, clock }),
  };
}

type DictationFeature = ReturnType<typeof createDictationFeature>;
type LabReportsFeature = ReturnType<typeof createLabReportsFeature>;
type PatientsFeature = ReturnType<typeof createPatientsFeature>;

interface LookupSources {
  dictations: DictationFeature;
  labReports: LabReportsFeature;
  patients: PatientsFeature;
  itemPatient(kind: SentItem, id: string): string | null;
  service(): string;
}

/** What the audit trail asks of the features about the items an operation touches. */
function auditLookups({ dictations, labReports, patients, itemPatient, service }: LookupSources): AuditLookups {
  return {
    dictationPatient: (id) => itemPatient('dictation', id),
    labReportPatient: (id) => itemPatient('lab-report', id),
    documentPatient: (id) => itemPatient('document', id),
    recordingNow: () => dictations.store.list().find((manifest) => manifest.state === 'recording')?.id ?? null,
    labReportIds: () => labReports.store.list().map((labReport) => labReport.id),
    patientIds: () => patients.store.view().patients.map((patient) => patient.id),
    itemsOfPatient: (patientId) => [
      ...dictations.patientItems.idsForPatient(patientId).map((id) => ({ kind: 'dictation' as const, id })),
      ...labReports.patientItems.idsForPatient(patientId).map((id) => ({ kind: 'lab-report' as const, id })),
    ],
    service,
  };
}

interface StartedFeatures {
  settings: ReturnType<typeof createSettingsFeature>;
  audit: AuditFeature;
  service: ServiceFeature;
  clipboard: ReturnType<typeof createClipboardFeature>;
  outboxes: OutboxHost;
  dictations: DictationFeature;
  labReports: LabReportsFeature;
  registration: ReturnType<typeof createRegistrationFeature>;
  status: ReturnType<typeof createStatusFeature>;
  updates: ReturnType<typeof createUpdatesFeature>;
  clock: Clock;
}

function startAndStop({ settings, audit, service, clipboard, outboxes, dictations, labReports, registration, status, updates, clock }: StartedFeatures) {
  let backgroundTimer: ClockTimer | null = null;
  return {
    /** Everything else: the service (and the sandbox), status, sync, the shortcut, update checks. */
    start(): void {
      settings.start();
      registration.start();
      dictations.start();
      status.start();
      service.startAnswering();
      // Signing in, sending and update checks load the HTTP client and the sandbox: started once
      // the first moments are over, so that a Record pressed as soon as the window shows is answered at once.
      backgroundTimer = clock.setTimeout(() => {
        service.start();
        outboxes.start();
        dictations.startMaintenance();
        labReports.start();
        updates.start();
        audit.start();
      }, BACKGROUND_START_MS);
    },
    /**
     * Every feature stopped, and what was under way settled (the clipboard cleared of a copied
     * note, the service's connections closed): the service once nothing uses it, the settings last.
     */
    async stop(): Promise<void> {
      clock.clearTimeout(backgroundTimer);
      outboxes.stop();
      await Promise.all([status.stop(), updates.stop(), registration.stop(), dictations.stop(), labReports.stop()]);
      await Promise.all([service.stop(), clipboard.stop()]);
      // The trail last but the settings: what stopping did is written first.
      await audit.stop();
      await settings.stop();
    },
  };
}

export type Features = ReturnType<typeof buildFeatures>;
