import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['main/**/*.ts', 'preload/**/*.ts', 'test/**/*.{ts,mjs}', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The bare Electron app the start-up benchmark compares against: CommonJS, as small as an app can be.
    files: ['test/bench/bare-window/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be destructured, even when empty.
    files: ['test/e2e/support/fixtures.ts'],
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
      'no-restricted-imports': ['error', { patterns: ['electron', 'node:*', '**/main/**', '**/main'] }],
    },
  },
  {
    // Transport, the outbox and storage are plain Node: no Electron, and no bridge (its errors are mapped in main/ipc).
    files: ['main/api/**/*.ts', 'main/outbox/**/*.ts', 'main/storage/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Plain Node here: Electron is reached from the *-feature.ts wiring.' }], patterns: [{ group: ['../ipc/*', '../../ipc/*', '**/main/ipc/*'], message: 'Raise a core error (main/core); main/ipc maps it for the bridge.' }] },
      ],
    },
  },
);
