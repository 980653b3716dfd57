/**
 * One typed function per operation of the service, for the rest of the app. Every answer is
 * validated; every documented error becomes a ServiceError with a message a doctor can act
 * on. The operations live by area (voice, lab reports, registration); this only gathers them,
 * and loads them at the first call (service-operations.ts).
 */
import type { CareContext, LinkPatient, LinkedCareContext } from './care-contexts-api';
import type { TransportOptions } from './http-transport';
import type { LabReportResultAnswer, LabReportUpload } from './lab-reports-api';
import type { PartWords } from './part-words-api';
import type { ServicePatientInput } from './patient-directory-api';
import type { AbhaStep, RegistrationOtp, SuggestionRequest } from './registration-api';
import type { ServiceConfig } from './service-call';
import type { Clock } from '../core/clock';
import { Refusal } from '../core/refusal';
import type { SessionDiscovery } from './session-discovery';
import type * as sessions from './sessions-api';
import type { CreatedSession, NewSession, SavedDocument, SessionPart, SessionResult } from './sessions-api';
import type { VoiceStatus, VoiceUpload } from './voice-api';
import type * as Operations from './service-operations';
import type * as visitDocuments from './visit-documents-api';

type Opened = typeof Operations & ReturnType<typeof Operations.openCaller>;

export type { Progress, ServiceConfig } from './service-call';
export type { LabReportResultAnswer, LabReportUpload } from './lab-reports-api';
export type { PartWords } from './part-words-api';
export type { CareContext, HiType, LinkPatient, LinkedCareContext } from './care-contexts-api';
export type { ServicePatientInput } from './patient-directory-api';
export type { AbhaStep, RegistrationOtp, SkipState, SuggestionRequest } from './registration-api';
export type { OutputItemRead, VoiceMode, VoiceStatus, VoiceUpload } from './voice-api';
export type { CreatedSession, NewSession, SavedDocument, SessionPart, SessionResult, SessionTemplateResult, UploadTarget } from './sessions-api';

/** Said when the operations' code could not be loaded: every call fails with it until a load succeeds. */
const LOAD_FAILED =
  'Scribe Desk could not load its code for talking to the service: a file of the app is missing or damaged. Nothing waiting to be sent is lost. Restart the app; if this happens again, ask your IT provider to reinstall it.';

/** The sessions API's discovery document as the client keeps it (session-discovery.ts). */
export type Discovery = Pick<SessionDiscovery, 'get' | 'forget' | 'lastKnown'>;

export class ServiceClient {
  private opened: Promise<Opened> | null = null;
  private discovered: SessionDiscovery | null = null;

  /** The sessions API's discovery document, kept as long as the service allows; none is kept before the first call. */
  readonly discovery: Discovery = {
    get: async (signal) => (await this.operations()).discovery.get(signal),
    forget: () => this.discovered?.forget(),
    lastKnown: () => this.discovered?.lastKnown() ?? null,
  };

  /** `clock`: what the discovery document's age and a Retry-After date are counted on. */
  constructor(
    private readonly config: () => ServiceConfig | Promise<ServiceConfig>,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly transportOptions: TransportOptions = {},
  ) {}

  /** The operations, loaded at the first call; a load that failed is tried again at the next. */
  private operations(): Promise<Opened> {
    this.opened ??= import('./service-operations').then(
      (operations) => {
        const opened = { ...operations, ...operations.openCaller(this.config, this.clock, this.transportOptions) };
        this.discovered = opened.discovery;
        return opened;
      },
      (error: unknown) => {
        this.opened = null;
        throw new Refusal('unexpected', LOAD_FAILED, { cause: error, retryable: true });
      },
    );
    return this.opened;
  }

  /** The service's address now (its base URL without a trailing slash): whose ids the answers hold. */
  serviceAddress(): Promise<string> {
    return this.operations().then(({ caller }) => caller.serviceAddress());
  }

  /** Resolves once the service answered anything (no sign-in asked, nothing kept); rejects when it cannot be reached. */
  reach(signal?: AbortSignal): Promise<void> {
    return this.operations().then(({ sessions, caller }) => sessions.reach(caller, signal));
  }

  createSession(input: NewSession): Promise<CreatedSession> {
    return this.operations().then(({ sessions, caller }) => sessions.createSession(caller, input));
  }

  uploadSessionPart(part: SessionPart): Promise<void> {
    return this.operations().then(({ sessions, caller }) => sessions.uploadPart(caller, part));
  }

  endSession(input: { sessionId: string; audioFilesSent: number; signal?: AbortSignal }): Promise<'ended' | 'already-ended'> {
    return this.operations().then(({ sessions, caller }) => sessions.endSession(caller, input.sessionId, input.audioFilesSent, input.signal));
  }

  getSession(sessionId: string, signal?: AbortSignal): Promise<SessionResult> {
    return this.operations().then(({ sessions, caller }) => sessions.getSession(caller, sessionId, signal));
  }

