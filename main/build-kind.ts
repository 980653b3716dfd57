/**
 * Whether this is a development build (tests, `npm start`) or a release, fixed when it is
 * built (`SCRIBE_BUILD` in electron.vite.config.ts), never guessed at run time: a copied and
 * renamed executable is still a release. Only a development build honours `--policy` over
 * the machine policy, the update-key, renderer-URL and test-clock variables, DevTools, and the
 * embedded sandbox's control endpoint.
 */
declare const __SCRIBE_DEVELOPMENT_BUILD__: boolean | undefined;

/** False unless the build said otherwise: a build that says nothing is a release. */
export const DEVELOPMENT_BUILD: boolean = typeof __SCRIBE_DEVELOPMENT_BUILD__ === 'boolean' ? __SCRIBE_DEVELOPMENT_BUILD__ : false;
