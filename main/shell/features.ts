/**
 * The app's features, wired to each other and to the page's calls: those the first screen and
 * Record need built once the window has been opened (their code is evaluated while the page's
 * process starts), the others asleep until first asked (feature-wakes.ts).
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
import type { Feature } from '../core/feature';
import { handlersOf, SleepingFeature, wakeFirst } from '../core/sleeping-feature';
import { NOTHING_IN_VIEW } from '../note-leaving/copy-shortcut-actions';
import { SLEEPING, wakesOf, type SleepingName } from './feature-wakes';
import { createClipboardFeature } from './features/clipboard-feature';
import { patientOwner } from '../clipboard/copy-path';
import { createDictationFeature } from './features/dictation-feature';
import type { OperationHandlers } from '../../contract/operation-handlers';
import { toAppError } from './ipc/app-failure';
import { joinHandlers } from './ipc/joined-handlers';
import { operationDispatcher } from './ipc/operation-dispatcher';
import type { createLabReportsFeature } from './features/lab-reports-feature';
import { LINK_KIND } from '../health-record/link-kind-name';
import { log } from './log';
import { OutboxHost } from '../outbox/outbox-host';
import { createPatientsFeature } from './features/patients-feature';
import { createServiceFeature, type ServiceFeature } from './features/service-feature';
import { OfferedChoices } from '../service/offered-choices';
import { loadPlistParsers } from '../settings/plist-policy';
import { createSettingsFeature } from './features/settings-feature';
import type { SettingsService } from '../settings/settings-service';
import { sandboxNoticeHandlers } from '../status/sandbox-notice';
import { createStatusFeature } from './features/status-feature';
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
  const itemPatient = (kind: SentItem, id: string) =>
    kind === 'document' ? (sleeping.documents.awake()?.patientOf(id) ?? null) : ((kind === 'dictation' ? dictations.store.get(id) : sleeping.labReports.awake()?.store.get(id))?.patientId ?? null);
  const outboxes = outboxHost(service, settings.settings, window, clock, () => net.isOnline(), (kind, id) =>
    kind === LINK_KIND ? sleeping.healthRecord.awake()?.sent(id) : audit.writer.record(sentEvent(kind, id, serviceNow(), itemPatient)),
  );
  const patients = createPatientsFeature({
    kept: settings.dataKeys.patients,
    window,
    items: () => [dictations.patientItems, sleeping.labReports.awake()?.patientItems].filter((kind) => kind !== undefined),
    registeredProfile: () => sleeping.registration.awake()?.registeredProfile() ?? null,
    // getPatientVisit wakes both first (feature-wakes.ts).
    visitItems: (patientId) => ({ dictations: dictations.visitItems(patientId), labReports: awakeOf(sleeping.labReports).visitItems(patientId), healthRecord: awakeOf(sleeping.healthRecord).visitView(patientId) }),
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
    // Showing a lab report or a document wakes its feature: asleep, none is in view.
    labResults: () => sleeping.labReports.awake()?.shortcutResults ?? NOTHING_IN_VIEW,
    documents: () => sleeping.documents.awake()?.shortcutDocuments ?? NOTHING_IN_VIEW,
    audit: audit.writer,
    clock,
  });
  const status = createStatusFeature({ settings: settings.settings, service, outboxes, window, clock });
  // Read after Record's first answer: the status bar then counts what waits to be sent.
  void dictations.store.whenLoaded().then(status.refresh);
  const first = wakingMoments(clock);
  const sleeping = sleepingFeatures({ userData, clock, settings, audit, service, copies, outboxes, window, patients, dictations, serviceNow, first });

  const lookups = auditLookups({ dictations, labReports: sleeping.labReports, patients, itemPatient, service: serviceNow });
  const handlers: OperationHandlers = joinHandlers({
    audit: audit.handlers,
    settings: settings.handlers,
    service: service.handlers,
    status: status.handlers,
    dictations: dictations.handlers,
    documents: handlersOf(sleeping.documents, SLEEPING.documents.serves),
    'lab reports': handlersOf(sleeping.labReports, SLEEPING.labReports.serves),
    patients: patients.handlers,
    registration: handlersOf(sleeping.registration, SLEEPING.registration.serves),
    'health record': handlersOf(sleeping.healthRecord, SLEEPING.healthRecord.serves),
    updates: handlersOf(sleeping.updates, SLEEPING.updates.serves),
    window: { takeReloadNotice: () => window.takeReloadNotice() },
    'sandbox notice': sandboxNoticeHandlers(userData, clock),
  });
  const asleep = Object.values(sleeping);

  return {
    // Every operation that touches patient data is written in the audit trail (operation-audit.ts),
    // once the features it needs are awake: the trail names the items' patients.
    dispatcher: operationDispatcher(wakeFirst(audit.on ? auditedHandlers(handlers, audit.writer, lookups, (error) => toAppError(error).kind) : handlers, asleep), {
      appOrigin,
      isAppWindow: (contents) => window.isAppWindow(contents),
    }),
    recording: (id: string) => {
      const source = dictations.recording(id);
      if (source) audit.recordingLoaded({ item: { kind: 'dictation', id }, patientId: itemPatient('dictation', id) });
      return source;
    },
    /** The window's first answers are given: the features that sleep may wake from now on, and the dictations are read. */
    firstAnswered: () => {
      first.over();
      dictations.readInSlices();
    },
    ...startAndStop({ settings, audit, service, clipboard, outboxes, dictations, status, sleeping, first, clock }),
  };
}

