/**
 * Staged rollouts: the publisher puts `stagingPercentage` (0–100) in a release's signed
 * metadata, and each machine decides for itself, the same way every time, whether it is among
 * that share. The decision hashes a stable machine id with the offered version: a machine in
 * the first 10 % of version X stays in as the share grows, and the machines that go first
 * differ from one release to the next. Pure: node:crypto only.
 */
import { createHash } from 'node:crypto';

export type RolloutShare = { kind: 'everyone' } | { kind: 'share'; percentage: number } | { kind: 'invalid' };

/** The rollout the signed metadata asks for: no `stagingPercentage` means everyone. */
export function rolloutShare(info: { stagingPercentage?: unknown }): RolloutShare {
  const value = info.stagingPercentage;
  if (value === undefined || value === null) return { kind: 'everyone' };
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) return { kind: 'invalid' };
  return value >= 100 ? { kind: 'everyone' } : { kind: 'share', percentage: value };
}

/** Where this machine stands for `version`, in [0, 100): it takes the version once the share is above it. */
export function rolloutPosition(machineId: string, version: string): number {
  const digest = createHash('sha256').update(`scribe-desk staged rollout\n${machineId}\n${version}`, 'utf8').digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

export type RolloutDecision = { take: true } | { take: false; reason: string };

/**
 * Whether this machine takes `version` under `share`. The machine id is asked for only when
 * the release is staged.
 */
export function rolloutDecision(share: RolloutShare, version: string, machineId: () => string): RolloutDecision {
  switch (share.kind) {
    case 'everyone':
      return { take: true };
    case 'invalid':
      return { take: false, reason: `The release information for version ${version} has a staged rollout share that is not a number from 0 to 100; not installed.` };
    case 'share':
      if (share.percentage > 0 && rolloutPosition(machineId(), version) < share.percentage) return { take: true };
      return { take: false, reason: `Version ${version} is being released in stages (now to ${share.percentage} % of computers); this computer gets it at a later stage.` };
  }
}
