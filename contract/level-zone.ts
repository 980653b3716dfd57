/**
 * What the level meter says of a level (0..1 on a decibel scale from -60 to 0 dBFS, as the
 * recorder measures each frame's loudness): speech is green, loud is amber, and only sound
 * near full scale, where it clips, is red. Pure.
 */

export type LevelZone = 'quiet' | 'speech' | 'loud' | 'clipping';

/** -12 dBFS: louder than speech at a normal distance. */
export const LOUD_LEVEL = 0.8;
/** -3 dBFS of loudness: the peaks are clipping. */
export const CLIPPING_LEVEL = 0.95;
/** -42 dBFS: no more than room noise. */
const QUIET_LEVEL = 0.3;

export function levelZone(level: number): LevelZone {
  if (level >= CLIPPING_LEVEL) return 'clipping';
  if (level >= LOUD_LEVEL) return 'loud';
  if (level >= QUIET_LEVEL) return 'speech';
  return 'quiet';
}

/** What a screen reader hears of the meter. */
export const LEVEL_WORDS: Record<LevelZone, string> = {
  quiet: 'quiet',
  speech: 'good level for speech',
  loud: 'loud',
  clipping: 'too loud: the sound is clipping',
};
