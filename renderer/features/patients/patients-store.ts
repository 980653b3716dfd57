/**
 * The patients as the page knows them (main holds them sealed and tells every change), the
 * one chosen for the visit, the one the Patients screen shows, and the patient filter of the
 * dictation and lab report lists.
 */
import { create } from 'zustand';
import type { ScribeBridge } from '../../../contract/ipc';
import type { PatientInput } from '../../../contract/patient-schema';
import type { Patient, PatientsView } from '../../../contract/patients';
import type { AppError } from '../../../contract/result';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

/** The lists' patient filter: everyone, or one patient by id. */
export type PatientFilter = 'all' | string;

export interface PatientsState {
  view: PatientsView;
  /** The patient the Patients screen shows; null: none. */
  shownId: string | null;
  /** Which patient's dictations and lab reports the lists show. */
  filter: PatientFilter;
  follow(): () => void;
  show(id: string | null): void;
  setFilter(filter: PatientFilter): void;
  /** A new patient (no `id`) or changes to one; `choose`: also the patient for this visit. The saved patient, or what was refused. */
  save(input: PatientInput, options?: { id?: string; choose?: boolean }): Promise<{ patient: Patient } | { error: AppError }>;
  choose(id: string | null): Promise<AppError | null>;
  remove(id: string, items: number): Promise<AppError | null>;
  useRegistered(): Promise<{ patient: Patient } | { error: AppError }>;
}

/** The patient with this id, if the page knows them. */
export function patientById(view: PatientsView, id: string | null): Patient | null {
  return id ? (view.patients.find((patient) => patient.id === id) ?? null) : null;
}

export function createPatientsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<PatientsState>((set, get) => ({
    view: { patients: [], visitPatientId: null },
    shownId: null,
    filter: 'all',
    follow: () =>
      followValue({
        on: bridge.on.patientsChanged,
        load: () => valueOrReport(bridge.listPatients()),
        apply: (view) => {
          const gone = (id: string | null) => id !== null && !view.patients.some((patient) => patient.id === id);
          set({ view, ...(gone(get().shownId) ? { shownId: null } : {}), ...(get().filter !== 'all' && gone(get().filter) ? { filter: 'all' } : {}) });
        },
      }),
    show: (shownId) => set({ shownId }),
    setFilter: (filter) => set({ filter }),
    save: async (patient, options = {}) => {
      const result = await bridge.savePatient({ patient, ...(options.id ? { id: options.id } : {}), ...(options.choose ? { choose: true } : {}) });
      return result.ok ? { patient: result.value } : { error: result.error };
    },
    choose: async (id) => {
      const result = await bridge.choosePatient({ id });
      if (!result.ok) return result.error;
      set({ view: result.value });
      return null;
    },
    remove: (id, items) => errorOf(bridge.deletePatient({ id, items })),
    useRegistered: async () => {
      const result = await bridge.useRegisteredPatient();
      return result.ok ? { patient: result.value } : { error: result.error };
    },
  }));
}
