/**
 * What wakes each feature that is not built at start (docs/architecture.md, "Features wake when
 * first asked"). The first screen and Record need the settings, the trail, the service, the
 * clipboard, patients, dictations and the status bar: those are built before the window's first
 * answer. These wake on the first operation that needs them, or once start-up's first moments
 * are over (their outboxes send what an earlier run left, updates are checked).
 */
import {
  DOCUMENT_OPERATIONS,
  HEALTH_RECORD_OPERATIONS,
  LAB_REPORT_OPERATIONS,
  REGISTRATION_OPERATIONS,
  UPDATE_OPERATIONS,
  type OperationName,
} from '../../contract/ipc-names';
import type { Wakes } from '../core/sleeping-feature';

interface Sleeper {
  /** The feature as the doctor knows it, said when it cannot wake. */
  name: string;
  /** The operations it serves: its share of the handlers, answered once it is awake. */
  serves: readonly OperationName[];
  /** The operations of others that read it, which wake it first. */
  readBy: readonly OperationName[];
  /** Woken as soon as start-up's first moments are over, asked or not. */
  afterFirstMoments: boolean;
}

export const SLEEPING = {
  // A patient's visit lists their lab reports; deleting a patient deletes theirs.
  labReports: { name: 'Lab reports', serves: LAB_REPORT_OPERATIONS, readBy: ['getPatientVisit', 'deletePatient'], afterFirstMoments: true },
  // It also hears every visit's end and every change of a dictation, a lab report or a patient (features.ts).
  healthRecord: { name: 'Linking to the health record (ABDM)', serves: HEALTH_RECORD_OPERATIONS, readBy: ['getPatientVisit'], afterFirstMoments: true },
  documents: { name: 'Visit documents', serves: DOCUMENT_OPERATIONS, readBy: [], afterFirstMoments: true },
  // What registration found is in memory only: asleep, it has found nobody.
  registration: { name: 'ABHA registration', serves: REGISTRATION_OPERATIONS, readBy: [], afterFirstMoments: false },
  updates: { name: 'Updates', serves: UPDATE_OPERATIONS, readBy: [], afterFirstMoments: true },
} as const satisfies Record<string, Sleeper>;

export type SleepingName = keyof typeof SLEEPING;

export function wakesOf(name: SleepingName): Wakes {
  const { serves, readBy, afterFirstMoments } = SLEEPING[name];
  return { operations: [...serves, ...readBy], afterFirstMoments };
}
