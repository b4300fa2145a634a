import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { tempDir, TRACE_18 } from '../core/evaluation/testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from '../core/judge/testing/fake-llm-server';
import { claimJudge, judgeDataset, screenJudge } from '../core/judge/testing/judge-fixtures';

const REPO = path.resolve(import.meta.dirname, '../..');
const KEY = 'sk-cli-SECRET-93ab';
const tmp = tempDir('touchstone-evalm-');
let llm: FakeLlm;
beforeAll(async () => { llm = await startFakeLlm({ 'screen-judge': screenJudge, 'claim-judge': claimJudge }); });
afterAll(async () => { await llm.close(); rmSync(tmp, { recursive: true, force: true }); });

/** Runs the CLI as a child process (async: the fake server in this process must keep answering). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', ...args], { cwd: REPO, env: { ...process.env, ...env } });
    let out = ''; let err = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

describe.skipIf(!existsSync(TRACE_18))('touchstone eval --method checkpoints,judge,hybrid (CLI, real process, local LLM server)', () => {
  const { root, traces } = judgeDataset(tmp);
  writeFileSync(path.join(root, 'checkpoints.json'), JSON.stringify(['full', 'short', 'claimed', 'noclaim'].map((id) => ({
    ID: id, Query: 'Practice pronunciation in French in Duolingo.', 'APP List': ['Duolingo'], CheckPoints: { Package: ['com.duolingo'], 'Key phrase': [['Duolingo', 'START']], API: [] },
  }))));
  const human = path.join(tmp, 'human.csv');
  writeFileSync(human, 'episode,human\nfull,1\nshort,0\nclaimed,0\nnoclaim,1\n');
  const cache = path.join(tmp, 'cache');
  const [json, queue] = ['out.json', 'queue.csv'].map((f) => path.join(tmp, f)) as [string, string];
  const args = ['--dataset', root, '--traces', traces, '--method', 'essential,checkpoints,judge,hybrid', '--llm-model', 'screen-judge,claim-judge', '--judge-cache', cache,
    '--judge-price', '1/2', '--human', human, '--json', json, '--human-queue', queue, '--jobs', '1', '--embedder', 'none'];
  const env = { TOUCHSTONE_LLM_BASE_URL: '', TOUCHSTONE_LLM_API_KEY: KEY };

  it('prints every method side by side, the CheckPoint levels, the judge\'s usage, cost, agreement and queue; the key appears nowhere', async () => {
    const before = llm.requests.length;
    const r = await cli(args, { ...env, TOUCHSTONE_LLM_BASE_URL: llm.url });
    expect(r.code, r.err).toBe(0);
    expect(llm.requests.length - before).toBe(8);
    expect(r.out).toMatch(/essential:TCR.*checkpoints:TCR.*judge:TCR.*hybrid:TCR/);
    expect(r.out).toMatch(/CheckPoints \(Mobile-Bench\)\ngroup +n +PassRate +CP L1 +CP L2/);
    expect(r.out).toMatch(/\nall +4 +75\.0% +100\.0% +91\.7%\n/); // claimed: package + 1 of the 2 sequential phrases = 2/3
    expect(r.out).toMatch(/judge: screen-judge \+ claim-judge \(text, frames auto, cross-validated\)/);
    expect(r.out).toMatch(/judge: 8 request\(s\), 0 answer\(s\) from the cache .*, 0 failed; tokens \d+ in \/ \d+ out; cost \$0\.\d{4}/);
    expect(r.out).toContain('judge: screen-judge agrees with the human labels on 4/4 episodes (100.0%)');
    expect(r.out).toContain('judge: claim-judge agrees with the human labels on 2/4 episodes (50.0%)');
    expect(r.out).toContain('needs a human: 4 episode(s)');
    expect(r.out).toContain('  claimed [hybrid] Needs a human: the judge gave no verdict (the judges disagree on claimed: screen-judge: not completed');
    expect(r.err).toContain('judge: 4/4 episodes');
    const q = readFileSync(queue, 'utf8').trim().split('\n');
    expect(q[0]).toBe('episode,method,verdicts,human,why');
    expect(q.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'claimed,judge,screen-judge=0 claim-judge=1,0', 'claimed,hybrid,essential=0 judge=?,0',
      'noclaim,judge,screen-judge=1 claim-judge=0,1', 'noclaim,hybrid,essential=0 judge=?,1',
    ]);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { outcomes: { episode: string; judge?: { completed?: boolean; reason?: string; evidence: unknown } }[] };
    expect(report.outcomes.find((o) => o.episode === 'full')!.judge).toMatchObject({ completed: true, reason: expect.stringContaining('2 judges agree') as unknown });
    for (const text of [r.out, r.err, readFileSync(json, 'utf8'), readFileSync(queue, 'utf8')]) expect(text).not.toContain(KEY);
    const cached = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(cached).toHaveLength(8);
    for (const f of cached) expect(readFileSync(path.join(f.parentPath, f.name), 'utf8')).not.toContain(KEY);
  });

  it('a second run answers from the cache and sends no request', async () => {
    const before = llm.requests.length;
    const r = await cli(args, { ...env, TOUCHSTONE_LLM_BASE_URL: llm.url });
    expect(r.code, r.err).toBe(0);
    expect(llm.requests.length).toBe(before);
    expect(r.out).toMatch(/judge: 0 request\(s\), 8 answer\(s\) from the cache .*cost \$0\.0000; the cache saved \d+ tokens \(\$0\.\d{4}\)/);
  });

  it.each([
    [['--method', 'judge'], /the judge needs an OpenAI-compatible endpoint: pass --llm-base-url URL or set TOUCHSTONE_LLM_BASE_URL/],
    [['--method', 'judge', '--llm-base-url', 'http://127.0.0.1:9/v1'], /the judge needs a model: pass --llm-model NAME/],
    [['--method', 'judges'], /--method must be essential, stepwise, lcs, checkpoints, judge, hybrid or all/],
  ])('bad judge options exit 2 with what to do: %j', async (extra, msg) => {
    const r = await cli(['--dataset', root, '--traces', traces, ...extra], { TOUCHSTONE_LLM_BASE_URL: '', TOUCHSTONE_LLM_MODEL: '' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(msg);
  });
});
