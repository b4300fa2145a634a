// Test helper: a writable copy of a real fixture episode in a temp dir, with chosen .ess files.
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Fixture folders, resolved beside the repository (../shared/fixtures). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
export const TRACE_18 = path.join(FIXTURES, 'llamatouch/episodes/trace_18');

function makeWritable(p: string): void {
  chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
  if (statSync(p).isDirectory()) for (const f of readdirSync(p)) makeWritable(path.join(p, f));
}

/** A temp dataset root holding `trace_18/` whose .ess files are exactly `ess` (step -> line). */
export function datasetWithEss(tmp: string, ess: Record<number, string>, source = TRACE_18): { root: string; episodeDir: string } {
  const root = path.join(tmp, `ds-${Object.keys(ess).join('-')}-${Math.random().toString(36).slice(2, 8)}`);
  const episodeDir = path.join(root, path.basename(source));
  cpSync(source, episodeDir, { recursive: true });
  makeWritable(root);
  for (const f of readdirSync(episodeDir)) if (f.endsWith('.ess')) rmSync(path.join(episodeDir, f));
  for (const [step, line] of Object.entries(ess)) writeFileSync(path.join(episodeDir, `${step}.ess`), line);
  return { root, episodeDir };
}

/** A fresh temp folder (caller removes it). */
export function tempDir(prefix = 'touchstone-eval-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A temp dataset root with one copy of `source` per id (folders ep_<id>, instruction.txt line 1 = id). */
export function datasetWithEpisodes(tmp: string, ess: Record<number, string>, ids: readonly string[], source = TRACE_18): string {
  const root = path.join(tmp, `multi-${Math.random().toString(36).slice(2, 8)}`);
  for (const id of ids) {
    const dir = path.join(root, `ep_${id}`);
    cpSync(source, dir, { recursive: true });
    makeWritable(dir);
    for (const f of readdirSync(dir)) if (f.endsWith('.ess')) rmSync(path.join(dir, f));
    for (const [step, line] of Object.entries(ess)) writeFileSync(path.join(dir, `${step}.ess`), line);
    writeFileSync(path.join(dir, 'instruction.txt'), `${id}\nPractice pronunciation in French in Duolingo.`);
  }
  makeWritable(root);
  return root;
}