/** The feature, which must be awake here: an operation that reads it woke it first. */
function awakeOf<T>(feature: SleepingFeature<T>): T {
  const awake = feature.awake();
  if (!awake) throw new Error(`${feature.name} was read before it woke`);
  return awake;
}

/**
 * The moment the sleeping features may start waking: once the window's first answers are given,
 * or the features start. They wake one at a time, each in a task of its own, so that what the
 * doctor does meanwhile (Record) waits for one at most.
 */
function wakingMoments(clock: Clock) {
  let open: () => void = () => {};
  let turn = new Promise<void>((resolve) => (open = resolve));
  let phase: 'starting' | 'started' | 'stopped' = 'starting';
  return {
    // Each wake's turn, in a task of its own after the one before (and after the answer in hand has left): a wake loads code on main's one thread.
    reached: () => (turn = turn.then(() => new Promise<void>((resolve) => clock.setTimeout(resolve, 0)))),
    over: () => open(),
    /** Whether a feature that wakes now starts its work: not before the app's, and never once quitting has begun. */
    started: () => phase === 'started',
    markStarted: () => {
      if (phase === 'starting') phase = 'started';
      open();
    },
    markStopped: () => {
      phase = 'stopped';
    },
  };
}
type WakingMoments = ReturnType<typeof wakingMoments>;

interface SleepingDeps {
  userData: string;
  clock: Clock;
  settings: ReturnType<typeof createSettingsFeature>;
  audit: AuditFeature;
  service: ServiceFeature;
  copies: ReturnType<typeof createClipboardFeature>['copies'];
  outboxes: OutboxHost;
  window: AppWindow;
  patients: PatientsFeature;
  dictations: DictationFeature;
  serviceNow(): string;
  first: WakingMoments;
}

