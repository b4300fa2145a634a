import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServeArgs } from './serve';
import { DEFAULT_PERSIST } from '../../shared/evaluation/persistence';
import { makeEvalViewFixture, TRACE_18 } from '../core/evaluation/testing/eval-view-fixture';

const CLI = path.resolve(import.meta.dirname, '../cli.ts');

describe('touchstone serve --dataset --traces --human', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'touchstone-serve-eval-'));
  const a = path.join(tmp);
  it('presets the evaluation: named agents, a bare folder named after itself, the shared label file', () => {
    const r = parseServeArgs(['--dataset', tmp, '--traces', `gpt=${a}`, `--traces=${a}`, '--human', 'labels.csv']);
    expect(r).toMatchObject({ evaluation: { dataset: tmp, agents: [{ name: 'gpt', path: a }, { name: path.basename(a), path: a }], human: path.resolve('labels.csv') } });
  });
  it('--method presets the judge, hybrid and CheckPoints columns', () => {
    expect(parseServeArgs(['--dataset', tmp, '--traces', a, '--method', 'judge,checkpoints'])).toMatchObject({ evaluation: { methods: ['judge', 'checkpoints'] } });
  });
  it.each([
    [['--dataset', tmp, '--traces', a, '--method', 'judge,oracle'], /--method takes judge, hybrid, checkpoints \(comma-separated\); got oracle/],
    [['--method', 'judge'], /--dataset and --traces go together/],
    [['--traces', `x=${tmp}`], /--dataset and --traces go together/],
    [['--dataset', tmp], /--dataset and --traces go together/],
    [['--dataset', tmp, '--traces', 'x=/no/such/dir'], /no such folder \/no\/such\/dir/],
    [['--dataset', tmp, '--traces', `x=${tmp}`, '--traces', `x=${tmp}`], /two agents are named x/],
  ])('%j is an error', (args, message) => {
    const r = parseServeArgs(args);
    expect(r).toHaveProperty('error');
    expect((r as { error: string }).error).toMatch(message);
  });
  it('--persist is the default rule of evaluations opened from the UI, with touchstone eval --persist\'s values; the preset carries it too', () => {
    expect(parseServeArgs(['--persist', 'none'])).toMatchObject({ persist: 'none' });
    expect(parseServeArgs([])).not.toHaveProperty('persist');
    expect(parseServeArgs(['--dataset', tmp, '--traces', a, '--persist', 'screen'])).toMatchObject({ persist: 'screen', evaluation: { persist: 'screen' } });
    expect(parseServeArgs(['--persist', 'always'])).toMatchObject({ error: expect.stringMatching(/--persist.*screen.*none/) });
  });
  it('cleans up', () => rmSync(tmp, { recursive: true, force: true }));

  it.skipIf(!existsSync(TRACE_18))('the real process started with --persist none evaluates with it what the UI opens without a rule (app:info says so); a rule the form chooses wins', async () => {
    const fx = makeEvalViewFixture(1, 2);
    const start = (extra: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--state-dir', path.join(fx.base, 'state'), ...extra], { cwd: path.resolve(import.meta.dirname, '../..') });
      const url = new Promise<URL>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => { out += d.toString(); const m = /http:\/\/\S+\?token=\S+/.exec(out); if (m) resolve(new URL(m[0])); });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const call = async (name: string, args: unknown) => {
        const u = await url;
        const r = await fetch(new URL(`/api/${name}`, u.origin), { method: 'POST', headers: { authorization: `Bearer ${u.searchParams.get('token')}`, 'content-type': 'application/json' }, body: JSON.stringify(args) });
        return ((await r.json()) as { value: { persist?: string; evalPersist?: string } }).value;
      };
      return { call, stop: () => child.kill('SIGINT') };
    };
    const spec = { dataset: fx.dataset, agents: [{ name: 'complete', path: fx.agents.complete }] };
    const none = start(['--persist', 'none']);
    const plain = start([]);
    try {
      expect((await none.call('app:info', {})).evalPersist).toBe('none');
      expect((await none.call('eval:open', spec)).persist).toBe('none');
      expect((await none.call('eval:open', { ...spec, persist: 'screen' })).persist).toBe('screen');
      expect(await plain.call('app:info', {})).not.toHaveProperty('evalPersist');
      expect((await plain.call('eval:open', spec)).persist).toBe(DEFAULT_PERSIST);
    } finally {
      none.stop();
      plain.stop();
      fx.cleanup();
    }
  }, 120_000);

  it.skipIf(!existsSync(TRACE_18))('the real process answers eval:preset with the agents, and eval:open evaluates them', async () => {
    const fx = makeEvalViewFixture(1, 2);
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--state-dir', path.join(fx.base, 'state'), '--dataset', fx.dataset,
      '--traces', `complete=${fx.agents.complete}`, '--traces', `cut=${fx.agents.cut}`, '--human', fx.human], { cwd: path.resolve(import.meta.dirname, '../..') });
    try {
      const url = await new Promise<URL>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => { out += d.toString(); const m = /http:\/\/\S+\?token=\S+/.exec(out); if (m) resolve(new URL(m[0])); });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
      });
      const call = async (name: string, args: unknown) => {
        const r = await fetch(new URL(`/api/${name}`, url.origin), { method: 'POST', headers: { authorization: `Bearer ${url.searchParams.get('token')}`, 'content-type': 'application/json' }, body: JSON.stringify(args) });
        return (await r.json()) as { ok: boolean; value: { agents: { name: string }[]; cells: { agent: string; verdicts: { essential: boolean } }[] } };
      };
      const preset = await call('eval:preset', {});
      expect(preset.value).toEqual({ dataset: fx.dataset, agents: [{ name: 'complete', path: fx.agents.complete }, { name: 'cut', path: fx.agents.cut }], human: fx.human });
      const opened = await call('eval:open', preset.value);
      expect(opened.value.cells.map((c) => [c.agent, c.verdicts.essential])).toEqual([['complete', true], ['cut', false]]);
    } finally {
      child.kill('SIGINT');
      fx.cleanup();
    }
  }, 90_000);
});
