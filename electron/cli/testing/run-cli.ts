/** Test helpers for the CLI: `touchstone` as a child process, and the episode records a run wrote. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path, { join } from 'node:path';
import type { EpisodeRecord } from '../../core/runner/episode-record';

export const REPO = path.resolve(import.meta.dirname, '../../..');
export const CLI = ['--import', 'tsx', path.join(REPO, 'electron/cli.ts')];

export interface CliResult { status: number | null; stdout: string; stderr: string }

/**
 * Starts `touchstone ARGS` without blocking this process (virtual devices living in the test must
 * keep answering); `done` settles with the exit status and output, killing it after `limitMs`.
 */
export function startCli(env: NodeJS.ProcessEnv, args: string[], limitMs = 180_000): { child: ChildProcessWithoutNullStreams; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: REPO, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const done = new Promise<CliResult>((resolve) => child.on('exit', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr }); }));
  return { child, done };
}

/**
 * Every episode.json under `out`, keyed by the trace folder relative to `out`. Safe while a run
 * writes: folders that vanish meanwhile (staging) are skipped, captured_data is not entered.
 */
export function records(out: string): Map<string, EpisodeRecord> {
  const m = new Map<string, EpisodeRecord>();
  const walk = (rel: string): void => {
    let names: Dirent[];
    try { names = readdirSync(join(out, rel), { withFileTypes: true }); } catch { return; }
    for (const d of names) {
      if (d.isDirectory() && d.name !== 'captured_data') walk(join(rel, d.name));
      else if (d.isFile() && d.name === 'episode.json') m.set(rel, JSON.parse(readFileSync(join(out, rel, d.name), 'utf8')) as EpisodeRecord);
    }
  };
  walk('');
  return m;
}

/** Step indices present per captured_data kind. */
export function stepFiles(trace: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const kind of ['screenshot', 'xml', 'view_hierarchy', 'activity', 'action']) {
    const dir = join(trace, 'captured_data', kind);
    out[kind] = existsSync(dir) ? readdirSync(dir).filter((n) => /^\d+\./.test(n)).map((n) => Number(n.split('.')[0])).sort((a, b) => a - b) : [];
  }
  return out;
}

/** Polls `probe` every 5 ms until it returns a value; throws naming `what` after `limitMs`. */
export async function until<T>(what: string, probe: () => T | undefined, limitMs = 60_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`Timed out after ${limitMs} ms waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
