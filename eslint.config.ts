import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin, PLACED_FILES } from './scripts/layers/lint-rules';

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
    // CommonJS run by Electron itself: the bare app the start-up benchmark compares against, and what makes main's code cache at build time.
    files: ['test/bench/bare-window/*.cjs', 'scripts/code-cache/*.cjs'],
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
    // Every import as the one layer table (scripts/layers/layer-table.ts) allows it, in the words
    // of `npm run layers`, which checks the same over the whole import graph: Electron only where
    // the path says so, no room importing one above it, the renderer only the contract.
    files: PLACED_FILES,
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports': 'error' },
  },
);
