#!/usr/bin/env node
// Runs the built CLI (dist/cli.mjs). In a source checkout it first rebuilds the
// node bundles when any source is newer than the build, so the CLI and its
// worker threads never run stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'cli.mjs');
const buildScript = join(root, 'scripts', 'build.mjs');

function newestSource() {
  let newest = 0;
  for (const dir of ['electron', 'shared']) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const f of readdirSync(base, { recursive: true })) {
      const name = String(f);
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      newest = Math.max(newest, statSync(join(base, name)).mtimeMs);
    }
  }
  return newest;
}

if (existsSync(buildScript) && (!existsSync(built) || newestSource() > statSync(built).mtimeMs)) {
  process.stderr.write('touchstone: sources changed since the last build; rebuilding the CLI...\n');
  const r = spawnSync(process.execPath, [buildScript, '--no-renderer'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) {
    process.stderr.write('touchstone: the build failed (see above); fix it or run `npm run build`.\n');
    process.exit(1);
  }
}
await import(pathToFileURL(built).href);
