/**
 * What recording the call's sound costs: one app records the microphone alone (Dictation)
 * and, in turn, a Consultation with the call's sound (the output's monitor mixed in), under
 * the virtual microphone and a second virtual output playing the call. The recorder process's
 * CPU and the bytes each minute of recording leaves on disk (the sealed recording and the
 * parts for the session), each against the microphone alone in the same run; and Record →
 * "speak now" with the call's sound opened at Record.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AUDIO_FILE, PARTS_FOLDER } from '../../main/dictations/dictation-store';
import { startCallOutput } from '../support/e2e/call-output';
import { startVirtualMicrophone } from '../support/e2e/virtual-microphone';
import { ROOT } from '../support/e2e/launch-app';
import { appPids, benchVisit, cpuSeconds, launch, pressRecordInPage, scribeArgs, stopRecording } from './app-measures';

export interface RecordingCost {
  /** Share of one core used by the recorder process while recording. */
  recorderCpu: number;
  /** Bytes on disk per minute of recording: the sealed recording, and the parts for the session. */
  recordingBytesPerMinute: number;
  partsBytesPerMinute: number;
  /** Record → "speak now" (ms). */
  speakNowMs: number;
}

export interface CallSoundCost {
  microphone: RecordingCost[];
  withCallSound: RecordingCost[];
}

function bytesIn(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) total += entry.isDirectory() ? bytesIn(join(folder, entry.name)) : statSync(join(folder, entry.name)).size;
  return total;
}

async function recordOnce(page: Page, userData: string, recorderPid: number, mode: 'dictation' | 'consultation', seconds: number): Promise<RecordingCost> {
  await page.getByLabel('Mode').selectOption(mode);
  const speakNowMs = await pressRecordInPage(page);
  const callSound = await page.evaluate(() => window.scribe.getRecorder().then((result) => (result.ok ? result.value.callSound : null)));
  if ((callSound?.state === 'on') !== (mode === 'consultation')) throw new Error(`The ${mode} recorded the call's sound as ${JSON.stringify(callSound)}: the measure would be of the wrong thing.`);
  const before = cpuSeconds(recorderPid);
  await page.waitForTimeout(seconds * 1000);
  const recorderCpu = (cpuSeconds(recorderPid) - before) / seconds;
  await stopRecording(page);
  const [newest] = await page.evaluate(() => window.scribe.listDictations().then((result) => (result.ok ? result.value : [])));
  const folder = join(userData, 'dictations', newest!.id);
  const minutes = newest!.durationMs / 60_000;
  const parts = join(folder, PARTS_FOLDER);
  return {
    recorderCpu,
    recordingBytesPerMinute: statSync(join(folder, AUDIO_FILE)).size / minutes,
    partsBytesPerMinute: (existsSync(parts) ? bytesIn(parts) : 0) / minutes,
    speakNowMs,
  };
}

/** `rounds` recordings of each kind, `seconds` long, in turn in one app (the sessions API, sending off). */
export async function callSoundCost(rounds: number, seconds: number, appDir = ROOT): Promise<CallSoundCost> {
  const microphone = startVirtualMicrophone({ toneHz: 440 });
  const call = startCallOutput(1250);
  try {
    // The recorder is measured here, not the consent question: the clinic keeps consent in its register.
    const args = scribeArgs(appDir, { autoSync: false, transcriptionApi: 'sessions', includeCallSound: true, consultationConsent: 'clinicRecordsIt' });
    const userData = args.find((arg) => arg.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
    const app = await launch(args);
    const page = await app.firstWindow();
    await benchVisit(page);
    // Once each, so that the recorder process and its encoders are warm for every measured one.
    for (const mode of ['dictation', 'consultation'] as const) {
      await page.getByLabel('Mode').selectOption(mode);
      await pressRecordInPage(page);
      await stopRecording(page);
    }
    const recorderPid = (await appPids(app)).find((process) => process.type === 'Utility' && process.name.includes('recorder'))!.pid;
    const cost: CallSoundCost = { microphone: [], withCallSound: [] };
    for (let round = 0; round < rounds; round += 1) {
      cost.microphone.push(await recordOnce(page, userData, recorderPid, 'dictation', seconds));
      cost.withCallSound.push(await recordOnce(page, userData, recorderPid, 'consultation', seconds));
    }
    await app.close();
    return cost;
  } finally {
    call.stop();
    microphone.stop();
  }
}
