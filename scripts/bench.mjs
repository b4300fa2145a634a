#!/usr/bin/env node
// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones)
// one after another with tsx; each prints its own figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const wanted = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w))).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync('npx', ['tsx', `bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) { failed += 1; console.log(`(${f} exited with ${r.status})`); }
}
process.exit(failed ? 1 : 0);
