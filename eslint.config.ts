import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { ELECTRON_ADAPTERS } from './scripts/layers/layer-table';
import { electronPackageBlocks, filesThatMayImport, foldersOf } from './scripts/layers/lint-rules';

/**
 * The Electron packages, main/ipc and the features are placed by the one layer table
 * (scripts/layers/layer-table.ts), which `npm run layers` checks over the whole import graph;
 * lint reads it, so that an editor shows its rules where the import is written.
 */
const ELECTRON_SHELL = filesThatMayImport('electron');

/** main/ipc however a relative path reaches it (`../ipc/x`, `../../main/ipc`, `./ipc`), but not contract/ipc. */
const NO_MAIN_IPC = {
  regex: '^(?:\\./|(?:\\.\\./)+)ipc(?:/|$)|(?:^|/)main/ipc(?:/|$)',
  message: 'Raise a core error (main/core/refusal.ts); main/ipc maps it for the bridge.',
};

/** The features, and the result views they share: what the app makes of the service's answers. */
const FEATURES = `(?:${[...foldersOf('features'), 'main/results'].map((folder) => folder.replace(/^main\//, '')).join('|')})`;

/** A feature however a relative path from main reaches it (`../lab-reports/x`, `../../main/dictations`). */
const NO_FEATURES = {
  regex: `^(?:\\.\\./)+${FEATURES}(?:/|$)|(?:^|/)main/${FEATURES}(?:/|$)`,
  message:
    'main/api is transport and wire schemas: it reads answers into wire types, and what a feature makes of them lives in the feature (shared views in main/results). Features import the api, never the other way.',
};

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      eqeqeq: 'error',
    },
  },
  {
    // Type-aware rules: promises not left floating or passed where none is expected, switches
    // that cover every case, no assertion that changes nothing.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    files: ['main/**/*.ts', 'preload/**/*.ts', 'test/**/*.{ts,mjs}', 'scripts/**/*.{js,mjs,ts}', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The Windows lane's tests use node:test (Vitest does not run under Wine), whose describe and it return promises the runner awaits.
    files: ['test/wine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'before', 'after', 'beforeEach', 'afterEach'] }] }],
    },
  },
  {
    // The bare Electron app the start-up benchmark compares against: CommonJS, as small as an app can be.
    files: ['test/bench/bare-window/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured, even when empty.
    files: ['test/support/e2e/fixtures.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only matters with the React Compiler, which this project does not use.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // The renderer reaches main only through the bridge.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The renderer is a web page: Node is reached through the bridge (window.scribe).' },
            // "main" as any part of the path: `../../main/x`, `../../../../main`.
            { regex: '(?:^|/)main(?:/|$)', message: 'The renderer reaches main only through the bridge (window.scribe) and contract/.' },
          ],
        },
      ],
    },
  },
  // Electron, electron-log and electron-updater only where the layer table allows them.
  ...electronPackageBlocks(),
  {
    // Transport, the outbox, storage and every feature's logic have no bridge (main/ipc maps their errors).
    files: ['main/**/*.ts'],
    ignores: ELECTRON_SHELL,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_MAIN_IPC] }] },
  },
  {
    // Transport and wire schemas only: no feature, no view of an answer (and so no cycle between the api and a feature).
    files: ['main/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_MAIN_IPC, NO_FEATURES] }] },
  },
  {
    // The views shared by the features (FHIR, prescriptions, decoded outputs) import none of them.
    files: ['main/results/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_MAIN_IPC, { ...NO_FEATURES, message: 'main/results is shared by the features: it imports none of them.' }] }] },
  },
  {
    // The adapters call Electron, but do not reach the bridge either.
    files: Object.keys(ELECTRON_ADAPTERS),
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_MAIN_IPC] }] },
  },
);
