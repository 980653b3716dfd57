/**
 * A patient's id at the service (their OID in the vendor's patient directory), which X-Pt-Id
 * carries for everything about them: kept on the patient (by the service's address), else found
 * by the clinic's own id for them, else made from their name, age and sex (and ABHA address),
 * once even when asked for twice at a time. Without a name, an age and a sex the directory takes
 * nobody: the refusal says what to add.
 */
import { SEX_LETTERS, type Patient } from '../../contract/patients';
import type { PatientHeaders } from '../api/service-call';
import { Refusal, refuse } from '../core/refusal';
import type { PatientStore } from './patient-store';

export interface DirectoryClient {
  findServicePatient(input: { partnerPatientId: string; signal?: AbortSignal }): Promise<string | null>;
  createServicePatient(input: { partnerPatientId: string; name: string; birthYear: number; sex: 'F' | 'M' | 'O'; abhaAddress: string | null; signal?: AbortSignal }): Promise<string>;
  /** The service's address now: whose ids these are. */
  serviceAddress(): Promise<string>;
}

/** What a patient lacks before the directory takes them ([] when nothing). */
export function missingForService(patient: Pick<Patient, 'name' | 'age' | 'sex'>): Array<'name' | 'age' | 'sex'> {
  return [patient.name ? null : 'name', patient.age === null ? 'age' : null, patient.sex ? null : 'sex'].filter((part): part is 'name' | 'age' | 'sex' => part !== null);
}

export class ServicePatients {
  private readonly asked = new Map<string, Promise<string | null>>();

  constructor(
    private readonly store: Pick<PatientStore, 'get' | 'serviceIdOf' | 'keepServiceId'>,
    private readonly client: DirectoryClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The patient's id at the service now. `create`: made when it is found nowhere (else null);
   * throws a refusal when the patient lacks what the directory needs.
   */
  async idOf(patientId: string, options: { create: boolean; signal?: AbortSignal }): Promise<string | null> {
    const address = await this.client.serviceAddress();
    const kept = this.store.serviceIdOf(patientId, address);
    if (kept !== null || !options.create) return kept;
    const key = `${address} ${patientId}`;
    const pending = this.asked.get(key) ?? this.findOrMake(patientId, address, options.signal).finally(() => this.asked.delete(key));
    this.asked.set(key, pending);
    return pending;
  }

  /** The headers of a call about the patient: their id at the service where there is one, else none (a patient the directory cannot take goes without). */
  async headersOf(patientId: string, options: { create: boolean; signal?: AbortSignal }): Promise<PatientHeaders> {
    const servicePatientId = await this.idOf(patientId, options).catch((error: unknown) => {
      if (error instanceof Refusal) return null;
      throw error;
    });
    return { servicePatientId, partnerPatientId: patientId };
  }

  private async findOrMake(patientId: string, address: string, signal: AbortSignal | undefined): Promise<string> {
    const patient = this.store.get(patientId);
    if (!patient) refuse('not-found', 'This patient is no longer on this computer.');
    const found = await this.client.findServicePatient({ partnerPatientId: patient.id, signal });
    let id = found;
    if (id === null) {
      const missing = missingForService(patient);
      if (missing.length > 0) refuse('refused', `The patient’s record at the service needs their ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')}. Add ${missing.length === 1 ? 'it' : 'them'} to the patient, then link again.`);
      id = await this.client.createServicePatient({
        partnerPatientId: patient.id,
        name: patient.name!,
        birthYear: this.now().getFullYear() - patient.age!,
        sex: SEX_LETTERS[patient.sex!] as 'F' | 'M' | 'O',
        abhaAddress: patient.abhaAddress,
        signal,
      });
    }
    if (this.store.get(patientId)) this.store.keepServiceId(patientId, address, id);
    return id;
  }
}
