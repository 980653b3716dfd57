/**
 * Patients, assembled: the sealed store, the patient chosen for the visit, registration's
 * patient taken for it, and deleting a patient with every dictation and lab report made for
 * them. Electron-free; the page hears of every change.
 */
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { AbhaProfile } from '../../../contract/registration';
import type { PatientVisit } from '../../../contract/patient-visit';
import { patientLine } from '../../../contract/patients';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { refuse } from '../../core/refusal';
import { log } from '../log';
import type { DocumentOrProblem } from '../../storage/data-keys';
import type { WindowEvents } from '../windows/app-window';
import { deletePatientWithItems, type PatientItems } from '../../patients/patient-deletion';
import { PatientStore } from '../../patients/patient-store';
import { reviewAgain } from '../../patients/patient-identity';
import { patientFromProfile, registeredLookalike, withSameAbha } from '../../patients/registered-patient';
import { ServicePatients, type DirectoryClient } from '../../patients/service-patient';

export interface PatientsFeatureDeps {
  /** The patients' sealed file, or why it cannot be opened. */
  kept: DocumentOrProblem;
  window: Pick<WindowEvents, 'send'>;
  /** The items made for patients (dictations, lab reports), once those features exist. */
  items(): PatientItems[];
  /** The patient registration ended with (found or made), or null before it has ended. */
  registeredProfile(): AbhaProfile | null;
  /** A patient's dictations and lab reports as their visit view lists them. */
  visitItems(patientId: string): Omit<PatientVisit, 'patientId'>;
  /** The vendor's patient directory: each patient's id at the service. */
  directory: DirectoryClient;
  clock: Clock;
}

type PatientOperations = 'listPatients' | 'savePatient' | 'choosePatient' | 'endVisit' | 'getPatientVisit' | 'deletePatient' | 'useRegisteredPatient' | 'registeredLookalike' | 'setPatientLanguage';

export function createPatientsFeature(deps: PatientsFeatureDeps) {
  const store = new PatientStore(deps.kept, deps.clock);
  store.onChange((view) => deps.window.send('patientsChanged', view));
  store.onVisitChange((patientId) => log.info(patientId ? 'patients: the visit is for another patient' : 'patients: the visit ended (nobody is chosen)'));
  log.info(`patients: ${store.locked ? 'cannot be opened' : `${store.view().patients.length} kept`}`);

  const sameAbha = (profile: AbhaProfile) => withSameAbha(store.view().patients, profile);
  const lookalikeOf = (profile: AbhaProfile) => registeredLookalike(store.view().patients, profile, new Date(deps.clock.now()));

  // Notes reviewed under a name, age, sex or ABHA number that changed are to be reviewed again, whoever changed it.
  store.onEdit(({ before, after }) => {
    const cleared = reviewAgain(deps.items(), before, after);
    if (cleared > 0) log.info(`patients: a patient's details changed; ${cleared} note(s) to be reviewed again`);
  });

  const handlers: Pick<OperationHandlers, PatientOperations> = {
    listPatients: () => store.view(),
    savePatient: ({ id, patient, choose }) => {
      const saved = id ? store.update(id, patient) : store.create(patient);
      if (choose) store.choose(saved.id);
      return store.get(saved.id)!;
    },
    choosePatient: ({ id }) => store.choose(id),
    setPatientLanguage: ({ id, language }) => store.setLanguage(id, language),
    endVisit: () => store.endVisit(),
    getPatientVisit: ({ id }) => {
      if (!store.get(id)) refuse('not-found', 'This patient is no longer on this computer.');
      return { patientId: id, ...deps.visitItems(id) };
    },
    deletePatient: ({ id, items }) => {
      const deleted = deletePatientWithItems(store, deps.items(), id, items);
      log.info(`patients: a patient was deleted with ${deleted} item(s)`);
    },
    registeredLookalike: () => {
      const profile = deps.registeredProfile();
      return profile && !sameAbha(profile) ? lookalikeOf(profile) : null;
    },
    useRegisteredPatient: (choice) => {
      const profile = deps.registeredProfile();
      if (!profile) refuse('refused', 'Registration has not found or made an ABHA yet.');
      // The same ABHA number again is the same patient: chosen, brought up to date, not made twice.
      const lookalike = sameAbha(profile) ? null : lookalikeOf(profile);
      if (lookalike && !choice) refuse('needs-confirmation', `${patientLine(lookalike)} is already on this computer and looks the same. Use that patient, or keep a new one apart.`);
      const chosen = choice && choice.as !== 'new' ? store.get(choice.as) : undefined;
      if (choice && choice.as !== 'new' && (!chosen || chosen.id !== lookalike?.id)) refuse('refused', 'That patient does not look like the registered one any more. Look again.');
      const known = sameAbha(profile) ?? chosen;
      const input = patientFromProfile(profile, new Date(deps.clock.now()));
      const patient = known ? store.update(known.id, { ...input, label: known.label || input.label }) : store.create(input);
      store.choose(patient.id);
      return store.get(patient.id)!;
    },
  };

  return {
    handlers,
    store,
    /** Each patient's id at the service (X-Pt-Id), kept on them. */
    servicePatients: new ServicePatients(store, deps.directory, deps.clock),
    start: () => {},
    stop: async () => {},
  } satisfies Feature;
}
