import { describe, it, expect, afterAll } from 'vitest';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDatasetFromTrace18 } from '../core/datasets/testing/build-dataset';
import type { CheckReport } from '../../shared/model';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const CLI = path.resolve(import.meta.dirname, '../cli.ts');
const cleanup: string[] = [];
afterAll(async () => {
  for (const d of cleanup) await rm(d, { recursive: true, force: true });
});

/** Runs the real CLI entry (TypeScript via tsx) and returns its exit code and output. */
function touchstone(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: path.resolve(import.meta.dirname, '../..') }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(!have)('touchstone dataset check (fixtures absent → skipped)', () => {
  it('reports a corrupt .ess, a truncated XML and a missing PNG with locations, exits non-zero, and loads the rest', async () => {
    const root = await buildDatasetFromTrace18(path.join(FIXTURES, 'llamatouch/episodes/trace_18'), [1, 2, 3, 4]);
    cleanup.push(root);
    await writeFile(path.join(root, 'general/trace_2/2.ess'), 'activity<0>|exact<1|click<3>\n');
    const xmlPath = path.join(root, 'general/trace_3/3.xml');
    const xml = await readFile(xmlPath, 'utf8');
    await writeFile(xmlPath, xml.slice(0, Math.floor(xml.length / 2)));
    await unlink(path.join(root, 'general/trace_4/1.png'));

    const text = await touchstone(['dataset', 'check', root]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('episodes: 4 (3 with errors)  steps: 20');
    expect(text.stdout).toMatch(/general\/trace_2\/2\.ess:1 \(step 2\): Malformed essential state/);
    expect(text.stdout).toMatch(/general\/trace_3\/3\.xml:\d+ \(step 3\): Truncated or malformed XML/);
    expect(text.stdout).toMatch(/general\/trace_4\/1\.png \(step 1\): Step 1 has no screenshot/);
    expect(text.stdout).toContain('fix: ');
    expect(text.stdout).not.toMatch(/general\/trace_1\//);

    const json = await touchstone(['dataset', 'check', root, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as CheckReport;
    expect(report.counts).toMatchObject({ episodes: 4, episodesWithErrors: 3, steps: 20, annotatedSteps: 3 });
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => [p.file, p.step])).toEqual(expect.arrayContaining([
      ['general/trace_2/2.ess', 2], ['general/trace_3/3.xml', 3], ['general/trace_4/1.png', 1],
    ]));
    expect(errors).toHaveLength(3);
  });

  it('exits 0 on a clean dataset and 2 on bad usage', async () => {
    const root = await buildDatasetFromTrace18(path.join(FIXTURES, 'llamatouch/episodes/trace_18'), [1]);
    cleanup.push(root);
    const ok = await touchstone(['dataset', 'check', root]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('0 error(s)');
    expect((await touchstone(['dataset', 'check'])).code).toBe(2);
    expect((await touchstone(['dataset', 'frobnicate', root])).code).toBe(2);
  });
});

/** `count` one-screen episodes (hard links to trace_18's step 0), enough for the progress output to show. */
async function lightDataset(count: number): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'touchstone-check-many-'));
  cleanup.push(root);
  for (let i = 0; i < count; i++) {
    const dir = path.join(root, `trace_${i}`);
    await mkdir(dir);
    for (const f of ['0.png', '0.xml']) await link(path.join(FIXTURES, 'llamatouch/episodes/trace_18', f), path.join(dir, f));
  }
  return root;
}

const haveScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!have)('touchstone dataset check on a large dataset (fixtures absent → skipped)', () => {
  it('prints progress lines on a non-terminal stderr', async () => {
    const root = await lightDataset(60);
    const r = await touchstone(['dataset', 'check', root]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('checking: 60 episodes…');
    expect(r.stderr).toContain('checking: 60/60 episodes (100%)');
    expect(r.stdout).toContain('episodes: 60 (0 with errors)');
  });

  it.skipIf(!haveScript)('draws a progress bar in a terminal (script(1) gives it a pty)', async () => {
    const root = await lightDataset(60);
    const cmd = [process.execPath, '--import', 'tsx', CLI, 'dataset', 'check', root].map((a) => `'${a}'`).join(' ');
    const out = await new Promise<string>((resolve, reject) => {
      execFile('script', ['-qec', cmd, '/dev/null'], { cwd: path.resolve(import.meta.dirname, '../..') }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    });
    expect(out).toMatch(/checking [█░]+ \d+\/60 episodes/);
    expect(out).toContain('60/60 episodes');
    expect(out).not.toContain('checking: 60/60');
  });

  it('stops cleanly on Ctrl-C (SIGINT) with exit code 130 and no report', async () => {
    const root = await lightDataset(1500);
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'dataset', 'check', root], { cwd: path.resolve(import.meta.dirname, '../..') });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (!child.killed && stderr.includes('checking: 1500 episodes')) child.kill('SIGINT'); // once: a second Ctrl-C force-quits
      });
      child.on('exit', (c) => resolve(c));
    });
    expect(code).toBe(130);
    expect(stderr).toContain('cancelled (Ctrl-C)');
    expect(stderr).not.toContain('checking: 1500/1500');
    expect(stdout).toBe('');
  });
});
