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
    files: ['main/**/*.ts', 'preload/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
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
      'no-restricted-imports': ['error', { patterns: ['electron', 'node:*', '../../main/*', '../main/*'] }],
    },
  },
);
