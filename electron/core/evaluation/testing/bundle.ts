// Test/bench helper: bundles evaluator code the way scripts/build.mjs builds dist/ (esbuild, ESM,
// node target, packages external, the eval worker at core/evaluation/eval.worker.mjs beside the
// entry), so tests and benchmarks exercise the production worker path instead of tsx.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const REPO = path.resolve(import.meta.dirname, '../../../..');

/** A folder inside the repo (so external packages resolve from node_modules) for one bundle; caller removes it. */
export function bundleDir(name: string): string {
  return path.join(REPO, 'node_modules', '.cache', `touchstone-${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
}

/**
 * Builds `<dir>/<entryName>.mjs` from `source` (TypeScript, imports relative to the repo root) and
 * the eval worker at `<dir>/core/evaluation/eval.worker.mjs`; returns the entry's path.
 */
export async function bundleWithWorker(dir: string, entryName: string, source: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const common = {
    bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'warning', absWorkingDir: REPO,
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  } as const;
  // As scripts/build.mjs: the worker split into chunks, so what it reaches only by import() loads on first use.
  await build({ ...common, entryPoints: { 'core/evaluation/eval.worker': 'electron/core/evaluation/eval.worker.ts' }, outdir: dir, outExtension: { '.js': '.mjs' }, splitting: true, chunkNames: 'core/chunks/[name]-[hash]' });
  const out = path.join(dir, `${entryName}.mjs`);
  await build({ ...common, outfile: out, stdin: { contents: source, resolveDir: REPO, loader: 'ts' } });
  return out;
}
