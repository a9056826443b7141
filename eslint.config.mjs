import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const noElectron = { name: 'electron', message: 'The core and shared code run under plain Node too: keep electron in src/main/index.ts and src/main/electron.' };
/** Imports of folders that sit above the importing code: an arrow running upward. */
const upward = (folders, message) => ({ group: folders.map((folder) => `**/${folder}/**`), message });
/**
 * The store's engines are its own: outside store/, code opens a store through store/index.ts and uses the interface
 * and types of store/common (group-commit.ts, engine-free, is shared with the relay).
 */
const storeEngines = {
  group: ['**/store/sqlite', '**/store/sqlite/**', '**/store/postgres', '**/store/postgres/**'],
  message: 'Outside store/, open a store through store/index.ts and use store/common for its interface and types.',
};
/** store/common is what both engines share: it names neither. */
const engineFolders = {
  group: ['**/sqlite', '**/sqlite/**', '**/postgres', '**/postgres/**'],
  message: 'store/common is shared by both engines: it imports neither store/sqlite nor store/postgres.',
};
const noNode = {
  paths: nodeBuiltins.map((name) => ({ name, message: 'shared and renderer code runs in the browser: no Node built-ins.' })),
  patterns: [{ group: ['node:*'], message: 'shared and renderer code runs in the browser: no node:* modules.' }],
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
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
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [storeEngines] }] },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [storeEngines] }] },
  },
  {
    files: ['src/main/core/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [upward(['receiver'], 'The receiver sits above the store: what both need lives below them (delivery-record/).')] }],
    },
  },
  {
    files: ['src/main/core/store/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [upward(['receiver'], 'The receiver sits above the store: what both need lives below them (delivery-record/).'), engineFolders] },
      ],
    },
  },
  {
    files: ['src/main/core/delivery-record/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [upward(['receiver', 'store', 'relay'], 'delivery-record/ sits below the receiver, the store and the relay: it imports analysis/ only.'), storeEngines],
        },
      ],
    },
  },
  {
    files: ['src/main/core/pg-migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['./*', '../*', '../**'], message: 'pg-migrations/ runs every PostgreSQL schema: it imports pg only, never a schema it runs.' }] },
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
