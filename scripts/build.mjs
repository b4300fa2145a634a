#!/usr/bin/env node
// Builds everything that runs outside Vitest: the CLI and worker entries
// (esbuild, ESM), the Electron main + preload (esbuild, CJS; the preload must be
// one file to run sandboxed) and the renderer (Vite) into dist/.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
// `--outdir DIR` builds somewhere else than dist/ (the build test uses a temp folder).
const at = process.argv.indexOf('--outdir');
const out = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : 'dist';

// Node-side entries: CLI plus any worker-thread entries (electron/**/*.worker.ts).
const workers = readdirSync('electron', { recursive: true })
  .map(String).filter((f) => f.endsWith('.worker.ts')).map((f) => `electron/${f}`);
// fast-xml-parser's ES build is ~40 small modules: importing it took 31 ms of every worker's and
// CLI command's start; its CommonJS build is one file (5 ms). The ES bundles take that one, through
// the banner's `require`; it stays a package loaded from node_modules, as every other.
const fxpCommonJs = {
  name: 'fast-xml-parser-cjs',
  setup(b) {
    b.onResolve({ filter: /^fast-xml-parser$/ }, (a) => (a.namespace === 'fxp-cjs' ? { path: a.path, external: true } : { path: 'fast-xml-parser', namespace: 'fxp-cjs' }));
    b.onLoad({ filter: /.*/, namespace: 'fxp-cjs' }, () => ({
      contents: "const m = require('fast-xml-parser'); export const XMLParser = m.XMLParser; export const XMLValidator = m.XMLValidator; export const XMLBuilder = m.XMLBuilder;",
      loader: 'js', resolveDir: process.cwd(),
    }));
  },
};
const esm = {
  ...common, outdir: out, format: 'esm', outExtension: { '.js': '.mjs' }, packages: 'external', plugins: [fxpCommonJs],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};
// The CLI is a small dispatcher (cli.mjs) and one bundle per command (cli-<name>.mjs, beside it, so
// paths taken from import.meta.url resolve as before). One bundle for all would import every package
// any command uses at start (an ES module's imports are static): `eval` would load adbkit, the MCP SDK
// and the HTTP server, ~150 ms of a 1.5 s run over 200 episodes.
const commands = [...readFileSync('electron/cli.ts', 'utf8').matchAll(/import\('\.\/cli\/([\w-]+)'\)/g)].map((m) => m[1]);
const commandBundles = {
  name: 'cli-commands',
  setup(b) {
    b.onResolve({ filter: /^\.\/cli\/[\w-]+$/ }, (a) => (a.importer.endsWith('/electron/cli.ts') && a.kind === 'dynamic-import' ? { path: `./cli-${a.path.slice(6)}.mjs`, external: true } : undefined));
  },
};
await build({ ...esm, entryPoints: { cli: 'electron/cli.ts' }, plugins: [commandBundles, fxpCommonJs] });
// Split like the workers: what a command reaches only by import() (OCR, sentence models, the judge's
// client, the native canvas) is a chunk loaded on first need. Chunks sit beside the entries for the same reason.
for (const f of existsSync(out) ? readdirSync(out) : []) if (f.startsWith('cli-chunk-')) rmSync(`${out}/${f}`); // names change with content
await build({ ...esm, splitting: true, chunkNames: 'cli-chunk-[name]-[hash]', entryPoints: Object.fromEntries(commands.map((c) => [`cli-${c}`, `electron/cli/${c}.ts`])) });
// Workers are split into chunks (core/chunks/): what a dynamic import() reaches (OCR, sentence models,
// the native canvas) stays out of a worker's start and loads when an item first needs it.
rmSync(`${out}/core/chunks`, { recursive: true, force: true }); // chunk names change with their content
await build({
  ...esm, splitting: true, chunkNames: 'core/chunks/[name]-[hash]',
  entryPoints: Object.fromEntries(workers.map((w) => [w.replace(/^electron\//, '').replace(/\.ts$/, ''), w])),
});

if (existsSync('electron/main.ts')) {
  // The core uses import.meta (model files, worker bundles beside the entry); in the CommonJS main bundle those
  // are this file's own URL and folder, which is where dist/ keeps the workers and the CLI bundle.
  await build({
    ...common, entryPoints: ['electron/main.ts'], outfile: `${out}/main.cjs`, format: 'cjs', external: ['electron'], packages: 'external',
    define: { 'import.meta.url': '__touchstoneMainUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __touchstoneMainUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}
if (existsSync('electron/preload.ts')) {
  await build({ ...common, entryPoints: ['electron/preload.ts'], outfile: `${out}/preload.cjs`, format: 'cjs', external: ['electron'] });
}
if (existsSync('renderer/index.html') && !process.argv.includes('--no-renderer')) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...(out !== 'dist' ? ['--outDir', `${out}/renderer`] : [])], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
