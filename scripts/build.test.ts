import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'touchstone-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const builtin = (m: string): boolean => m.startsWith('node:') || builtinModules.includes(m.split('/')[0]);
const packageName = (m: string): string => (m.startsWith('@') ? m.split('/').slice(0, 2).join('/') : m.split('/')[0]);
const required = (code: string): string[] => [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
const imported = (code: string): string[] => [...code.matchAll(/^\s*import\s[^'"]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1] ?? m[2]);

/** Packages a built entry imports statically: the entry and the chunks it imports, transitively. */
function packagesAtStart(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of imported(code)) {
      if (m.startsWith('.')) visit(resolve(file, '..', m));
      else packages.add(packageName(m));
    }
    // Packages an ES bundle takes through the banner's require (CommonJS builds): counted as loaded at start.
    for (const m of code.matchAll(/\b__require\(\s*["']([^"'.][^"']*)["']\s*\)/g)) packages.add(packageName(m[1]!));
  };
  visit(join(out, entry));
  return packages;
}

describe('scripts/build.mjs (main, preload, CLI; the renderer is built by the e2e harness)', () => {
  it('builds into the given folder', () => {
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--no-renderer', '--outdir', out], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // A fresh `npm ci` runs this build: it prints no warning of ours (e.g. import.meta emptied in the CJS main).
    expect(r.stderr).not.toMatch(/WARNING/);
    expect(readdirSync(out).filter((f) => !f.endsWith('.map')).sort()).toEqual(expect.arrayContaining(['cli.mjs', 'main.cjs', 'preload.cjs']));
  });

  it('the preload is one self-contained file that loads nothing but electron (it runs sandboxed)', () => {
    const code = readFileSync(join(out, 'preload.cjs'), 'utf8');
    expect(readdirSync(out).filter((f) => f.startsWith('preload'))).toEqual(['preload.cjs', 'preload.cjs.map']);
    expect(required(code)).toEqual(['electron']);
    expect(imported(code)).toEqual([]);
    expect(code).not.toMatch(/\bimport\(/);
  });

  it('main and the CLI bundle every project file and load only Node built-ins, electron and declared dependencies', () => {
    const allowed = (m: string): boolean => builtin(m) || m === 'electron' || packageName(m) in pkg.dependencies;
    const mainCode = readFileSync(join(out, 'main.cjs'), 'utf8');
    // import.meta.url / dirname (model files, worker bundles) point at main.cjs itself, never at an empty object.
    expect(mainCode).not.toMatch(/import_meta\d* = \{\}/);
    const main = required(mainCode);
    expect(main).toContain('electron');
    expect(main.filter((m) => !allowed(m))).toEqual([]);
    // The dispatcher, every command bundle and every chunk they share.
    const cliFiles = readdirSync(out).filter((f) => /^cli.*\.mjs$/.test(f));
    expect(cliFiles).toEqual(expect.arrayContaining(['cli.mjs', 'cli-eval.mjs', 'cli-serve.mjs', 'cli-run.mjs']));
    const cliDeps = cliFiles.flatMap((f) => { const code = readFileSync(join(out, f), 'utf8'); return [...imported(code), ...required(code)]; });
    expect(cliDeps.length).toBeGreaterThan(0);
    expect(cliDeps.filter((m) => !m.startsWith('.') && !allowed(m))).toEqual([]);
    expect(cliDeps).not.toContain('electron');
  });

  it('each CLI command loads only its own packages: `eval` starts without adbkit, the MCP SDK, the HTTP server, OCR, sentence models or the judge client; `run` and `serve` without the LLM client, the MCP SDK or the native canvas', () => {
    expect([...packagesAtStart('cli.mjs')].filter((m) => !builtin(m))).toEqual([]);
    const evalStart = [...packagesAtStart('cli-eval.mjs')].filter((m) => !builtin(m));
    expect(evalStart).toContain('cli-progress');
    expect(evalStart.filter((m) => ['@devicefarmer/adbkit', '@modelcontextprotocol/sdk', '@hono/node-server', 'onnxruntime-node', '@napi-rs/canvas', 'openai'].includes(m))).toEqual([]);
    const runStart = [...packagesAtStart('cli-run.mjs')];
    expect(runStart).toContain('@devicefarmer/adbkit');
    // The LLM client, the MCP SDK and the native canvas load when an agent first needs them (~300 ms at start before).
    // zod loads at start: the agent specs (shared/kinds/agents) check --agent-opt values before any device is touched.
    expect(runStart.filter((m) => ['openai', '@modelcontextprotocol/sdk', '@napi-rs/canvas'].includes(m))).toEqual([]);
    // `serve` checks every call against the contract's argument schemas, so it loads zod at start.
    expect([...packagesAtStart('cli-serve.mjs')].filter((m) => ['openai', '@modelcontextprotocol/sdk', '@napi-rs/canvas'].includes(m))).toEqual([]);
  });

  it('the eval worker starts without OCR, sentence models or the native canvas: those are chunks it loads by import() on first need', () => {
    const packages = packagesAtStart('core/evaluation/eval.worker.mjs');
    expect([...packages]).toContain('fast-xml-parser');
    // ... through its one-file CommonJS build: its ES build is ~40 modules (31 ms to import against 5 ms).
    const esBundles = [...readdirSync(out).filter((f) => f.endsWith('.mjs')), ...readdirSync(join(out, 'core'), { recursive: true }).map(String).filter((f) => f.endsWith('.mjs')).map((f) => `core/${f}`)];
    expect(esBundles.filter((f) => imported(readFileSync(join(out, f), 'utf8')).includes('fast-xml-parser'))).toEqual([]);
    expect([...packages].filter((m) => m === 'onnxruntime-node' || m === '@napi-rs/canvas')).toEqual([]);
    // ... and the dynamic chunks that do load them exist beside it.
    const chunks = readdirSync(join(out, 'core/chunks')).filter((f) => f.endsWith('.mjs'));
    expect(chunks.some((f) => /onnxruntime-node/.test(readFileSync(join(out, 'core/chunks', f), 'utf8')))).toBe(true);
  });
});
