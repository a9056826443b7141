import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './lint/room-imports.mjs';

const noElectron = { name: 'electron', message: 'Tests and benchmarks run under plain Node: electron stays in src/main/index.ts and src/main/electron.' };
/** Tests and benchmarks import a package by its name (its package.json exports), never the files inside it. */
const packageFiles = { group: ['**/packages/*/src/**', '**/packages/*/dist/**'], message: 'Import a package by its name (packages/README.md), never its files.' };

export default tseslint.config(
  { ignores: ['out/**', 'packages/*/dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Each room of the app and of packages/ imports only what lint/rooms.mjs allows it, relative paths and packages alike.
    files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'packages/*/test/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/rooms': 'error' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packageFiles] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