  /** One part's words while the doctor speaks (part-words-api.ts). */
  getPartWords(sessionId: string, sequence: number, signal?: AbortSignal): Promise<PartWords> {
    return this.operations().then(({ partWords, caller }) => partWords.getPartWords(caller, sessionId, sequence, signal));
  }

  patchSession(sessionId: string, patch: Parameters<typeof sessions.patchSession>[2], signal?: AbortSignal): Promise<void> {
    return this.operations().then(({ sessions, caller }) => sessions.patchSession(caller, sessionId, patch, signal));
  }

  listTemplates(signal?: AbortSignal): ReturnType<typeof sessions.listTemplates> {
    return this.operations().then(({ sessions, caller }) => sessions.listTemplates(caller, signal));
  }

  saveSessionDocument(input: Parameters<typeof sessions.saveDocument>[1]): Promise<SavedDocument> {
    return this.operations().then(({ sessions, caller }) => sessions.saveDocument(caller, input));
  }

  requestDocument(request: visitDocuments.DocumentRequest): Promise<{ documentId: string }> {
    return this.operations().then(({ visitDocuments, caller }) => visitDocuments.requestDocument(caller, request));
  }

  getDocument(documentId: string, signal?: AbortSignal): Promise<visitDocuments.DocumentAnswer> {
    return this.operations().then(({ visitDocuments, caller }) => visitDocuments.getDocument(caller, documentId, signal));
  }

  sessionDocuments(sessionId: string, signal?: AbortSignal): Promise<visitDocuments.SessionDocument[]> {
    return this.operations().then(({ visitDocuments, caller }) => visitDocuments.sessionDocuments(caller, sessionId, signal));
  }

  uploadVoice(input: VoiceUpload): Promise<{ message: string; filename: string }> {
    return this.operations().then(({ voice, caller }) => voice.uploadVoice(caller, input));
  }

  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<VoiceStatus> {
    return this.operations().then(({ voice, caller }) => voice.getTranscriptionResult(caller, txnId, signal));
  }

  uploadLabReport(input: LabReportUpload): Promise<{ documentId: string }> {
    return this.operations().then(({ labReports, caller }) => labReports.uploadLabReport(caller, input));
  }

  getLabReportResult(documentId: string, signal?: AbortSignal): Promise<LabReportResultAnswer> {
    return this.operations().then(({ labReports, caller }) => labReports.getLabReportResult(caller, documentId, signal));
  }

  startRegistration(input: { aadhaarNumber: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return this.operations().then(({ registration, caller }) => registration.startRegistration(caller, input));
  }

  resendRegistrationOtp(input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return this.operations().then(({ registration, caller }) => registration.resendRegistrationOtp(caller, input));
  }

  verifyAadhaarOtp(input: { txnId: string; otp: string; mobile: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return this.operations().then(({ registration, caller }) => registration.verifyAadhaarOtp(caller, input));
  }

  verifyMobileOtp(input: { txnId: string; otp: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return this.operations().then(({ registration, caller }) => registration.verifyMobileOtp(caller, input));
  }

  resendMobileOtp(input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return this.operations().then(({ registration, caller }) => registration.resendMobileOtp(caller, input));
  }

  suggestAbhaAddresses(input: SuggestionRequest): Promise<string[]> {
    return this.operations().then(({ registration, caller }) => registration.suggestAbhaAddresses(caller, input));
  }

  abhaAddressExists(input: { abhaAddress: string; signal?: AbortSignal }): Promise<boolean> {
    return this.operations().then(({ registration, caller }) => registration.abhaAddressExists(caller, input));
  }

  createAbhaAddress(input: { txnId: string; abhaAddress: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return this.operations().then(({ registration, caller }) => registration.createAbhaAddress(caller, input));
  }

  /** The patient's record at the service (its OID), found by the clinic's own id for them; null when there is none. */
  findServicePatient(input: { partnerPatientId: string; signal?: AbortSignal }): Promise<string | null> {
    return this.operations().then(({ directory, caller }) => directory.findServicePatient(caller, input));
  }

  createServicePatient(input: ServicePatientInput): Promise<string> {
    return this.operations().then(({ directory, caller }) => directory.createServicePatient(caller, input));
  }

  linkCareContexts(input: { patient: LinkPatient; abhaAddress: string; careContexts: CareContext[]; signal?: AbortSignal }): Promise<'accepted' | 'already-linked'> {
    return this.operations().then(({ careContexts, caller }) => careContexts.linkCareContexts(caller, input));
  }

  linkedCareContexts(input: { patient: LinkPatient; signal?: AbortSignal }): Promise<LinkedCareContext[]> {
    return this.operations().then(({ careContexts, caller }) => careContexts.linkedCareContexts(caller, input));
  }

  abhaCard(input: { oid: string; signal?: AbortSignal }): Promise<Buffer> {
    return this.operations().then(({ registration, caller }) => registration.abhaCard(caller, input));
  }

  /** Closes the connections; nothing to close when no call was made. */
  async close(): Promise<void> {
    const opened = this.opened ? await this.opened.catch(() => null) : null;
    await opened?.caller.close();
  }
}
