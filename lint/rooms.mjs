/**
 * The rooms of the house and what each may import, stated once (docs/ARCHITECTURE.md, "The rooms"; packages/README.md).
 * `lint/room-imports.mjs` refuses every import a room's entry does not allow: a relative path is resolved and placed in
 * its room, a bare name is a package (`node` = any Node built-in, `node:crypto` = that one).
 *
 * A room is a folder or a file (the longest path that holds a file is its room). An entry says:
 * - `rooms`: the rooms it may import besides its own (a path allows every room under it);
 * - `packages`: the package names it may import: a name allows its subpaths (but never its `src/` or `dist/` files),
 *   `name/sub` that subpath only, `@scope/*` the scope;
 * - `private`: folders inside it only its own files may import (a room below it on the layers included), and
 *   `privateWhy`, shown with each refusal;
 * - `why`: one line, shown with each refusal.
 *
 * Inside the core a room's `rooms` come from its layer (`coreLayers`): it imports the core's rooms on the layers below
 * its own, never one beside or above it.
 */

const node = 'node';

/** The core, bottom up: a room imports src/shared and the rooms of the layers below its own. */
export const coreLayers = [
  ['analysis', 'paced-size.ts', 'secret-store.ts', 'store-health.ts', 'logger.ts', 'found.ts'],
  ['delivery-record'],
  ['store/common'],
  ['store'],
  ['receiver'],
  ['outbound', 'signing-secret.ts', 'compare', 'search', 'retention.ts', 'reanalysis.ts', 'delivery-feed.ts', 'deliveries', 'derived-views', 'status'],
  ['service-api', 'replay', 'sources', 'team'],
  ['export', 'handler-check', 'service-connection.ts'],
  ['import', 'reconcile', 'settings', 'simulator'],
  ['core-options.ts'],
  ['control'],
  ['start-core.ts'],
];

/** What the core's rooms may import of npm and Node: everything of the core runs under plain Node, never Electron or React. */
const coreLibraries = [
  node,
  'zod',
  'lossless-json',
  'decimal.js',
  'payout-simulator',
  '@webhook-inspector/capture',
  '@webhook-inspector/http-attempt',
  '@webhook-inspector/service-signature',
];

/** The core's rooms: what each is, and what it may import of npm beyond `coreLibraries` (or instead of it). */
const coreRooms = {
  analysis: {
    packages: ['node:crypto', 'zod', 'lossless-json', 'decimal.js', '@webhook-inspector/capture', '@webhook-inspector/service-signature'],
    why: 'analysis/ is pure functions over bytes and rows: no I/O (node:crypto only of Node), nothing of the core but itself.',
  },
  'paced-size.ts': { why: 'paced-size.ts is a leaf of the core: it imports nothing of it.' },
  'secret-store.ts': { why: 'secret-store.ts is a leaf of the core: it imports nothing of it.' },
  'store-health.ts': { why: 'store-health.ts is a leaf of the core: it imports nothing of it.' },
  'logger.ts': { packages: ['pino'], why: "logger.ts is the core's one logger (pino for the servers): a leaf of the core." },
  'found.ts': { packages: [], why: "found.ts is a call's 404 when what it asks for is not there: a leaf of the core." },
  'delivery-record': {
    packages: ['node:crypto', '@webhook-inspector/capture'],
    why: 'delivery-record/ sits below the receiver, the store and the relay: it imports analysis/ only.',
  },
  'store/common': {
    packages: [node, 'zod'],
    why: 'store/common is shared by both engines: it imports neither store/sqlite nor store/postgres, only analysis/ and delivery-record/ below it.',
  },
  store: {
    extra: ['better-sqlite3', 'pg', '@webhook-inspector/group-commit', '@webhook-inspector/pg-migrations', '@webhook-inspector/command-line'],
    private: ['common', 'sqlite', 'postgres'],
    privateWhy:
      "Outside store/, open a store through store/index.ts and take its interfaces and types from the door beside it (reader.ts, writer.ts, inspector-store.ts): common/, sqlite/ and postgres/ are the store's own.",
    why: 'The store sits below the receiver and every domain: it imports analysis/, delivery-record/ and paced-size.ts, never control/, the receiver or a domain (what both need lives below them).',
  },
  receiver: { extra: ['selfsigned'], why: "receiver/ is the app's listeners around the capture package: it imports nothing of the core." },
  outbound: { why: 'outbound/ is the egress policy every sender asks: it sits below the domains that send.' },
  'signing-secret.ts': { why: 'signing-secret.ts sits below the domains that sign or check.' },
  compare: { extra: ['diff'], why: 'compare/ reads two stored deliveries: analysis/ and the store only.' },
  search: { why: 'search/ runs over the store: nothing of the domains.' },
  'retention.ts': { why: 'retention.ts prunes the store: nothing of the domains.' },
  'delivery-feed.ts': { why: 'delivery-feed.ts reads what the store holds: nothing of the domains.' },
  'reanalysis.ts': { why: 'reanalysis.ts analyses the stored deliveries again: the store and the analyzer, nothing of the domains.' },
  deliveries: { why: "deliveries/ is the calls that read the stored deliveries: the store's interface only, nothing of the domains." },
  'derived-views': { why: "derived-views/ is the calls that read the derived tables (duplicates, lifecycles): the store's interface only." },
  status: { why: "status/ is the core's status as a caller may read it: src/shared only, so that any room may show it." },
  'service-api': { why: "service-api/ is the client of the service's API: it sends through outbound/." },
  replay: { why: 'replay/ sends stored deliveries through outbound/: never control/ or the domains beside it.' },
  sources: { why: 'sources/ pulls a relay into the store through outbound/.' },
  team: { extra: ['pg'], why: "team/ keeps a team server's users and audit log in its PostgreSQL (pg): never control/." },
  export: { extra: ['tar-stream'], why: 'export/ writes the formats import/ reads back: it sits below import/.' },
  'handler-check': { extra: ['xmlbuilder2'], why: 'handler-check/ sends its cases through replay/ and outbound/: never control/.' },
  'service-connection.ts': { why: 'service-connection.ts starts the simulator or reaches a real service: never control/.' },
  import: { extra: ['tar-stream', 'stream-json'], why: 'import/ reads the export formats back in through the ingest path: never control/.' },
  reconcile: { why: "reconcile/ joins the service's API pages (through service-api/ and service-connection.ts) with the records the store keeps: never control/." },
  settings: { why: "settings/ is the calls that change what the inspector does for everyone: the domains below it, never control/." },
  simulator: { why: 'simulator/ is the calls of the embedded simulator (service-connection.ts) and what a caller sees of it: never control/.' },
  'core-options.ts': { why: "core-options.ts is startCore()'s options: the domains' types, never control/." },
  control: { why: 'control/ serves the contract: it may import every domain and the store (through store/index.ts), never start-core.ts, SQLite or PostgreSQL.' },
  'start-core.ts': { why: 'start-core.ts is the composition root: it may import the whole core.' },
};

