/**
 * One typed function per operation of the service, for the rest of the app. Every answer is
 * validated; every documented error becomes a ServiceError with a message a doctor can act
 * on. The operations live by area (voice, lab reports, registration); this only gathers them.
 */
import { linkCareContexts, linkedCareContexts, type CareContext, type LinkPatient, type LinkedCareContext } from './care-contexts-api';
import type { TransportOptions } from './http-transport';
import { getLabReportResult, uploadLabReport, type LabReportResultAnswer, type LabReportUpload } from './lab-reports-api';
import { getPartWords, type PartWords } from './part-words-api';
import { createServicePatient, findServicePatient, type ServicePatientInput } from './patient-directory-api';
import * as registration from './registration-api';
import type { AbhaStep, RegistrationOtp, SuggestionRequest } from './registration-api';
import { ServiceCaller, type ServiceConfig } from './service-call';
import { SessionDiscovery } from './session-discovery';
import * as sessions from './sessions-api';
import type { CreatedSession, NewSession, SavedDocument, SessionPart, SessionResult } from './sessions-api';
import { getTranscriptionResult, uploadVoice, type VoiceStatus, type VoiceUpload } from './voice-api';
import * as visitDocuments from './visit-documents-api';

export type { Progress, ServiceConfig } from './service-call';
export type { LabReportResultAnswer, LabReportUpload } from './lab-reports-api';
export type { PartWords } from './part-words-api';
export type { CareContext, HiType, LinkPatient, LinkedCareContext } from './care-contexts-api';
export type { ServicePatientInput } from './patient-directory-api';
export type { AbhaStep, RegistrationOtp, SkipState, SuggestionRequest } from './registration-api';
export type { OutputItemRead, VoiceMode, VoiceStatus, VoiceUpload } from './voice-api';
export type { CreatedSession, NewSession, SavedDocument, SessionPart, SessionResult, SessionTemplateResult, UploadTarget } from './sessions-api';

export class ServiceClient {
  private readonly caller: ServiceCaller;

  /** The sessions API's discovery document, kept as long as the service allows. */
  readonly discovery: SessionDiscovery;

  constructor(config: () => ServiceConfig | Promise<ServiceConfig>, transportOptions: TransportOptions = {}) {
    this.caller = new ServiceCaller(config, transportOptions);
    this.discovery = new SessionDiscovery(this.caller);
  }

  /** The service's address now (its base URL without a trailing slash): whose ids the answers hold. */
  serviceAddress(): Promise<string> {
    return this.caller.serviceAddress();
  }

  /** Resolves once the service answered anything (no sign-in asked, nothing kept); rejects when it cannot be reached. */
  reach(signal?: AbortSignal): Promise<void> {
    return sessions.reach(this.caller, signal);
  }

  createSession(input: NewSession): Promise<CreatedSession> {
    return sessions.createSession(this.caller, input);
  }

  uploadSessionPart(part: SessionPart): Promise<void> {
    return sessions.uploadPart(this.caller, part);
  }

  endSession(input: { sessionId: string; audioFilesSent: number; signal?: AbortSignal }): Promise<'ended' | 'already-ended'> {
    return sessions.endSession(this.caller, input.sessionId, input.audioFilesSent, input.signal);
  }

  getSession(sessionId: string, signal?: AbortSignal): Promise<SessionResult> {
    return sessions.getSession(this.caller, sessionId, signal);
  }

  /** One part's words while the doctor speaks (part-words-api.ts). */
  getPartWords(sessionId: string, sequence: number, signal?: AbortSignal): Promise<PartWords> {
    return getPartWords(this.caller, sessionId, sequence, signal);
  }

  patchSession(sessionId: string, patch: Parameters<typeof sessions.patchSession>[2], signal?: AbortSignal): Promise<void> {
    return sessions.patchSession(this.caller, sessionId, patch, signal);
  }

  listTemplates(signal?: AbortSignal): ReturnType<typeof sessions.listTemplates> {
    return sessions.listTemplates(this.caller, signal);
  }

  saveSessionDocument(input: Parameters<typeof sessions.saveDocument>[1]): Promise<SavedDocument> {
    return sessions.saveDocument(this.caller, input);
  }

  requestDocument(request: visitDocuments.DocumentRequest): Promise<{ documentId: string }> {
    return visitDocuments.requestDocument(this.caller, request);
  }

  getDocument(documentId: string, signal?: AbortSignal): Promise<visitDocuments.DocumentAnswer> {
    return visitDocuments.getDocument(this.caller, documentId, signal);
  }

  sessionDocuments(sessionId: string, signal?: AbortSignal): Promise<visitDocuments.SessionDocument[]> {
    return visitDocuments.sessionDocuments(this.caller, sessionId, signal);
  }

  uploadVoice(input: VoiceUpload): Promise<{ message: string; filename: string }> {
    return uploadVoice(this.caller, input);
  }

  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<VoiceStatus> {
    return getTranscriptionResult(this.caller, txnId, signal);
  }

  uploadLabReport(input: LabReportUpload): Promise<{ documentId: string }> {
    return uploadLabReport(this.caller, input);
  }

  getLabReportResult(documentId: string, signal?: AbortSignal): Promise<LabReportResultAnswer> {
    return getLabReportResult(this.caller, documentId, signal);
  }

  startRegistration(input: { aadhaarNumber: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return registration.startRegistration(this.caller, input);
  }

  resendRegistrationOtp(input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return registration.resendRegistrationOtp(this.caller, input);
  }

  verifyAadhaarOtp(input: { txnId: string; otp: string; mobile: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return registration.verifyAadhaarOtp(this.caller, input);
  }

  verifyMobileOtp(input: { txnId: string; otp: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return registration.verifyMobileOtp(this.caller, input);
  }

  resendMobileOtp(input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return registration.resendMobileOtp(this.caller, input);
  }

  suggestAbhaAddresses(input: SuggestionRequest): Promise<string[]> {
    return registration.suggestAbhaAddresses(this.caller, input);
  }

  abhaAddressExists(input: { abhaAddress: string; signal?: AbortSignal }): Promise<boolean> {
    return registration.abhaAddressExists(this.caller, input);
  }

  createAbhaAddress(input: { txnId: string; abhaAddress: string; signal?: AbortSignal }): Promise<AbhaStep> {
    return registration.createAbhaAddress(this.caller, input);
  }

  /** The patient's record at the service (its OID), found by the clinic's own id for them; null when there is none. */
  findServicePatient(input: { partnerPatientId: string; signal?: AbortSignal }): Promise<string | null> {
    return findServicePatient(this.caller, input);
  }

  createServicePatient(input: ServicePatientInput): Promise<string> {
    return createServicePatient(this.caller, input);
  }

  linkCareContexts(input: { patient: LinkPatient; abhaAddress: string; careContexts: CareContext[]; signal?: AbortSignal }): Promise<'accepted' | 'already-linked'> {
    return linkCareContexts(this.caller, input);
  }

  linkedCareContexts(input: { patient: LinkPatient; signal?: AbortSignal }): Promise<LinkedCareContext[]> {
    return linkedCareContexts(this.caller, input);
  }

  abhaCard(input: { oid: string; signal?: AbortSignal }): Promise<Buffer> {
    return registration.abhaCard(this.caller, input);
  }

  close(): Promise<void> {
    return this.caller.close();
  }
}
