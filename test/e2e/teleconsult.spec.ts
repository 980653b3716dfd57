/**
 * A teleconsult on this machine: the doctor on the virtual microphone (a 440 Hz tone), the
 * patient on a video call's sound (a 1250 Hz tone played into a second virtual output made
 * the default). A call program opening the microphone brings the offer to record; accepting
 * it records the Consultation with the call's sound, each source with its meter; the audio the
 * sandbox receives holds both tones from start to end. A Dictation beside it holds only the
 * doctor's, which shows that the test can tell.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RecorderStatus } from '../../contract/dictation';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { anotherProgramOnTheMicrophone, startCallOutput } from '../support/e2e/call-output';
import { READY, forPatient, speakFor, startConsultation, startRecording } from '../support/e2e/recording';
import { recordingWav } from '../support/e2e/sealed-data';
import { startVirtualMicrophone } from '../support/e2e/virtual-microphone';
import { tonePower } from '../support/tone-power';

test.setTimeout(120_000);

const DOCTOR_HZ = 440;
const PATIENT_HZ = 1250;
const OFFER = 'A call seems to have started. Record the consultation?';

/** The recorder's statuses main sends during `ms`. */
function statusesFor(page: Page, ms: number): Promise<RecorderStatus[]> {
  return page.evaluate(
    (wait) =>
      new Promise<RecorderStatus[]>((resolve) => {
        const seen: RecorderStatus[] = [];
        const off = window.scribe.on.recorderChanged((status) => seen.push(status));
        setTimeout(() => {
          off();
          resolve(seen);
        }, wait);
      }),
    ms,
  );
}

/** Each tone's weakest strength over the recording's tenths of a second (the first half second left out): a gap of 0.1 s shows. */
function weakestTones(wav: Buffer): { doctor: number; patient: number } {
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
  let doctor = Infinity;
  let patient = Infinity;
  for (let start = 8000; start + 1600 <= samples.length; start += 1600) {
    const window = samples.subarray(start, start + 1600);
    doctor = Math.min(doctor, tonePower(window, DOCTOR_HZ));
    patient = Math.min(patient, tonePower(window, PATIENT_HZ));
  }
  return { doctor, patient };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const uploads = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation === 'voiceUpload' && request.status === 200);

