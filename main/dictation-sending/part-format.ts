/**
 * The format a dictation's parts are written in, chosen once when its recording starts from
 * the audio formats the service's discovery document lists: Ogg Opus where it lists
 * `audio/ogg` (about half the bytes of MP3 for speech), else MP3, which every version of the
 * service has taken. The dictation keeps it for every session its parts go to. Pure.
 */
import type { PartFormat } from '../audio/audio-parts';

/** `formats`: discovery's `capabilities.audio_formats`; null when no document is known yet. */
export function partFormatFor(formats: readonly string[] | null): PartFormat {
  const takesOgg = (formats ?? []).some((format) => /^audio\/ogg\s*(;|$)/i.test(format.trim()));
  return takesOgg ? 'ogg' : 'mp3';
}
