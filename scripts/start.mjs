#!/usr/bin/env node
// `npm start`: the desktop app when an Electron binary is installed, else the
// same UI in the browser via `touchstone serve --open` (and says why).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron'); // the package exports the binary's path, and throws when it was never downloaded
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function run(cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
}

/** Newest modification time of the sources a build is made from (tests excluded). */
function newestSource() {
  let newest = 0;
  for (const dir of ['electron', 'renderer', 'shared']) {
    for (const f of readdirSync(dir, { recursive: true }).map(String)) {
      if (/\.test\.tsx?$/.test(f)) continue;
      newest = Math.max(newest, statSync(`${dir}/${f}`).mtimeMs);
    }
  }
  return newest;
}

const outputs = ['dist/cli.mjs', 'dist/renderer/index.html', 'dist/main.cjs', 'dist/preload.cjs'];
// A checkout that pulled or edited code must not start yesterday's build.
const stale = outputs.some((f) => !existsSync(f)) || Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < newestSource();
if (stale) {
  console.log('Building Touchstone (npm run build)...');
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const electron = electronBinary();
if (electron) {
  run(electron, ['.', ...process.argv.slice(2)]);
} else {
  console.log('No Electron binary is installed (npm installed without it, e.g. ELECTRON_SKIP_BINARY_DOWNLOAD=1),');
  console.log('so Touchstone starts in web mode: `touchstone serve --open`.');
  run(process.execPath, ['bin/touchstone.mjs', 'serve', '--open', ...process.argv.slice(2)]);
}
