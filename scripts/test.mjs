#!/usr/bin/env node
// Runs every check the project has (lint, types, unit + e2e tests) and ends
// with one plain summary line "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);
function run(label, cmd, args) {
  process.stdout.write(`\n== ${label}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status === 0;
}

let ok = true;
if (!extra.includes('--no-static')) {
  ok = run('lint', 'npx', ['eslint', '.']) && ok;
  // tsconfig.json checks everything (tests included); the side projects check each side alone:
  // shared without DOM or Node types, electron without DOM, renderer without Node.
  for (const project of ['tsconfig.json', 'tsconfig.shared.json', 'tsconfig.electron.json', 'tsconfig.renderer.json']) {
    ok = run(`types (${project})`, 'npx', ['tsc', '--noEmit', '-p', project]) && ok;
  }
}
const out = join(tmpdir(), `touchstone-vitest-${process.pid}.json`);
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra.filter((a) => a !== '--no-static')];
const testsOk = run('tests', 'npx', args);
let passed = 0, failed = 0, skipped = 0;
try {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests; failed = report.numFailedTests;
  skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  rmSync(out, { force: true });
} catch {
  failed += 1;
}
if (!ok) failed += 1; // lint or type errors count as one failure
if (!testsOk && failed === 0) failed += 1; // vitest failed outside any test (a crash, an unhandled error)
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && testsOk && failed === 0 ? 0 : 1);
