import { builtinModules } from 'node:module';
import path from 'node:path';
import { knownExceptions, rooms } from './rooms.mjs';

/**
 * The rule `boundaries/rooms`: every import of a file is checked against its room's entry in lint/rooms.mjs. A relative
 * path is resolved from the file and placed in the room that holds it; a bare name is a package or a Node built-in.
 */

const builtins = new Set(builtinModules.filter((name) => !name.startsWith('_')));
const sourceExtension = /\.(d\.ts|tsx?|mts|cts|mjs|cjs|js|jsx)$/;
const workspacePackages = ['payout-simulator', 'webhook-inspector-relay', '@webhook-inspector/'];
const packageFilesWhy = 'Import a package by its name (packages/README.md), never its files.';

const isFileRoom = (room) => sourceExtension.test(room.path);
const bare = (p) => p.replace(sourceExtension, '');
const under = (target, dir) => target === dir || target.startsWith(`${dir}/`);

/** The room that holds `target` (a repository path without its extension): a file's own room, else the deepest folder. */
export function roomOf(target) {
  const file = rooms.find((room) => isFileRoom(room) && bare(room.path) === target);
  if (file) return file;
  let found;
  for (const room of rooms) {
    if (!isFileRoom(room) && under(target, room.path) && (!found || room.path.length > found.path.length)) found = room;
  }
  return found;
}

const labelOf = (room) => (room.path.startsWith('src/main/core/') ? room.label ?? room.path : room.path);

/** `node:crypto`, `crypto` → { builtin: 'crypto' }; `@scope/name/sub` → { name: '@scope/name', sub: 'sub' }. */
function packageOf(specifier) {
  const plain = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
  if (specifier.startsWith('node:') || builtins.has(plain) || builtins.has(plain.split('/')[0])) return { builtin: plain.split('/')[0] };
  const parts = specifier.split('/');
  const size = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, size).join('/'), sub: parts.slice(size).join('/') };
}

function packageAllowed(allowed, specifier) {
  const pkg = packageOf(specifier);
  return allowed.some((entry) => {
    if (pkg.builtin) return entry === 'node' || entry === `node:${pkg.builtin}`;
    if (entry === 'node' || entry.startsWith('node:')) return false;
    if (entry.endsWith('/*')) return pkg.name.startsWith(entry.slice(0, -1));
    if (entry === pkg.name) return true;
    return under(specifier, entry) && entry.split('/').length > pkg.name.split('/').length;
  });
}

const isException = (from, to) => knownExceptions.some((exception) => exception.from === from && exception.to === to);

/** Why `specifier`, imported by the file at `file` (a repository path), is refused; undefined when it is allowed. */
export function refusal(file, specifier) {
  const room = roomOf(bare(file));
  if (!room) return undefined;
  const refused = (why, target) => `${labelOf(room)} may not import '${specifier}'${target ? ` (${target})` : ''}: ${why}`;
  const own = (dir) => under(bare(file), dir);

  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    const pkg = packageOf(specifier);
    if (!pkg.builtin && workspacePackages.some((name) => pkg.name.startsWith(name)) && /^(src|dist)(\/|$)/.test(pkg.sub)) return refused(packageFilesWhy);
    if (packageAllowed(room.packages ?? [], specifier) || isException(file, pkg.builtin ? `node:${pkg.builtin}` : pkg.name)) return undefined;
    return refused(room.why);
  }

  const target = bare(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.split('?')[0])));
  const intoPackage = target.match(/^packages\/([^/]+)\/(src|dist)(\/|$)/) ?? specifier.match(/(^|\/)packages\/([^/]+)\/(src|dist)(\/|$)/);
  if (intoPackage && !own(`packages/${target.split('/')[1]}`)) return refused(packageFilesWhy);
  const targetRoom = roomOf(target);
  if (!targetRoom) return refused(`${target} is in no room of lint/rooms.mjs.`);
  const allowed = targetRoom === room || (room.rooms ?? []).some((dir) => under(target, bare(dir)));
  if (!allowed && !isException(file, target)) return refused(room.why, labelOf(targetRoom));
  // A private folder may be a room of its own (store/common, on a layer below the store): its owner says who may import it.
  const owner = rooms.find((entry) => (entry.private ?? []).some((dir) => under(target, dir)));
  if (owner && !own(owner.path)) return refused(owner.privateWhy, labelOf(targetRoom));
  return undefined;
}

/** The ESLint plugin: `boundaries/rooms`. */
export const boundaries = {
  rules: {
    rooms: {
      meta: { type: 'problem', docs: { description: 'Each room imports only what lint/rooms.mjs allows it.' }, schema: [] },
      create(context) {
        const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
        const check = (source) => {
          if (!source || typeof source.value !== 'string') return;
          const why = refusal(file, source.value);
          if (why) context.report({ node: source, message: why });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
          TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source),
          TSExternalModuleReference: (node) => check(node.expression),
        };
      },
    },
  },
};
