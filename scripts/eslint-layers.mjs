// A local ESLint plugin that keeps electron/'s layers and forbids import cycles.
//   layers: shared < platform < kernel < core < cli / transports / app (electron/*.ts, cli/, transport/,
//   robustness/); virtual-device/ sits beside the kernel and imports platform/ and shared/ only.
//   A lower layer never imports a higher one, type imports included (tests and testing/ helpers may).
// no-cycle: a file may not reach itself through run-time imports (type-only imports are erased and do
// not count), in electron/, renderer/ and shared/. The graph is read from disk once per process; the
// file being linted is taken as written in the editor or the probe, not as on disk.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const isTest = (rel) => /\.(test|spec|bench)\.tsx?$/.test(rel) || rel.includes('/testing/') || rel.endsWith('.d.ts');
const posix = (p) => p.split(sep).join('/');

/** The layer of a repo-relative path, or null outside the layered tree. */
export function layerOf(rel) {
  if (rel.startsWith('shared/')) return 'shared';
  if (!rel.startsWith('electron/')) return null;
  const part = rel.split('/')[1];
  if (part === 'platform') return 'platform';
  if (part === 'kernel') return 'kernel';
  if (part === 'virtual-device') return 'virtual-device';
  if (part === 'core') return 'core';
  return 'top';
}
/** What each layer may import. */
export const MAY_IMPORT = {
  shared: ['shared'],
  platform: ['shared', 'platform'],
  'virtual-device': ['shared', 'platform', 'virtual-device'],
  kernel: ['shared', 'platform', 'kernel'],
  core: ['shared', 'platform', 'kernel', 'virtual-device', 'core'],
  top: ['shared', 'platform', 'kernel', 'virtual-device', 'core', 'top'],
};

const EXTS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
function resolveSpec(fromAbs, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromAbs), spec);
  for (const e of EXTS) {
    const c = base + e;
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  if (spec.endsWith('.js')) { const c = base.slice(0, -3) + '.ts'; if (existsSync(c)) return c; }
  return null;
}

const IMPORT_RE = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_RE = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Run-time import targets (absolute paths) of a file's text. */
function runtimeImports(abs, text) {
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    if (m[2]) continue;
    if (/^\s*import\s+\{[^}]*\}\s+from/.test(m[0]) && /^\s*import\s+\{\s*(type\s+[^,}]+,?\s*)+\}/.test(m[0])) continue; // import { type A, type B }
    const t = resolveSpec(abs, m[3]);
    if (t) out.push(t);
  }
  for (const m of text.matchAll(DYNAMIC_RE)) { const t = resolveSpec(abs, m[1]); if (t) out.push(t); }
  return out;
}