/**
 * Imports a room's entry does not allow, each allowed from its one file only (`{ from, to, why }`). There is none today:
 * one added names its issue, never runs upward in the core's layers, and its line goes with the import.
 */
export const knownExceptions = [];

const core = 'src/main/core';
const corePath = (name) => `${core}/${name.replace(/\.ts$/, '')}`;
const layerOf = new Map(coreLayers.flatMap((layer, index) => layer.map((name) => [name, index])));

/** The core's rooms as entries: each may import src/shared and the rooms of the layers below its own. */
const coreEntries = Object.entries(coreRooms).map(([name, room]) => {
  const layer = layerOf.get(name);
  if (layer === undefined) throw new Error(`lint/rooms.mjs: the core's room ${name} is on no layer of coreLayers.`);
  return {
    path: corePath(name),
    label: `${name.replace(/\.ts$/, '')}${name.endsWith('.ts') ? '.ts' : '/'}`,
    rooms: ['src/shared', ...coreLayers.slice(0, layer).flat().map(corePath)],
    packages: room.packages ?? [...coreLibraries, ...(room.extra ?? [])],
    private: (room.private ?? []).map((inner) => `${corePath(name)}/${inner}`),
    privateWhy: room.privateWhy,
    why: room.why,
    layer,
  };
});

/** Node built-ins only, and its own files: the generic packages every product bundles. */
const generic = (dir, name) => ({
  path: `packages/${dir}/src`,
  rooms: [`packages/${dir}/src`],
  packages: [node],
  why: `${name} is generic: it imports Node built-ins only, never the app (src/) or another package.`,
});