test('a call is offered once; accepted, the consultation records the doctor and the patient on the call, each with its meter', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const microphone = startVirtualMicrophone({ toneHz: DOCTOR_HZ });
  const call = startCallOutput(PATIENT_HZ);
  let callProgram: { stop(): void } | null = null;
  try {
    const policy = { service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, transcriptionApi: 'voice-upload', uploadAudioFormat: 'wav' };
    const { page, userDataDir } = await launch({ policy });
    await page.getByLabel('Mode').selectOption('consultation');
    const include = page.getByRole('checkbox', { name: 'Include the call’s sound' });
    await include.check();
    await expect(include).toBeChecked();
    await forPatient(page, 'Teleconsult test patient');

    // The call begins: its program opens the microphone. The app offers, and starts nothing by itself.
    callProgram = anotherProgramOnTheMicrophone();
    await expect(page.getByText(OFFER)).toBeVisible({ timeout: 10_000 });
    expect(await bridgeValue(page, 'listDictations')).toEqual([]);
    await screenshot(page, 'teleconsult-offer');
    await startConsultation(page, (shown) => shown.getByRole('button', { name: 'Record consultation' }).click());
    await expect(page.getByText(OFFER)).toBeHidden();

    const statuses = await statusesFor(page, 1500);
    expect(statuses.at(-1)).toMatchObject({ mode: 'consultation', callSound: { state: 'on', message: null } });
    expect(Math.max(...statuses.map((status) => status.level))).toBeGreaterThan(0.3);
    expect(Math.max(...statuses.map((status) => status.callSound?.level ?? 0))).toBeGreaterThan(0.3);
    await expect.poll(async () => Number(await page.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'))).toBeGreaterThan(30);
    await expect.poll(async () => Number(await page.getByRole('meter', { name: 'Call sound level' }).getAttribute('aria-valuenow'))).toBeGreaterThan(30);
    await screenshot(page, 'teleconsult-recording');
    await speakFor(page, 5000);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText(READY);

    // Beside it, the doctor alone: the call's sound is not in a Dictation.
    await page.getByLabel('Mode').selectOption('dictation');
    await expect(include).toBeHidden();
    await startRecording(page, 'Dictation beside the call');
    expect(await bridgeValue(page, 'getRecorder')).toMatchObject({ mode: 'dictation', callSound: null });
    await expect(page.getByRole('meter', { name: 'Call sound level' })).toBeHidden();
    await speakFor(page, 2500);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText(READY);

    // What the sandbox received is each recording, byte for byte; the consultation's holds both voices throughout.
    const [dictation, consultation] = await bridgeValue(page, 'listDictations');
    expect(consultation).toMatchObject({ label: 'Teleconsult test patient', mode: 'consultation' });
    await expect.poll(() => uploads(sandbox).length, { timeout: 30_000 }).toBe(2);
    const consultationWav = await recordingWav(userDataDir, consultation!.id);
    const dictationWav = await recordingWav(userDataDir, dictation!.id);
    expect(uploads(sandbox).map((request) => request.file?.sha256).sort()).toEqual([sha256(consultationWav), sha256(dictationWav)].sort());
    const both = weakestTones(consultationWav);
    expect(both.doctor).toBeGreaterThan(0.1);
    expect(both.patient).toBeGreaterThan(0.1);
    const alone = weakestTones(dictationWav);
    expect(alone.doctor).toBeGreaterThan(0.1);
    expect(alone.patient).toBeLessThan(0.01);

    // The same call goes on: no second offer. The next call is offered again, and "Not now" puts it away.
    await expect(page.getByText(OFFER)).toBeHidden();
    const freed = () => readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8').split('call offer: 0 other program(s)').length;
    const freedBefore = freed();
    callProgram.stop();
    await expect.poll(freed).toBeGreaterThan(freedBefore);
    callProgram = anotherProgramOnTheMicrophone();
    await expect(page.getByText(OFFER)).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByText(OFFER)).toBeHidden();
    expect(await bridgeValue(page, 'listDictations')).toHaveLength(2);
  } finally {
    callProgram?.stop();
    call.stop();
    microphone.stop();
  }
});

test('without the sound server’s tool the consultation records the microphone, and says at Record that the call’s sound is missing', async ({ launch }) => {
  const microphone = startVirtualMicrophone({ toneHz: DOCTOR_HZ });
  const call = startCallOutput(PATIENT_HZ);
  try {
    // A computer without pulseaudio-utils: pactl is nowhere on the app's PATH.
    const { page, userDataDir } = await launch({ policy: { transcriptionApi: 'voice-upload' }, env: { PATH: '/nonexistent' } });
    await page.getByLabel('Mode').selectOption('consultation');
    await page.getByRole('checkbox', { name: 'Include the call’s sound' }).check();
    await forPatient(page, 'Teleconsult without pactl');
    await startConsultation(page);
    const missing = 'The call’s sound is not recorded: the sound server’s tool pactl (package pulseaudio-utils) is not installed. Only the microphone is recorded.';
    expect(await bridgeValue(page, 'getRecorder')).toMatchObject({ state: 'recording', callSound: { state: 'missing', message: missing } });
    await expect(page.getByRole('alert').filter({ hasText: missing })).toBeVisible();
    await screenshot(page, 'teleconsult-call-sound-missing');
    await speakFor(page, 2000);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText(READY);
    const [consultation] = await bridgeValue(page, 'listDictations');
    const tones = weakestTones(await recordingWav(userDataDir, consultation!.id));
    expect(tones.doctor).toBeGreaterThan(0.1);
    expect(tones.patient).toBeLessThan(0.01);
  } finally {
    call.stop();
    microphone.stop();
  }
});
