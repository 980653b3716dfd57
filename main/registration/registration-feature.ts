/** Registration, assembled: the flow on the service client, and its handlers. */
import type { OperationHandlers } from '../ipc/register-operations';
import { log } from '../log';
import type { ServiceFeature } from '../service/service-feature';
import type { SettingsService } from '../settings/settings-service';
import { RegistrationFlow } from './registration-flow';

export function createRegistrationFeature(deps: { service: Pick<ServiceFeature, 'client'>; settings: SettingsService }) {
  const registration = new RegistrationFlow({
    client: deps.service.client,
    resendSeconds: () => deps.settings.current().otpResendSeconds,
    audit: (event) => log.info(event),
  });
  const handlers: Pick<OperationHandlers, 'getRegistration' | 'startRegistration' | 'resendRegistrationOtp' | 'resetRegistration'> = {
    getRegistration: () => registration.view(),
    startRegistration: ({ aadhaarNumber, consentText }) => registration.start(aadhaarNumber, consentText),
    resendRegistrationOtp: () => registration.resend(),
    resetRegistration: () => registration.reset(),
  };
  return { handlers };
}
