import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT } from '../../../contract/registration';
import { appError, failed, ok } from '../../../contract/result';
import { createRegistrationStore } from '../../../renderer/features/registration/registration-store';
import { storeOnFakeBridge } from '../../support/fake-bridge';
import { OFFLINE, registration } from '../../support/renderer-fixtures';

/** Valid (its check digit matches). */
const AADHAAR = '234123412346';

const setup = () => storeOnFakeBridge(createRegistrationStore);

describe('registration store: the Aadhaar step', () => {
  it('the number is checked here first: nothing is sent with a wrong number or without consent', async () => {
    const { fake, store } = setup();
    store.getState().setDigits('2341 2341 234612');
    expect(store.getState().digits).toBe(AADHAAR);
    store.getState().setDigits('2341 2341 23x4');
    expect(store.getState().digits).toBe('23412341234');
    await store.getState().send();
    expect(store.getState().fieldErrors.aadhaarNumber).toMatch(/12 digits/);

    store.getState().setDigits(AADHAAR);
    expect(store.getState().fieldErrors).toEqual({});
    await store.getState().send();
    expect(store.getState().fieldErrors).toEqual({ consent: "Record the patient's consent before sending the OTP." });
    expect(fake.calls('startRegistration')).toEqual([]);
  });

  it('sends the number with the consent text; the view main answers is the next step', async () => {
    const { fake, store } = setup();
    fake.answer('startRegistration', ok(registration('aadhaar-otp')));
    store.getState().setDigits(AADHAAR);
    store.getState().setConsent(true);
    await store.getState().send();
    expect(fake.calls('startRegistration')).toEqual([{ aadhaarNumber: AADHAAR, consentText: CONSENT_TEXT }]);
    expect(store.getState()).toMatchObject({ busy: false, error: null, lastAction: 'send' });
    expect(store.getState().view?.step).toBe('aadhaar-otp');
  });
});

describe('registration store: the OTP steps', () => {
  it('both the OTP and the mobile number are checked before anything is sent', async () => {
    const { fake, store } = setup();
    store.getState().setOtp('12 3');
    store.getState().setMobile('12345');
    await store.getState().verifyOtp();
    expect(Object.keys(store.getState().fieldErrors).sort()).toEqual(['mobile', 'otp']);
    expect(fake.calls('verifyRegistrationOtp')).toEqual([]);
  });

  it('a refused OTP is cleared and main is asked what to offer next; Retry does the same action again', async () => {
    const { fake, store } = setup();
    const wrong = appError('invalid-input', 'Wrong OTP.', { fields: { otp: 'This OTP is wrong; 2 tries left.' } });
    fake.answer('verifyRegistrationOtp', failed(wrong));
    fake.answer('getRegistration', ok(registration('aadhaar-otp', { next: 'retype-otp' })));
    store.getState().setOtp('123456');
    store.getState().setMobile('+91 98765 43210');
    await store.getState().verifyOtp();
    expect(fake.calls('verifyRegistrationOtp')).toEqual([{ otp: '123456', mobile: '9876543210' }]);
    expect(store.getState()).toMatchObject({ otp: '', error: wrong, fieldErrors: { otp: 'This OTP is wrong; 2 tries left.' }, busy: false });
    expect(store.getState().view?.next).toBe('retype-otp');

    fake.answer('verifyRegistrationOtp', ok(registration('mobile-otp')));
    store.getState().setOtp('654321');
    await store.getState().retry();
    expect(fake.calls('verifyRegistrationOtp')[1]).toEqual({ otp: '654321', mobile: '9876543210' });
    expect(store.getState()).toMatchObject({ otp: '', error: null, fieldErrors: {} });
    expect(store.getState().view?.step).toBe('mobile-otp');
  });
});

describe('registration store: the address step', () => {
  it('asks whether an address is free after a pause in typing, and drops the answer for an address typed over', async () => {
    const { fake, store, clock } = setup();
    const checks = fake.hold('checkAbhaAddress');
    store.getState().setAddress('ravi.kumar');
    store.getState().setAddress('ravi.kumar9');
    await clock.advance(349);
    expect(fake.calls('checkAbhaAddress')).toEqual([]);
    await clock.advance(1);
    expect(fake.calls('checkAbhaAddress')).toEqual([{ address: 'ravi.kumar9' }]);
    expect(store.getState().address.state).toBe('checking');

    store.getState().setAddress('ravi.kumar90');
    checks.answer(ok({ address: 'ravi.kumar9@abdm', available: false }));
    await clock.advance(0);
    expect(store.getState().address).toEqual({ name: 'ravi.kumar90', state: 'checking', message: null });
    await clock.advance(350);
    checks.answer(ok({ address: 'ravi.kumar90@abdm', available: true }));
    await clock.advance(0);
    expect(store.getState().address).toEqual({ name: 'ravi.kumar90', state: 'available', message: null });
  });

  it('a name that breaks the rules is never checked; a taken one cannot be created', async () => {
    const { fake, store, clock } = setup();
    store.getState().setAddress('ab');
    await clock.advance(1000);
    expect(store.getState().address.state).toBe('incomplete');
    expect(fake.calls('checkAbhaAddress')).toEqual([]);

    fake.answer('checkAbhaAddress', ok({ address: 'ravi.kumar90@abdm', available: false }));
    store.getState().setAddress('ravi.kumar90');
    await clock.advance(350);
    await store.getState().createAddress();
    expect(store.getState().fieldErrors.address).toMatch(/already taken/);
    expect(fake.calls('createAbhaAddress')).toEqual([]);
  });
});

describe('registration store: load and start over', () => {
  it('a failed load goes to the problem store', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getRegistration', failed(OFFLINE));
    await store.getState().load();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().view).toBeNull();
  });

  it('Start over forgets everything typed, takes the fresh view, and puts the keyboard in the number field', async () => {
    const { fake, store } = setup();
    fake.answer('resetRegistration', ok(registration('aadhaar')));
    store.getState().setDigits(AADHAAR);
    store.getState().setConsent(true);
    store.getState().setOtp('123456');
    store.getState().setMobile('9876543210');
    await store.getState().startOver();
    expect(store.getState()).toMatchObject({ digits: '', consent: false, otp: '', mobile: '', lastAction: null, focusAadhaar: true });
    expect(store.getState().view?.step).toBe('aadhaar');
    store.getState().aadhaarFocused();
    expect(store.getState().focusAadhaar).toBe(false);
  });
});