let graph = null;
function diskGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !isTest(posix(relative(ROOT, p)))) graph.set(p, null);
    }
  };
  for (const top of ['electron', 'renderer', 'shared']) if (existsSync(join(ROOT, top))) walk(join(ROOT, top));
  return graph;
}
function edgesOf(abs) {
  const g = diskGraph();
  let e = g.get(abs);
  if (e === undefined) return [];
  if (e === null) { e = runtimeImports(abs, readFileSync(abs, 'utf8')); g.set(abs, e); }
  return e;
}
/** A run-time import path from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, trail] = stack.pop();
    if (node === target) return trail;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of edgesOf(node)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

function importNodes(context, check) {
  const source = (node) => node.source && typeof node.source.value === 'string' && check(node, node.source.value, node.importKind === 'type' || node.exportKind === 'type');
  return {
    ImportDeclaration: (node) => {
      const allTypes = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
      check(node, node.source.value, allTypes);
    },
    ExportNamedDeclaration: source,
    ExportAllDeclaration: source,
    ImportExpression: (node) => { if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value, false); },
  };
}

const layers = {
  meta: { type: 'problem', schema: [], docs: { description: 'shared < platform < kernel < core < cli/transports/app; virtual-device imports platform only' } },
  create(context) {
    const abs = resolve(context.filename);
    const rel = posix(relative(ROOT, abs));
    const from = layerOf(rel);
    if (!from || isTest(rel)) return {};
    return importNodes(context, (node, spec) => {
      if (!spec.startsWith('.')) return;
      const to = layerOf(posix(relative(ROOT, resolve(dirname(abs), spec))));
      if (!to || MAY_IMPORT[from].includes(to)) return;
      context.report({ node, message: `Layering: ${from} (${rel}) may not import ${to} ('${spec}'); the order is shared < platform < kernel < core < cli/transports/app, and virtual-device/ imports platform/ only. Move the shared piece down a layer.` });
    });
  },
};

const noCycle = {
  meta: { type: 'problem', schema: [], docs: { description: 'no run-time import cycles' } },
  create(context) {
    const abs = resolve(context.filename);
    const rel = posix(relative(ROOT, abs));
    if (isTest(rel) || !/^(electron|renderer|shared)\//.test(rel)) return {};
    return importNodes(context, (node, spec, typeOnly) => {
      if (typeOnly) return;
      const target = resolveSpec(abs, spec);
      if (!target) return;
      const trail = target === abs ? [abs] : pathBack(target, abs);
      if (!trail) return;
      const names = [abs, ...trail].map((p) => posix(relative(ROOT, p)));
      context.report({ node, message: `Import cycle: ${names.join(' -> ')}. Move what both need into a lower module, or import a type only.` });
    });
  },
};

/**
 * The folder a file belongs to for folder cycles: core/<domain> or electron/<area>; in the renderer
 * renderer/features/<feature> or renderer/<area> (store, route, canvas, ...); null elsewhere (the
 * renderer's root files such as App.tsx compose the features).
 */
export function folderOf(rel) {
  const p = rel.split('/');
  if (p[0] === 'electron' && p[1] === 'core' && p.length > 3) return `core/${p[2]}`;
  if (p[0] === 'electron' && p.length > 2) return `electron/${p[1]}`;
  if (p[0] === 'renderer' && p[1] === 'features' && p.length > 3) return `renderer/features/${p[2]}`;
  if (p[0] === 'renderer' && p.length > 2) return `renderer/${p[1]}`;
  return null;
}
let folders = null;
function folderGraph() {
  if (folders) return folders;
  folders = new Map();
  for (const abs of diskGraph().keys()) {
    const a = folderOf(posix(relative(ROOT, abs)));
    if (!a) continue;
    for (const t of edgesOf(abs)) {
      const b = folderOf(posix(relative(ROOT, t)));
      if (!b || b === a) continue;
      if (!folders.has(a)) folders.set(a, new Map());
      if (!folders.get(a).has(b)) folders.get(a).set(b, `${posix(relative(ROOT, abs))} -> ${posix(relative(ROOT, t))}`);
    }
  }
  return folders;
}
/** The folder-to-folder path from `start` to `target` (with one file edge per step), or null. */
function folderPath(start, target) {
  const g = folderGraph();
  const seen = new Set([start]);
  const queue = [[start, []]];
  while (queue.length) {
    const [node, trail] = queue.shift();
    for (const [next, why] of g.get(node) ?? []) {
      if (next === target) return [...trail, why];
      if (!seen.has(next)) { seen.add(next); queue.push([next, [...trail, why]]); }
    }
  }
  return null;
}

const noFolderCycle = {
  meta: { type: 'problem', schema: [], docs: { description: 'no import cycles between folders of electron/ (core domains, platform, kernel, cli, ...) and of renderer/ (features, store, route, ...)' } },
  create(context) {
    const abs = resolve(context.filename);
    const rel = posix(relative(ROOT, abs));
    const from = folderOf(rel);
    if (!from || isTest(rel)) return {};
    return importNodes(context, (node, spec, typeOnly) => {
      if (typeOnly) return;
      const target = resolveSpec(abs, spec);
      const to = target && folderOf(posix(relative(ROOT, target)));
      if (!to || to === from) return;
      const back = folderPath(to, from);
      if (!back) return;
      context.report({ node, message: `Folder cycle: ${from} -> ${to} (here), and back: ${back.join('; ')}. Move what both need into a lower folder or layer, or compose the two in electron/app.ts.` });
    });
  },
};

export default { rules: { layers, 'no-cycle': noCycle, 'no-folder-cycle': noFolderCycle } };
