/** Registration, assembled: the flow on the service client, its handlers, and the card's print and save. */
import { dialog } from 'electron';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { REGISTRATION_OPERATIONS } from '../../../contract/ipc-names';
import type { CopyPath } from '../../clipboard/copy-path';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { refuse } from '../../core/refusal';
import { log } from '../log';
import type { ServiceFeature } from './service-feature';
import type { SettingsService } from '../../settings/settings-service';
import type { WindowEvents } from '../windows/app-window';
import { printPage } from '../windows/print-page';
import { PRINT_PARTITION, printCard, saveCard, type CardSaveDialog } from '../../registration/abha-card-output';
import { RegistrationFlow } from '../../registration/registration-flow';

type RegistrationOperations = (typeof REGISTRATION_OPERATIONS)[number];

export interface RegistrationFeatureDeps {
  service: Pick<ServiceFeature, 'client'>;
  settings: SettingsService;
  /** The one way patient data leaves by the clipboard. */
  copies: CopyPath;
  window: Pick<WindowEvents, 'current'>;
  clock: Clock;
}

export function createRegistrationFeature(deps: RegistrationFeatureDeps) {
  const registration = new RegistrationFlow({
    client: deps.service.client,
    resendSeconds: () => deps.settings.current().otpResendSeconds,
    clock: deps.clock,
    audit: (event) => log.info(event),
    sendsToSandbox: () => deps.settings.current().service === 'sandbox',
  });
  const chooseCardFile = async (options: CardSaveDialog): Promise<string | null> => {
    const parent = deps.window.current;
    const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return choice.canceled || !choice.filePath ? null : choice.filePath;
  };
  const handlers: Pick<OperationHandlers, RegistrationOperations> = {
    getRegistration: () => registration.view(),
    startRegistration: ({ aadhaarNumber, consentText }) => registration.start(aadhaarNumber, consentText),
    resendRegistrationOtp: () => registration.resend(),
    verifyRegistrationOtp: ({ otp, mobile }) => registration.verifyOtp(otp, mobile),
    verifyRegistrationMobileOtp: ({ otp }) => registration.verifyMobileOtp(otp),
    checkAbhaAddress: ({ address }) => registration.checkAddress(address),
    createAbhaAddress: ({ address }) => registration.createAddress(address),
    chooseAbhaAddress: ({ address }) => registration.chooseAddress(address),
    copyRegistrationValue: async ({ value }) => {
      const what = value === 'abhaNumber' ? 'ABHA number' : 'ABHA address';
      const testData = registration.testData() ? what : null;
      const outcome = await deps.copies.copy({
        heading: { whose: null, what: null, testData },
        body: { text: registration.copyable(value) },
        review: null,
        owner: null,
        what,
      });
      if (!outcome.copied) refuse('refused', outcome.reason);
    },
    printAbhaCard: () => printCard(registration.card(), (url) => printPage(url, PRINT_PARTITION), registration.testData()),
    saveAbhaCard: async () => {
      const path = await saveCard(registration.card(), chooseCardFile, registration.testData());
      if (path) log.info('registration: ABHA card saved to a file the user chose');
      return path;
    },
    resetRegistration: () => registration.reset(),
  };
  return {
    handlers,
    /** The patient registration has found or made (its last step), or null before. */
    registeredProfile: () => {
      const view = registration.view();
      return view.step === 'done' ? view.profile : null;
    },
    /** Registration does nothing by itself: it answers the page. */
    start: () => {},
    stop: async (): Promise<void> => {},
  } satisfies Feature;
}