export const rooms = [
  {
    path: 'src/shared',
    packages: ['zod', 'lossless-json', 'payout-simulator/names', '@webhook-inspector/capture/request-path'],
    why: 'src/shared is the contract the browser loads too: zod, lossless-json, payout-simulator/names and @webhook-inspector/capture/request-path only; no Node, no electron, nothing of main or the renderer.',
  },
  {
    path: 'src/renderer',
    rooms: ['src/shared'],
    // The UI's libraries; the server-state and form libraries issue 42 moves the renderer to are named already.
    packages: ['react', 'react-dom', '@tanstack/*', 'react-hook-form', '@hookform/resolvers', 'diff', 'zod', 'payout-simulator/names', '@webhook-inspector/capture/request-path'],
    why: 'The renderer runs in the browser and talks to the core over HTTP only: src/shared and its UI libraries, never src/main, Node or electron.',
  },
  {
    path: 'src/preload',
    rooms: ['src/main/electron/ipc-channels'],
    packages: ['electron'],
    why: "The preload exposes the shell's IPC channels: electron and src/main/electron/ipc-channels only.",
  },
  {
    path: 'src/main/electron',
    rooms: [core, 'src/shared'],
    packages: [node, 'electron'],
    why: 'The desktop shell: electron, Node, the core and src/shared.',
  },
  {
    path: 'src/main/index.ts',
    rooms: ['src/main/electron', core, 'src/shared'],
    packages: [node, 'electron'],
    why: 'The Electron entry: a thin caller of startCore() and the shell.',
  },
  {
    path: 'src/main/cli',
    rooms: ['src/main/cli.ts', 'src/main/mcp', core, 'src/shared'],
    packages: [node, 'zod', '@modelcontextprotocol/sdk', '@webhook-inspector/command-line', '@webhook-inspector/http-attempt', 'payout-simulator', 'webhook-inspector-relay'],
    why: 'The command line: the core, src/shared, the MCP server and the packages by name; never electron, SQLite or PostgreSQL (the store opens them).',
  },
  {
    path: 'src/main/cli.ts',
    rooms: ['src/main/cli'],
    packages: ['@webhook-inspector/command-line'],
    why: "The CLI's entry loads none of the core: its commands' definitions only.",
  },
  {
    path: 'src/main/mcp',
    rooms: [core, 'src/shared'],
    packages: [node, 'zod', '@modelcontextprotocol/sdk'],
    why: "The MCP server calls the core: never electron, SQLite or PostgreSQL (the store opens them).",
  },
  {
    // A file of the core no layer names yet: it may import what a domain may, never control/, core-options.ts or start-core.ts.
    path: core,
    rooms: ['src/shared', ...coreLayers.slice(0, layerOf.get('outbound') + 1).flat().map(corePath)],
    packages: coreLibraries,
    why: 'A file of the core outside the layers (lint/rooms.mjs) imports what a domain may: place it on a layer.',
  },
  ...coreEntries,
  {
    path: 'packages/capture/src',
    rooms: ['packages/capture/src'],
    packages: [node],
    why: '@webhook-inspector/capture imports Node built-ins only: never the app (src/), another package or an npm dependency.',
  },
  {
    path: 'packages/capture/src/request-path.ts',
    packages: [],
    why: "request-path.ts runs in the browser too (the forward settings' example): it imports nothing.",
  },
  generic('command-line', '@webhook-inspector/command-line'),
  generic('http-attempt', '@webhook-inspector/http-attempt'),
  generic('service-signature', '@webhook-inspector/service-signature'),
  generic('group-commit', '@webhook-inspector/group-commit'),
  {
    path: 'packages/pg-migrations/src',
    rooms: ['packages/pg-migrations/src'],
    packages: [node, 'pg'],
    why: '@webhook-inspector/pg-migrations runs every PostgreSQL schema: it imports pg and Node built-ins only, never a schema it runs.',
  },
  {
    path: 'packages/relay/src',
    rooms: ['packages/relay/src'],
    packages: [node, 'pg', 'pino', '@webhook-inspector/capture', '@webhook-inspector/command-line', '@webhook-inspector/group-commit', '@webhook-inspector/pg-migrations'],
    why: 'webhook-inspector-relay imports @webhook-inspector/capture, command-line, group-commit and pg-migrations, pg, pino (its log) and Node built-ins only: never the app (src/), Electron, React or SQLite.',
  },
  {
    path: 'packages/payout-simulator/src',
    rooms: ['packages/payout-simulator/src'],
    packages: [node, 'decimal.js', 'lossless-json', 'zod', '@webhook-inspector/command-line', '@webhook-inspector/http-attempt', '@webhook-inspector/service-signature'],
    why: 'payout-simulator imports Node built-ins, decimal.js, lossless-json, zod and the private packages it bundles (command-line, http-attempt, service-signature): never the app (src/), Electron, React or a database.',
  },
  {
    path: 'packages/payout-simulator/src/names.ts',
    packages: [],
    why: 'payout-simulator/names is what the contract and the renderer bundle: it imports nothing, not even Node.',
  },
];

/**
 * A package's tests run alone (`npm test -w <name>`): its source and its own name, what it may import, and the root's
 * test tools (vitest, fast-check, typescript for a test that reads the package's source).
 */
const packageNames = {
  capture: '@webhook-inspector/capture',
  'command-line': '@webhook-inspector/command-line',
  'http-attempt': '@webhook-inspector/http-attempt',
  'service-signature': '@webhook-inspector/service-signature',
  'group-commit': '@webhook-inspector/group-commit',
  'pg-migrations': '@webhook-inspector/pg-migrations',
  relay: 'webhook-inspector-relay',
  'payout-simulator': 'payout-simulator',
};
for (const [dir, name] of Object.entries(packageNames)) {
  const source = rooms.find((room) => room.path === `packages/${dir}/src`);
  rooms.push({
    path: `packages/${dir}/test`,
    rooms: [`packages/${dir}/src`, `packages/${dir}/test`],
    packages: [...source.packages, name, 'vitest', 'fast-check', 'typescript'],
    why: `${name}'s tests run alone: the package, what it may import, vitest, fast-check and typescript; never the app (src/) or the root's test/.`,
  });
}
