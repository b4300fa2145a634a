/**
 * Hostile trace folders against `touchstone eval` (issue 28, findings 2, 3 and the dangling link of 8):
 * a FIFO, a link to /dev/zero, a link to a secret out of the folders, a dangling link and a trace
 * folder linked out of the traces folder. The run ends, each bad file fails only its episode with a
 * sentence naming it, the secret is never read, and --follow-links reads links out of the folders.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TRACE_18 } from '../core/evaluation/testing/eval-view-fixture';
import { hostileTraces, SECRET } from './hostile-world';

const CLI = join(import.meta.dirname, '../cli.ts');
interface Run { code: number | null; out: string; err: string; ms: number }

function touchstone(args: string[], timeoutMs: number): Promise<Run> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A read blocked on the FIFO never ends: the deadline kills it and the test fails on the exit code.
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => { clearTimeout(t); resolve({ code, out, err, ms: Date.now() - t0 }); });
  });
}

interface Outcome { episode: string; error?: string; essential?: { completed: boolean; reason?: string; problems: string[] } }

describe.skipIf(!existsSync(TRACE_18))('touchstone eval over a hostile traces folder', () => {
  const { fx, traces, outside } = hostileTraces();
  afterAll(() => { fx.cleanup(); rmSync(outside, { recursive: true, force: true }); });

  const evalRun = async (extra: string[]): Promise<{ run: Run; outcomes: Map<string, Outcome>; json: string }> => {
    const out = join(fx.base, `report-${extra.length}.json`);
    const run = await touchstone(['eval', '--dataset', fx.dataset, '--traces', traces, '--json', out, '--jobs', '1', '--embedder', 'none', '--quiet', ...extra], 60_000);
    const json = existsSync(out) ? readFileSync(out, 'utf8') : '{}';
    const outcomes = new Map(((JSON.parse(json) as { outcomes?: Outcome[] }).outcomes ?? []).map((o) => [o.episode, o]));
    return { run, outcomes, json };
  };

  it('ends, fails each bad episode with a sentence naming its file, reads no secret, and evaluates the good one', async () => {
    const { run, outcomes, json } = await evalRun([]);
    expect(run.code, run.err).toBe(0);
    expect(outcomes.get('e5')?.essential?.completed).toBe(true);
    const said = (id: string): string => JSON.stringify(outcomes.get(id));
    for (const id of ['e0', 'e1', 'e2', 'e3']) expect(outcomes.get(id)?.essential?.completed, said(id)).toBe(false);
    expect(said('e0')).toMatch(/activity\/2\.activity: it is not a regular file\. Replace it/);
    expect(said('e1')).toMatch(/2\.(xml|json): it leads to \/dev\/zero, outside the opened folders/);
    expect(said('e2')).toMatch(/2\.activity: it leads to .*secret\.txt, outside the opened folders .*--follow-links/);
    expect(said('e3')).toMatch(/2\.activity: it is a symbolic link to .*gone\.activity, which does not exist \(a dangling link\)\. Restore its target or remove the link/);
    expect(outcomes.get('e4')?.error).toMatch(/Cannot read .*e4: it leads to .*e4, outside the opened folders/);
    expect(json).not.toContain(SECRET);
  }, 90_000);

  it('with --follow-links reads the links out of the folders, and still no FIFO or device', async () => {
    const { run, outcomes } = await evalRun(['--follow-links']);
    expect(run.code, run.err).toBe(0);
    expect(outcomes.get('e4')?.error).toBeUndefined();
    expect(outcomes.get('e4')?.essential?.completed).toBe(true);
    // The secret is now the activity the user asked to follow: read, and not the one the state needs.
    expect(JSON.stringify(outcomes.get('e2'))).not.toMatch(/outside the opened folders/);
    expect(JSON.stringify(outcomes.get('e1'))).toMatch(/\/dev\/zero|not a regular file/);
    expect(JSON.stringify(outcomes.get('e0'))).toMatch(/not a regular file/);
  }, 90_000);
});