/** Each feature that wakes when first asked (feature-wakes.ts): its code loaded, and built, on its first wake. */
function sleepingFeatures(deps: SleepingDeps) {
  const { userData, clock, settings, audit, service, copies, outboxes, window, patients, dictations, first } = deps;
  const sleep = <T extends Feature>(name: SleepingName, build: () => Promise<T>, woken: (feature: T) => void = () => {}) =>
    new SleepingFeature<T>({
      name: SLEEPING[name].name,
      wakes: wakesOf(name),
      firstMoments: first.reached,
      build: async () => {
        const feature = await build();
        servesExactly(SLEEPING[name].name, feature.handlers, SLEEPING[name].serves);
        return feature;
      },
      onWoken: (feature) => {
        log.info(`features: ${name} woke`);
        woken(feature);
        if (first.started()) feature.start();
      },
      onFailed: (error) => log.error(`features: ${name} could not wake (${(error as Error).name})`, error),
    });

  const labReports = sleep(
    'labReports',
    async () => {
      const { createLabReportsFeature } = await import('./features/lab-reports-feature');
      return createLabReportsFeature({
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
    },
    (feature) => {
      feature.store.onChange(healthRecord.hear((links, manifest) => links.hears.itemChanged('lab-report', manifest)));
      feature.store.onRemove(healthRecord.hear((links, id) => links.hears.itemRemoved('lab-report', id)));
    },
  );
  // What it hears from the start, kept while it sleeps: a visit that ends is linked, whenever it wakes.
  const visitAtStart = patients.store.visitPatient()?.id ?? null;
  const healthRecord = sleep('healthRecord', async () => {
    const [{ createHealthRecordFeature }, lab] = await Promise.all([import('./features/health-record-feature'), labReports.wake()]);
    return createHealthRecordFeature({ userData, clock, keys: settings.dataKeys.healthRecord, outboxes, service, settings: settings.settings, window, audit: audit.writer, serviceWord: deps.serviceNow, dictations: dictations.store, labReports: lab.store, patients: patients.store, servicePatients: patients.servicePatients, visitAtStart });
  });
  patients.store.onVisitChange(healthRecord.hear((links, next) => links.hears.visitChanged(next)));
  patients.store.onChange(healthRecord.hear((links, view) => links.hears.patientsKept(view)));
  dictations.store.onChange(healthRecord.hear((links, manifest) => links.hears.itemChanged('dictation', manifest)));
  dictations.store.onRemove(healthRecord.hear((links, id) => links.hears.itemRemoved('dictation', id)));

  const documents = sleep('documents', async () => {
    const { createVisitDocumentsFeature } = await import('./features/visit-documents-feature');
    return createVisitDocumentsFeature({ userData, clock, dictations: dictations.store, service, settings: settings.settings, copies, outboxes, window, patients: patients.store });
  });
  const registration = sleep('registration', async () => {
    const { createRegistrationFeature } = await import('./features/registration-feature');
    return createRegistrationFeature({ service, settings: settings.settings, copies, window, clock });
  });
  const updates = sleep('updates', async () => {
    const { createUpdatesFeature } = await import('./features/updates-feature');
    return createUpdatesFeature({ settings: settings.settings, busyReasons: [dictations.busyReason, () => outboxes.busyReason()], window, version: app.getVersion(), userData, clock });
  });
  return { labReports, healthRecord, documents, registration, updates };
}
type SleepingFeatures = ReturnType<typeof sleepingFeatures>;

/** A woken feature answers exactly the operations its wakes say it serves: one more would go unanswered, one fewer would fail when asked. */
function servesExactly(name: string, handlers: object, serves: readonly string[]): void {
  const given = Object.keys(handlers).sort();
  const declared = [...serves].sort();
  if (given.join() !== declared.join()) throw new Error(`${name} answers ${given.join(', ')}, but its wakes name ${declared.join(', ')}`);
}

type DictationFeature = ReturnType<typeof createDictationFeature>;
type LabReportsFeature = ReturnType<typeof createLabReportsFeature>;
type PatientsFeature = ReturnType<typeof createPatientsFeature>;

interface LookupSources {
  dictations: DictationFeature;
  labReports: SleepingFeature<LabReportsFeature>;
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
    labReportIds: () => labReports.awake()?.store.list().map((labReport) => labReport.id) ?? [],
    patientIds: () => patients.store.view().patients.map((patient) => patient.id),
    itemsOfPatient: (patientId) => [
      ...dictations.patientItems.idsForPatient(patientId).map((id) => ({ kind: 'dictation' as const, id })),
      // deletePatient wakes lab reports first (feature-wakes.ts).
      ...awakeOf(labReports).patientItems.idsForPatient(patientId).map((id) => ({ kind: 'lab-report' as const, id })),
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
  status: ReturnType<typeof createStatusFeature>;
  sleeping: SleepingFeatures;
  first: WakingMoments;
  clock: Clock;
}

function startAndStop({ settings, audit, service, clipboard, outboxes, dictations, status, sleeping, first, clock }: StartedFeatures) {
  let backgroundTimer: ClockTimer | null = null;
  const asleep = Object.values(sleeping) as Array<SleepingFeature<Feature>>;
  return {
    /** Everything else: the service (and the sandbox), status, sync, the shortcut, update checks; a feature that wakes later starts as it wakes. */
    start(): void {
      settings.start();
      dictations.readInSlices();
      dictations.start();
      status.start();
      service.startAnswering();
      first.markStarted();
      for (const feature of asleep) feature.awake()?.start();
      // Signing in, sending and update checks load the HTTP client and the sandbox: started once
      // the first moments are over, so that a Record pressed as soon as the window shows is answered at once.
      // The features that send or check by themselves wake then too, before their outboxes start.
      backgroundTimer = clock.setTimeout(() => {
        const woken = asleep.filter((feature) => feature.wakes.afterFirstMoments).map((feature) => feature.wake());
        void Promise.allSettled(woken).then(() => {
          // Quitting began while they woke: nothing starts.
          if (!first.started()) return;
          service.start();
          outboxes.start();
          dictations.startMaintenance();
          audit.start();
        });
      }, BACKGROUND_START_MS);
    },
    /**
     * Every feature stopped, and what was under way settled (the clipboard cleared of a copied
     * note, the service's connections closed): the service once nothing uses it, the settings last.
     */
    async stop(): Promise<void> {
      clock.clearTimeout(backgroundTimer);
      first.markStopped();
      outboxes.stop();
      const awake = asleep.flatMap((feature) => feature.awake() ?? []);
      await Promise.all([status.stop(), dictations.stop(), ...awake.map((feature) => feature.stop())]);
      await Promise.all([service.stop(), clipboard.stop()]);
      // The trail last but the settings: what stopping did is written first.
      await audit.stop();
      await settings.stop();
    },
  };
}

export type Features = ReturnType<typeof buildFeatures>;
