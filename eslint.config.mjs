import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const noElectron = { name: 'electron', message: 'The core and shared code run under plain Node too: keep electron in src/main/index.ts and src/main/electron.' };
/** Imports of folders that sit above the importing code: an arrow running upward. */
const upward = (folders, message) => ({ group: folders.map((folder) => `**/${folder}/**`), message });
const noNode = {
  paths: nodeBuiltins.map((name) => ({ name, message: 'shared and renderer code runs in the browser: no Node built-ins.' })),
  patterns: [{ group: ['node:*'], message: 'shared and renderer code runs in the browser: no node:* modules.' }],
};

/** The app imports a package by its name (its exports), never a path into it. */
const packagesByName = { group: ['**/packages/**'], message: "Import a package by its name (e.g. 'webhook-inspector-relay'), never a path into packages/." };
/** A package imports only what its README allows: Node built-ins, its own files, and the names given. */
const onlyImports = (allowed, message) => ({ regex: `^(?!node:|\\./${allowed.map((name) => `|${name.replace(/\./g, '\\.')}$`).join('')})`, message });

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
    files: ['src/main/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packagesByName] }] },
  },
  {
    files: ['src/main/core/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packagesByName, upward(['receiver'], 'The receiver sits above the store: what both need lives below them (delivery-record/).')] }],
    },
  },
  {
    files: ['src/main/core/delivery-record/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [packagesByName, upward(['receiver', 'store', 'relay'], 'delivery-record/ sits below the receiver, the store and the relay: it imports analysis/ only.')] },
      ],
    },
  },
  {
    files: ['packages/command-line/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['**/src/main/**', '**/src/shared/**', '**/packages/**'], message: '@webhook-inspector/command-line is generic: Node built-ins only, never the app or another package.' }] },
      ],
    },
  },
  {
    files: ['packages/capture/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [onlyImports([], '@webhook-inspector/capture imports Node built-ins only: never the app (src/), another package or an npm dependency.')] },
      ],
    },
  },
  {
    files: ['packages/relay/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyImports(
              ['@webhook-inspector/capture', '@webhook-inspector/command-line', 'pg'],
              'webhook-inspector-relay imports @webhook-inspector/capture, @webhook-inspector/command-line, pg and Node built-ins only: never the app (src/), Electron, React or SQLite.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode.paths], patterns: noNode.patterns }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNode.paths], patterns: noNode.patterns }],
    },
  },
);
