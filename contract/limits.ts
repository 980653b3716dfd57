/** Limits the page, main and the sandbox share. */

/** The largest lab report the service takes through the upload used here (10 MB). */
export const MAX_RECORD_BYTES = 10 * 1024 * 1024;

/** Files taken in one go (one batch). */
export const MAX_RECORD_FILES = 20;

/** A dictation's label (patient or visit). */
export const LABEL_MAX_CHARS = 120;
