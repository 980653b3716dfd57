/**
 * How the note goes into each program: a program profile names a program as the OS knows it
 * (the X11 window class, the Windows process name, the macOS bundle id) and how the note is
 * inserted there (pasted as rich text, as plain text, or typed). The doctor's and the clinic's
 * profiles come first; built-in ones for browsers, office programs and remote desktops after.
 * The schema, the built-ins and the matching; imports nothing from Electron.
 */

/** `rich`: text and HTML (tables, headings); `plain`: text only; `type`: keystrokes, for fields that block paste and remote desktops without a shared clipboard. */
export const INSERT_FORMATS = ['rich', 'plain', 'type'] as const;
export type InsertFormat = (typeof INSERT_FORMATS)[number];

/** How a program is recognised: X11's WM_CLASS, the Windows process (executable) name, the macOS bundle id. */
export const PROGRAM_MATCHES = ['wm-class', 'process', 'bundle'] as const;
export type ProgramMatch = (typeof PROGRAM_MATCHES)[number];

/** How a typed line break reaches the field: Enter, or Shift+Enter (chat-like fields where Enter sends). */
export const LINE_BREAKS = ['enter', 'shift-enter'] as const;
export type LineBreak = (typeof LINE_BREAKS)[number];

export const INSERT_FORMAT_LABELS: Record<InsertFormat, string> = {
  rich: 'Paste with formatting (tables, headings)',
  plain: 'Paste as plain text',
  type: 'Type it (for fields that block paste, remote desktops)',
};

export const PROGRAM_MATCH_LABELS: Record<ProgramMatch, string> = {
  'wm-class': 'window class (Linux)',
  process: 'program file (Windows)',
  bundle: 'bundle id (macOS)',
};

export const MAX_INSERT_PROFILES = 100;

/** How the note goes into one program (checked by insert-profile-schema.ts where it arrives). */
export interface InsertProfile {
  /** The program's name as `match` reads it, compared without regard to case (for example chromium, chrome.exe, com.google.Chrome). */
  program: string;
  match: ProgramMatch;
  format: InsertFormat;
  /** Pressed while the note is still being processed: insert it when it is ready (into the same window, if still in front and unchanged). */
  insertWhenReady?: boolean | undefined;
  /** Enter when not given. */
  lineBreak?: LineBreak | undefined;
}

/** Two profiles for the same program. */
export const sameProgram = (a: Pick<InsertProfile, 'program' | 'match'>, b: Pick<InsertProfile, 'program' | 'match'>) =>
  a.match === b.match && a.program.toLowerCase() === b.program.toLowerCase();

/** The focused program as the OS names it: `names` are every name `match` may be compared with (X11: WM_CLASS's instance and class). */
export interface ProgramIdentity {
  match: ProgramMatch;
  names: string[];
}

/** The form built-in profiles give, for the programs a clinic commonly uses. */
const BUILT_IN: Array<{ format: InsertFormat; programs: Array<[ProgramMatch, string]> }> = [
  {
    // Browsers (web EMRs) and office programs keep tables and headings.
    format: 'rich',
    programs: [
      ['wm-class', 'chromium'], ['wm-class', 'google-chrome'], ['wm-class', 'firefox'], ['wm-class', 'firefox-esr'], ['wm-class', 'microsoft-edge'], ['wm-class', 'brave-browser'],
      ['wm-class', 'libreoffice'], ['wm-class', 'soffice'], ['wm-class', 'thunderbird'],
      ['process', 'chrome.exe'], ['process', 'msedge.exe'], ['process', 'firefox.exe'], ['process', 'brave.exe'], ['process', 'winword.exe'], ['process', 'outlook.exe'], ['process', 'soffice.bin'],
      ['bundle', 'com.google.chrome'], ['bundle', 'com.apple.safari'], ['bundle', 'org.mozilla.firefox'], ['bundle', 'com.microsoft.edgemac'], ['bundle', 'com.microsoft.word'], ['bundle', 'com.microsoft.outlook'],
    ],
  },
  {
    // Text editors and terminals take plain text (HTML would be ignored, or pasted as markup).
    format: 'plain',
    programs: [
      ['wm-class', 'gedit'], ['wm-class', 'org.gnome.texteditor'], ['wm-class', 'mousepad'], ['wm-class', 'kate'], ['wm-class', 'xterm'], ['wm-class', 'gnome-terminal-server'],
      ['process', 'notepad.exe'], ['process', 'wordpad.exe'], ['bundle', 'com.apple.textedit'], ['bundle', 'com.apple.terminal'],
    ],
  },
  {
    // Remote desktops often share no clipboard: the note is typed into the remote program.
    format: 'type',
    programs: [
      ['wm-class', 'xfreerdp'], ['wm-class', 'remmina'], ['wm-class', 'wfica'], ['wm-class', 'vncviewer'],
      ['process', 'mstsc.exe'], ['process', 'wfica32.exe'], ['process', 'cdviewer.exe'], ['process', 'vncviewer.exe'],
      ['bundle', 'com.microsoft.rdc.macos'], ['bundle', 'com.citrix.receiver.icaviewer.mac'],
    ],
  },
];

export const BUILT_IN_INSERT_PROFILES: readonly InsertProfile[] = BUILT_IN.flatMap(({ format, programs }) =>
  programs.map(([match, program]) => ({ program, match, format })),
);

/** A program nothing names gets what the note has always been: text and HTML, each program taking what it reads. */
export const DEFAULT_INSERT_PROFILE: InsertProfile = { program: '', match: 'wm-class', format: 'rich' };

/** The profile for `program`: the first of `profiles` (the doctor's or clinic's) naming it, else a built-in one, else the default. `listed`: found in `profiles`. */
export function profileFor(program: ProgramIdentity | null, profiles: readonly InsertProfile[]): { profile: InsertProfile; listed: boolean } {
  if (program) {
    const names = program.names.map((name) => name.toLowerCase());
    const named = (profile: InsertProfile) => profile.match === program.match && names.includes(profile.program.toLowerCase());
    const own = profiles.find(named);
    if (own) return { profile: own, listed: true };
    const builtIn = BUILT_IN_INSERT_PROFILES.find(named);
    if (builtIn) return { profile: builtIn, listed: false };
  }
  return { profile: DEFAULT_INSERT_PROFILE, listed: false };
}

/** The name a profile for this program is saved under: X11's class's instance part (the first name), the process or bundle id as given. */
export function programName(program: ProgramIdentity): string {
  return program.names[0] ?? '';
}
