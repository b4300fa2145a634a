/**
 * Kill tests for every writer (recent list, annotation saves, the trace
 * recorder, label files; eval outputs are in cli.test.ts): SIGKILL at random moments never leaves a torn
 * file (each target is the old or the new complete file), and the temp files
 * such a kill leaves are swept by the next run (ours, older than that run).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEss } from '../../shared/formats/ess';
import { parseHumanLabels } from '../../shared/formats/human-labels';
import { tally } from './tally';

const cases = tally('writers under kill');
const CHILD = join(import.meta.dirname, 'writer-child.ts');
const tmp = mkdtempSync(join(tmpdir(), 'touchstone-kill-'));
afterAll(() => {
  cases.print();
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the writer; once it has written, kills it with SIGKILL after `afterMs`. */
function killDuringWrites(kind: string, dir: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CHILD, kind, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer ${kind} exited ${code}: ${err}`))));
  });
}

function runOnce(kind: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CHILD, kind, dir, 'once'], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${kind} once exited ${code}`))));
  });
}

const temps = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.tmp')) : []);

/** Each writer's targets and how to tell a complete file. */
const WRITERS: Array<{ kind: string; targets: (dir: string) => Array<[string, (text: string) => void]> }> = [
  { kind: 'recent', targets: (d) => [[join(d, 'recent-datasets.json'), (t) => expect(Array.isArray(JSON.parse(t))).toBe(true)]] },
  { kind: 'ess', targets: (d) => [[join(d, 'ep', '0.ess'), (t) => expect(parseEss(t, '0.ess').ok).toBe(true)]] },
  {
    kind: 'trace', targets: (d) => [
      [join(d, 'captured_data', 'xml', '0.xml'), (t) => expect(t).toMatch(/^<hierarchy rotation="0"><!-- x+ --><\/hierarchy>$/)],
      [join(d, 'captured_data', 'view_hierarchy', '0.json'), (t) => expect(JSON.parse(t)).toHaveLength(1)],
    ],
  },
  { kind: 'labels', targets: (d) => [[join(d, 'labels.csv'), (t) => expect(parseHumanLabels(t, 'labels.csv').ok).toBe(true)]] },
];

describe.each(WRITERS)('$kind writer', ({ kind, targets }) => {
  it('SIGKILL at random moments leaves every target complete', async () => {
    const dir = mkdtempSync(join(tmp, `${kind}-`));
    for (const afterMs of [0, 7, 23, 53, 89]) {
      await killDuringWrites(kind, dir, afterMs);
      for (const [file, complete] of targets(dir)) complete(readFileSync(file, 'utf8'));
      cases.add(kind);
    }
  });
});

describe('temp files a killed run left are swept at the next start', () => {
  it('recent list: stale temps named like ours are removed (any target in the folder: a save sweeps its folder), others kept', async () => {
    const dir = mkdtempSync(join(tmp, 'sweep-'));
    const stale = join(dir, '.recent-datasets.json.4242.0123456789ab.tmp');
    const foreign = join(dir, '.recent-datasets.json.keep.tmp');
    const otherTarget = join(dir, '.settings.json.4242.0123456789ab.tmp');
    for (const f of [stale, foreign, otherTarget]) {
      writeFileSync(f, '{"half');
      utimesSync(f, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    }
    await runOnce('recent', dir);
    expect(temps(dir).sort()).toEqual(['.recent-datasets.json.keep.tmp']);
    expect(JSON.parse(readFileSync(join(dir, 'recent-datasets.json'), 'utf8'))).toHaveLength(1);
    cases.add('sweep');
  });
});
