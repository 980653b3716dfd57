/**
 * The patients as the page knows them (main holds them sealed and tells every change), the one
 * chosen for the visit (the whole app acts for them), the one the Patients screen shows, and
 * which items the dictation and lab report lists show: this patient's, today's, or all.
 */
import { create } from 'zustand';
import type { ScribeBridge } from '../../../contract/ipc';
import type { PatientInput } from '../../../contract/patient-schema';
import type { Patient, PatientsView } from '../../../contract/patients';
import type { AppError } from '../../../contract/result';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

/** Which items the lists show: the visit patient's, today's, or all. */
export type ListScope = 'patient' | 'today' | 'all';

export interface PatientsState {
  view: PatientsView;
  /** The patient the Patients screen shows; null: none. */
  shownId: string | null;
  /** Which items the dictation and lab report lists show. */
  scope: ListScope;
  follow(): () => void;
  show(id: string | null): void;
  setScope(scope: ListScope): void;
  /** A new patient (no `id`) or changes to one; `choose`: also the patient for this visit. The saved patient, or what was refused. */
  save(input: PatientInput, options?: { id?: string; choose?: boolean }): Promise<{ patient: Patient } | { error: AppError }>;
  choose(id: string | null): Promise<AppError | null>;
  /** "Next patient": the visit ends and nobody is chosen. */
  endVisit(): Promise<AppError | null>;
  remove(id: string, items: number): Promise<AppError | null>;
  /** The registered patient for this visit; `as`: the lookalike already here (their id), or a new patient apart. */
  useRegistered(as?: string | 'new'): Promise<{ patient: Patient } | { error: AppError }>;
  /** A patient here without an ABHA number who looks like the registered one, or null. */
  registeredLookalike(): Promise<Patient | null>;
}

/** The patient with this id, if the page knows them. */
export function patientById(view: Pick<PatientsView, 'patients'>, id: string | null): Patient | null {
  return id ? (view.patients.find((patient) => patient.id === id) ?? null) : null;
}

/** The visit's patient, if one is chosen. */
export function visitPatient(view: PatientsView): Patient | null {
  return patientById(view, view.visitPatientId);
}

export const NO_VISIT: PatientsView = { patients: [], visitPatientId: null, visitEnded: false };

export function createPatientsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<PatientsState>((set, get) => {
    /** Main's patients; with nobody chosen, "this patient" shows all. */
    const apply = (view: PatientsView) => {
      const gone = (id: string | null) => id !== null && !view.patients.some((patient) => patient.id === id);
      set({ view, ...(gone(get().shownId) ? { shownId: null } : {}) });
      if (view.visitPatientId === null && get().scope === 'patient') set({ scope: 'all' });
    };
    return {
      view: NO_VISIT,
      shownId: null,
      scope: 'all',
      follow: () => followValue({ on: bridge.on.patientsChanged, load: () => valueOrReport(bridge.listPatients()), apply }),
      show: (shownId) => set({ shownId }),
      setScope: (scope) => set({ scope }),
      save: async (patient, options = {}) => {
        const result = await bridge.savePatient({ patient, ...(options.id ? { id: options.id } : {}), ...(options.choose ? { choose: true } : {}) });
        return result.ok ? { patient: result.value } : { error: result.error };
      },
      choose: async (id) => {
        const result = await bridge.choosePatient({ id });
        if (!result.ok) return result.error;
        apply(result.value);
        return null;
      },
      endVisit: async () => {
        const result = await bridge.endVisit();
        if (!result.ok) return result.error;
        apply(result.value);
        return null;
      },
      remove: (id, items) => errorOf(bridge.deletePatient({ id, items })),
      registeredLookalike: async () => (await valueOrReport(bridge.registeredLookalike())) ?? null,
      useRegistered: async (as) => {
        const result = await bridge.useRegisteredPatient(as ? { as } : undefined);
        return result.ok ? { patient: result.value } : { error: result.error };
      },
    };
  });
}
