/**
 * The computer's time zone by its IANA name, written beside each local time in the trail. Where
 * the system names it by the link /etc/localtime (Linux, macOS) and TZ does not say otherwise,
 * it is read from the link: asking ICU (Intl.DateTimeFormat) first loads its locale data, about
 * 30 ms of main's one thread while the window's first answers wait. Elsewhere ICU is asked.
 */
import { readlinkSync } from 'node:fs';

const ZONE_FOLDER = '/zoneinfo/';
/** Folders of zoneinfo that hold the same zones again (leap seconds counted, or not). */
const VARIANT_FOLDER = /^(posix|right)\//;
/** An IANA name (Asia/Kolkata, America/Argentina/Buenos_Aires, Etc/GMT+5, UTC). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export interface ZoneSources {
  platform: NodeJS.Platform;
  /** The TZ variable, which ICU and Date read before the link. */
  tz: string | undefined;
  /** Where /etc/localtime links to; null when it is no link. */
  localtimeLink(): string | null;
  /** ICU's answer. */
  icu(): string;
}

export function computerZone(sources: ZoneSources = systemZoneSources()): string {
  if (sources.platform !== 'win32' && sources.tz === undefined) {
    const link = sources.localtimeLink();
    const at = link?.lastIndexOf(ZONE_FOLDER) ?? -1;
    const name = link && at >= 0 ? link.slice(at + ZONE_FOLDER.length).replace(VARIANT_FOLDER, '') : null;
    if (name && IANA_NAME.test(name)) return name;
  }
  return sources.icu();
}

function systemZoneSources(): ZoneSources {
  return {
    platform: process.platform,
    tz: process.env.TZ,
    localtimeLink: () => {
      try {
        return readlinkSync('/etc/localtime');
      } catch {
        return null;
      }
    },
    icu: () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  };
}
