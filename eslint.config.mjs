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
 * and types of store/common.
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
const receiverAbove = upward(['receiver'], 'The receiver sits above the store: what both need lives below them (delivery-record/).');
const noNode = {
  paths: [
    ...nodeBuiltins.map((name) => ({ name, message: 'shared and renderer code runs in the browser: no Node built-ins.' })),
    { name: 'payout-simulator', message: 'shared and renderer code runs in the browser: only payout-simulator/names (the package itself uses Node).' },
    { name: '@webhook-inspector/capture', message: 'shared and renderer code runs in the browser: only @webhook-inspector/capture/request-path (the package itself uses Node).' },
  ],
  patterns: [{ group: ['node:*'], message: 'shared and renderer code runs in the browser: no node:* modules.' }],
};

/** The app imports a package by its name (its package.json exports), never the files inside it. */
const packageFiles = { group: ['**/packages/*/src/**', '**/packages/*/dist/**'], message: 'Import a package by its name (packages/README.md), never its files.' };
/** A package never imports the app (src/). */
const theApp = (name) => ({ group: ['**/src/main/**', '**/src/shared/**', '**/src/renderer/**', '**/src/preload/**'], message: `${name} is a package: it never imports the app (src/).` });
/** A package imports only what its README allows: Node built-ins, its own files, and the names given. */
const onlyImports = (allowed, message) => ({ regex: `^(?!node:|\\./${allowed.map((name) => `|${name.replace(/\./g, '\\.')}$`).join('')})`, message });
/** The private packages every product bundles: generic, Node built-ins only. */
const generic = (name) => ({ group: ['**/src/main/**', '**/src/shared/**', '**/packages/**', 'payout-simulator', 'payout-simulator/*'], message: `${name} is generic: Node built-ins only, never the app or another package.` });

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
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageFiles] }] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packageFiles] }] },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packageFiles, storeEngines] }] },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [packageFiles, storeEngines] }] },
  },
  {
    files: ['src/main/core/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packageFiles, receiverAbove] }],
    },
  },
  {
    files: ['src/main/core/store/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [packageFiles, receiverAbove, engineFolders] }] },
  },
  {
    files: ['src/main/core/delivery-record/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [packageFiles, upward(['receiver', 'store', 'relay'], 'delivery-record/ sits below the receiver, the store and the relay: it imports analysis/ only.'), storeEngines],
        },
      ],
    },
  },
  ...['command-line', 'http-attempt', 'service-signature'].map((dir) => ({
    files: [`packages/${dir}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [generic(`@webhook-inspector/${dir}`), { group: ['@webhook-inspector/*'], message: `@webhook-inspector/${dir} is generic: no other package.` }] }] },
  })),
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
    // The path rule the app's forward shares with the relay; the renderer bundles it: nothing at all.
    files: ['packages/capture/src/request-path.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '.', message: 'request-path.ts runs in the browser too (the forward settings\' example): it imports nothing.' }] }] },
  },
  {
    files: ['packages/pg-migrations/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [onlyImports(['pg'], '@webhook-inspector/pg-migrations runs every PostgreSQL schema: it imports pg and Node built-ins only, never a schema it runs.')] },
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
              ['@webhook-inspector/capture', '@webhook-inspector/command-line', '@webhook-inspector/pg-migrations', 'pg'],
              'webhook-inspector-relay imports @webhook-inspector/capture, command-line and pg-migrations, pg and Node built-ins only: never the app (src/), Electron, React or SQLite.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/payout-simulator/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [theApp('payout-simulator')] }] },
  },
  {
    // What the app's contract and its renderer bundle: nothing at all.
    files: ['packages/payout-simulator/src/names.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode.paths], patterns: [theApp('payout-simulator'), ...noNode.patterns] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode.paths], patterns: [packageFiles, ...noNode.patterns] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNode.paths], patterns: [packageFiles, ...noNode.patterns] }],
    },
  },
);
