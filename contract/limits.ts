/** Limits the page, main and the sandbox share. */

/** The largest lab report the service takes through the upload used here (10 MB). */
export const MAX_LAB_REPORT_BYTES = 10 * 1024 * 1024;

/** Files taken in one go (one batch). */
export const MAX_LAB_REPORT_FILES = 20;

/** A dictation's label (patient or visit). */
export const LABEL_MAX_CHARS = 120;

/** The longest client secret taken. */
export const CLIENT_SECRET_MAX_CHARS = 4096;

/** The longest access token taken: the longest secret of any kind. */
export const ACCESS_TOKEN_MAX_CHARS = 16_384;
