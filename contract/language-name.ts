/**
 * A language's name in English from its ISO 639-1 code ("hi": "Hindi"), as the runtime knows
 * it; the code itself where it knows none. The runtime's table of names is made at the first
 * name asked for, not as the code loads: making it costs several milliseconds of start-up.
 */
let names: Intl.DisplayNames | null = null;

export function languageName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' });
    const name = names.of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}
