/** Loudness of a frame for the level meter. Pure. */

const FLOOR_DB = -60;

/** Root mean square of 16-bit samples, as a fraction of full scale (0..1). */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length) / 32768;
}

/** Maps a full-scale fraction to 0..1 on a decibel scale from -60 dBFS to 0 dBFS. */
export function meterLevel(fraction: number): number {
  if (fraction <= 0) return 0;
  const db = 20 * Math.log10(fraction);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));
}
