import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../../../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import type { EpisodeRecord } from '../../runner/episode-record';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const LOOP = join(import.meta.dirname, 'testing', 'agentenv-loop');

function python(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // The loop finds touchstone_env where an AgentEnv user would put it: on the import path.
    const p = spawn('python3', args, { cwd: LOOP, env: { ...process.env, PYTHONPATH: join(REPO, 'resources/python'), ...env } });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    p.on('close', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!HAVE_ADB)('LlamaTouch AgentEnv\'s example loop, import changed, against touchstone agent-api on a virtual demo phone', () => {
  let fx: RunFixture;
  let api: ChildProcess;
  let url = '';
  let token = '';

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo07', 'demo01', 'demo14'] });
    api = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'agent-api', '--dataset', fx.dataset, '--devices', 'all', '--out', join(fx.tmp, 'runs')], { cwd: REPO, env: fx.adb.env });
    let out = '';
    let err = '';
    api.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    await new Promise<void>((resolve, reject) => {
      api.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const u = /TOUCHSTONE_URL=(\S+)/.exec(out);
        const t = /TOUCHSTONE_TOKEN=(\S+)/.exec(out);
        if (u && t) { url = u[1]!; token = t[1]!; resolve(); }
      });
      api.on('exit', (code) => reject(new Error(`agent-api exited ${code}: ${err}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (api && api.exitCode === null) { api.kill('SIGTERM'); await new Promise((r) => api.once('exit', r)); }
    await fx?.stop();
  });

  it('every instruction that names a served task becomes an evaluated episode; AitW taps, swipes, text and status reach the device and the trace as upstream records them', async () => {
    const out = join(fx.tmp, 'agentenv');
    const tsv = join(fx.tmp, 'instructions.tsv');
    writeFileSync(tsv, [
      'episode\tcategory\tpath\tdescription\tnsteps\tapp\tlogin_category',
      'demo07\tgeneral\tdemo/demo07\tSearch the settings for "display".\t3\tSettings\tno',
      // No such episode id: matched by its description.
      '84000000000000000001\tgeneral\tx\tOpen the Settings app.\t1\tSettings\tno',
      'moon01\tgeneral\tx\tFly to the moon.\t9\tRocket\tno',
      'demo14\tgeneral\tdemo/demo14\tIncrease the counter to 3.\t4\tClock\tno',
    ].join('\n') + '\n');
    const r = await python(['MockAgent2AgentEnv.py'], { TOUCHSTONE_URL: url, TOUCHSTONE_TOKEN: token, AGENTENV_OUTPUT: out, AGENTENV_INSTRUCTIONS: tsv, AGENTENV_MAX_STEPS: '4' });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/instruction 'Fly to the moon\.' \(episode moon01\) matches no task the server serves .*; skipped/);
    expect(r.out).toMatch(/avd_name and emulator_controller_args are ignored/);

    const sent = JSON.parse(readFileSync(join(out, 'agent_log.json'), 'utf8')) as { action: string; line: string; screenshot: string }[];
    expect(sent).toHaveLength(11);
    const trace = (task: string) => join(fx.tmp, 'runs', 'http', 'r1', task);
    const lines = (task: string, n: number) => Array.from({ length: n }, (_, i) => readFileSync(join(trace(task), 'captured_data', 'action', `${i}.action`), 'utf8').replace(/\n$/, ''));
    const rec = (task: string) => JSON.parse(readFileSync(join(trace(task), 'episode.json'), 'utf8')) as EpisodeRecord;

    // The trace's action lines are the lines LlamaTouch's recorder writes for the same strings (byte for byte;
    // Touchstone's recorder ends each file with a newline, as it always has), and AgentEnv's local captured_data
    // holds the same lines.
    expect(lines('demo07', 4)).toEqual(sent.slice(0, 4).map((s) => s.line));
    expect(lines('demo01', 3)).toEqual(sent.slice(4, 7).map((s) => s.line));
    expect(lines('demo14', 3)).toEqual(sent.slice(7, 10).map((s) => s.line));
    expect(readFileSync(join(out, 'demo07', 'captured_data', 'action', '2.action'), 'utf8')).toBe(sent[2]!.line);
    expect(sent.map((s) => s.line.split('|')[0])).toEqual(['CLICK', 'CLICK', 'TYPE', 'STATUS_TASK_COMPLETE', 'CLICK', 'SWIPE', 'STATUS_TASK_COMPLETE', 'PRESS_HOME', 'PRESS_BACK', 'PRESS_ENTER', 'SCROLL']);
    expect(sent[2]!.line).toBe('TYPE|display|NULL|1080|2400');

    // The intended device actions.
    const a07 = rec('demo07');
    expect(a07.steps.map((s) => s.deviceAction.kind)).toEqual(['tap', 'tap', 'type', 'complete']);
    expect(rec('demo01').steps.map((s) => s.description)).toEqual([expect.stringMatching(/^tap /), 'swipe up 540,1920 -> 540,840', 'complete']);
    const logcat = (await fx.adb.adb(['-s', fx.devices[0]!.serial, 'logcat', '-d', '-s', 'InputDispatcher'])).stdout;
    const tap0 = a07.steps[0]!.deviceAction as { x: number; y: number };
    expect(logcat).toContain(`Delivering tap {"kind":"tap","x":${tap0.x},"y":${tap0.y}}`);
    expect(logcat).toContain('Delivering text {"kind":"text","text":"display"}');
    expect(logcat).toContain('Delivering swipe {"kind":"swipe","x1":540,"y1":1920,"x2":540,"y2":840,"durationMs":500}');
    // What the screens showed next: Settings opened after the tap, the search field holds the text.
    expect(readFileSync(join(out, 'demo07', 'captured_data', 'activity', '1.activity'), 'utf8')).toMatch(/settings/i);
    expect(readFileSync(join(trace('demo07'), 'captured_data', 'xml', '3.xml'), 'utf8')).toMatch(/text="display"[^>]*search_src_text|search_src_text[^>]*text="display"/);

    // The traces evaluate: both finished tasks complete; the max_steps episode is cut (3 steps taken, the 4th refused).
    expect(a07.outcome).toBe('finished');
    expect(a07.evaluation?.completed).toBe(true);
    expect(rec('demo01').evaluation?.completed).toBe(true);
    expect(rec('demo14').outcome).toBe('interrupted');
    expect(rec('demo14').steps).toHaveLength(3);
    expect(r.out).toMatch(/action not executed: AITW action .*unknown action_type "SCROLL"/);
    expect(existsSync(join(out, 'demo07', 'captured_data', 'vh', '0.vh'))).toBe(true);
    const vh = JSON.parse(readFileSync(join(out, 'demo07', 'captured_data', 'vh', '0.vh'), 'utf8')) as { temp_id: number; parent: number; size: string }[];
    expect(vh[0]).toMatchObject({ temp_id: 0, parent: -1, size: '1080*2400' });
  }, 300_000);
});
