/**
 * The patient's health record as the page knows it: the questions main asks as visits end
 * ("Send this visit to …'s health record?"), the patient's answer with what their record
 * lacked, asking again, and "Link again" after a refusal. The links themselves are in each
 * patient's visit (getPatientVisit); main says when one of a patient's changed.
 */
import { create } from 'zustand';
import type { HealthRecordQuestion } from '../../../contract/health-record';
import type { ScribeBridge } from '../../../contract/ipc';
import type { PatientSex } from '../../../contract/patients';
import type { AppError } from '../../../contract/result';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

/** What the doctor types in the question's one step, where the patient lacks it. */
export interface Additions {
  abhaAddress?: string;
  name?: string;
  age?: number | null;
  sex?: PatientSex | null;
}

export interface HealthRecordState {
  questions: HealthRecordQuestion[];
  /** Patients whose question the doctor put off ("Ask later"): not shown until asked again. */
  later: string[];
  follow(): () => void;
  putOff(patientId: string): void;
  answer(patientId: string, agreed: boolean, additions?: Additions): Promise<AppError | null>;
  askAgain(patientId: string): Promise<AppError | null>;
  linkAgain(linkId: string): Promise<AppError | null>;
}

export function createHealthRecordStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<HealthRecordState>((set, get) => ({
    questions: [],
    later: [],
    follow: () => followValue({ on: bridge.on.healthRecordAsked, load: () => valueOrReport(bridge.getHealthRecordQuestions()), apply: (questions) => set({ questions }) }),
    putOff: (patientId) => set({ later: [...get().later.filter((id) => id !== patientId), patientId] }),
    answer: (patientId, agreed, additions = {}) => errorOf(bridge.answerHealthRecordQuestion({ patientId, agreed, ...additions })),
    askAgain: (patientId) => {
      set({ later: get().later.filter((id) => id !== patientId) });
      return errorOf(bridge.askHealthRecordAgain({ patientId }));
    },
    linkAgain: (id) => errorOf(bridge.linkAgain({ id })),
  }));
}
