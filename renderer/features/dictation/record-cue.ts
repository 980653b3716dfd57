/**
 * The short sounds that say the shortcut started (rising) or stopped (falling) a recording
 * (cue-sound.ts), played by media elements from WAV made in the page (no sound file to load).
 * Main sends them: the start cue at the press, while the microphone opens, the stop cue once the
 * recording is closed. Not Web Audio: Chromium makes an AudioContext by asking for the output's
 * settings with the page's thread held, and its first one starts the audio service, which held
 * the page about half a second here (docs/benchmarks.md); a media element opens the output on
 * the side, and the page goes on.
 */
import type { RecordCue } from '../../../contract/ipc';
import { scribe } from '../../bridge';
import { CUE_NOTES, cueSamples, silenceSamples, wavBytes } from './cue-sound';

/** The audio output is started this long after the cues are turned on (or the app has started), away from start-up's work, with a silence. */
const PREPARE_AFTER_MS = 1_500;

const players = new Map<RecordCue | 'silence', HTMLAudioElement>();

function player(sound: RecordCue | 'silence'): HTMLAudioElement {
  let audio = players.get(sound);
  if (!audio) {
    const samples = sound === 'silence' ? silenceSamples() : cueSamples(CUE_NOTES[sound]);
    audio = new Audio(URL.createObjectURL(new Blob([wavBytes(samples)], { type: 'audio/wav' })));
    audio.preload = 'auto';
    players.set(sound, audio);
  }
  return audio;
}

function play(sound: RecordCue | 'silence'): void {
  const audio = player(sound);
  audio.currentTime = 0;
  // A cue that cannot play (no output device) is not a failure: the recording goes on.
  void audio.play().catch(() => undefined);
}

/**
 * Starts the audio output ahead of the first cue, with a silence: started at the first cue
 * instead, Chromium starts its audio service then, and on a small machine the cue comes half a
 * second late, beside the microphone opening.
 */
export function prepareCues(enabled: boolean): () => void {
  if (!enabled || players.size > 0) return () => undefined;
  const timer = setTimeout(() => {
    play('silence');
    player('start');
    player('stop');
  }, PREPARE_AFTER_MS);
  return () => clearTimeout(timer);
}

export const playCue = (cue: RecordCue): void => play(cue);

/** Plays the cues main asks for; returns the unsubscribe. */
export function followRecordCues(): () => void {
  return scribe.on.recordCue(playCue);
}
