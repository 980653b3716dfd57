/**
 * What kind of build this is, fixed when it is built (electron.vite.config.ts), never guessed
 * at run time: a copied and renamed executable is still what it was built as.
 *
 * - Development or release (`SCRIBE_BUILD`): only a development build honours `--policy` over
 *   the machine policy, the update-key, renderer-URL and test-clock variables, DevTools, the
 *   embedded sandbox's control endpoint, and the bench's switch that leaves the audit trail out.
 * - Who installs and upgrades it (`SCRIBE_PACKAGE_MANAGER`): a system package manager (`apt`
 *   for the .deb), or the app's own signed update channel (AppImage, NSIS, dmg).
 */
declare const __SCRIBE_DEVELOPMENT_BUILD__: boolean | undefined;
declare const __SCRIBE_PACKAGE_MANAGER__: string | undefined;

/** False unless the build said otherwise: a build that says nothing is a release. */
export const DEVELOPMENT_BUILD: boolean = typeof __SCRIBE_DEVELOPMENT_BUILD__ === 'boolean' ? __SCRIBE_DEVELOPMENT_BUILD__ : false;

/** The system package manager that installs and upgrades this build (`apt`), or null when the app's own updater does. */
export const PACKAGE_MANAGER: string | null =
  typeof __SCRIBE_PACKAGE_MANAGER__ === 'string' && __SCRIBE_PACKAGE_MANAGER__ !== '' ? __SCRIBE_PACKAGE_MANAGER__ : null;
