import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { EpisodeRecord } from './episode-record';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';
import { RUN_DEFAULTS } from './start-run';

const REPO = path.resolve(import.meta.dirname, '../../..');

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'run', ...args], { cwd: REPO, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, out }); });
  });
}

const episodeJson = (dir: string): EpisodeRecord => JSON.parse(readFileSync(join(dir, 'episode.json'), 'utf8')) as EpisodeRecord;

describe.skipIf(!HAVE_ADB)('one way to start a run: touchstone run and run:start record the same experiment (virtual device, real adb)', () => {
  let fx: RunFixture;
  let app: RunService;

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo15'] });
    app = await openRunService(fx);
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  it('the same demo task with the same agent and setting: equal settings in episode.json, and the seeded agent takes the same steps', async () => {
    const out = join(fx.tmp, 'cli-runs');
    const r = await cli(['--dataset', fx.dataset, '--tasks', 'demo15', '--agent', 'random', '--agent-opt', 'random.complete=0.3', '--devices', 'all', '--out', out, '--quiet'], fx.adb.env);
    expect(r.code, r.out).toBe(0);
    const fromCli = episodeJson(join(out, 'random', 'r1', 'demo15'));

    const s = await app.service.calls['run:start']({ datasetId: app.datasetId, tasks: ['demo15'], agents: ['random'], devices: 'all', agentSettings: { 'random.complete': '0.3' } });
    expect(s.episodes).toHaveLength(1);
    const fromView = episodeJson(join(fx.dataset, s.episodes[0]!.trace));

    const settings = (e: EpisodeRecord) => ({ agent: e.agent, config: e.config, repeat: e.repeat, task: e.task });
    expect(settings(fromView)).toEqual(settings(fromCli));
    expect(fromCli.agent.settings).toEqual({ complete: '0.3' });
    expect(fromCli.config).toMatchObject({ maxSteps: RUN_DEFAULTS.maxSteps, stepTimeoutMs: RUN_DEFAULTS.stepTimeoutMs, episodeTimeoutMs: RUN_DEFAULTS.episodeTimeoutMs });
    // Same seed, same screens: the same actions (run:start used to fix its own seed).
    expect(fromView.steps.map((x) => x.action)).toEqual(fromCli.steps.map((x) => x.action));
    expect(fromView.outcome).toBe(fromCli.outcome);
    // The run manifest: tool version, the virtual phone's build and density, the ground truth's content; the same from both.
    expect(fromCli.manifest).toMatchObject({ tool: { name: 'touchstone', version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string }, device: { build: 'touchstone/vphone/vphone:12/SP2A.220305.013/8223441:user/release-keys', density: expect.stringMatching(/^\d+$/) as string } });
    expect(fromCli.manifest!.groundTruth.annotation).toMatch(/^[0-9a-f]{40}$/);
    expect(fromView.manifest).toEqual(fromCli.manifest);
  }, 240_000);

  it('run:start takes the seed and limits the CLI takes; a bad one is refused naming it', async () => {
    const s = await app.service.calls['run:start']({ datasetId: app.datasetId, tasks: ['demo15'], agents: ['noop'], devices: 'all', seed: 9, maxSteps: 3, stepTimeoutMs: 5000, episodeTimeoutMs: 60_000 });
    const rec = episodeJson(join(fx.dataset, s.episodes[0]!.trace));
    expect(rec.config).toMatchObject({ maxSteps: 3, stepTimeoutMs: 5000, episodeTimeoutMs: 60_000 });
    expect(rec.agent.seed).not.toBe(episodeJson(join(fx.tmp, 'cli-runs', 'random', 'r1', 'demo15')).agent.seed);
    await expect(app.service.calls['run:start']({ datasetId: app.datasetId, tasks: ['demo15'], agents: ['noop'], devices: 'all', seed: -1 })).rejects.toThrow(/seed must be a whole number >= 0; got -1/);
    await expect(app.service.calls['run:start']({ datasetId: app.datasetId, tasks: ['demo15'], agents: ['random'], devices: 'all', agentSettings: { 'random.complete': '2' } }))
      .rejects.toThrow(/random agent: --agent-opt complete must be a number from 0 to 1; got "2"/);
  }, 120_000);
});
