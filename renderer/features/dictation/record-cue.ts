/**
 * The short sounds that say the shortcut started (rising) or stopped (falling) a recording,
 * synthesized with Web Audio (no sound file to load). Main sends them: the start cue at the
 * press, while the microphone opens, the stop cue once the recording is closed.
 */
import type { RecordCue } from '../../../contract/ipc';
import { scribe } from '../../bridge';

/** Two notes each (E6 and A6), 40 ms apiece: short enough to be over before anyone speaks. */
const NOTES: Record<RecordCue, number[]> = { start: [1319, 1760], stop: [1760, 1319] };
const NOTE_SECONDS = 0.04;
const FADE_SECONDS = 0.005;
const LEVEL = 0.25;
/** The audio output is let go this long after the last cue once no recording runs (no stream held open between recordings). */
const RELEASE_AFTER_MS = 1_500;
/** The audio output is prepared this long after the cues are turned on (or the app has started), away from start-up's work. */
const PREPARE_AFTER_MS = 1_500;

let context: AudioContext | null = null;
/** From a cue until the recording has ended: the output must keep running. */
let inUse = false;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function audioContext(): AudioContext {
  context ??= new AudioContext({ latencyHint: 'interactive' });
  return context;
}

function holdOutput(): void {
  inUse = true;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
}

function releaseOutputSoon(): void {
  holdOutput();
  inUse = false;
  const audio = context;
  if (audio) releaseTimer = setTimeout(() => !inUse && void audio.suspend(), RELEASE_AFTER_MS);
}

/**
 * Sets the audio output up ahead of the first cue, and leaves it suspended. Made at the first
 * cue instead, Chromium starts its audio service then, and on a small machine that takes half a
 * second from the microphone opening at the same moment.
 */
export function prepareCues(enabled: boolean): () => void {
  if (!enabled || context) return () => undefined;
  const timer = setTimeout(() => {
    const audio = audioContext();
    if (audio.state === 'running') void audio.suspend();
    else audio.addEventListener('statechange', () => audio.state === 'running' && !inUse && void audio.suspend(), { once: true });
  }, PREPARE_AFTER_MS);
  return () => clearTimeout(timer);
}

export function playCue(cue: RecordCue): void {
  const audio = audioContext();
  // From the start cue until the recording has ended the output stays running: the stop cue is not left to a stream that is starting.
  holdOutput();
  // Not awaited: while suspended the output's clock stands still, and the notes play the moment it runs.
  if (audio.state !== 'running') void audio.resume();
  let at = audio.currentTime;
  for (const frequency of NOTES[cue]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(LEVEL, at + FADE_SECONDS);
    gain.gain.setValueAtTime(LEVEL, at + NOTE_SECONDS - FADE_SECONDS);
    gain.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + NOTE_SECONDS);
    at += NOTE_SECONDS;
  }
  if (cue === 'stop') releaseOutputSoon();
}

/** Plays the cues main asks for, and lets the output go once no recording runs; returns the unsubscribe. */
export function followRecordCues(): () => void {
  const offCue = scribe.on.recordCue(playCue);
  // A recording started by the shortcut may be stopped by the Stop button: no stop cue then.
  const offRecorder = scribe.on.recorderChanged((recorder) => {
    if (recorder.state === 'idle' && inUse) releaseOutputSoon();
  });
  return () => {
    offCue();
    offRecorder();
  };
}
