import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../virtual-device/testing';
import { openDataset } from '../core/datasets/open-dataset';

const REPO = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!HAVE_ADB)('touchstone record (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  let tmp: string;
  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo', adb });
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-record-'));
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); rmSync(tmp, { recursive: true, force: true }); });

  it('turns stdin commands into a new ground-truth episode with its index row', async () => {
    const out = join(tmp, 'ds');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'record', '--device', dev.serial, '--task', 'Make a note "Tea, 2 bags"', '--out', out, '--episode', 'r1'], { cwd: REPO, env: adb.env });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stdin.end(['home', 'tap text=Notes', 'tap desc=New note', 'type Tea, 2 bags', 'tap nowhere', 'tap desc=Save', 'done', ''].join('\n'));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('tap needs X Y or text=..., desc=..., id=...');
    expect(stdout).toMatch(/Recorded 6 screen\(s\)/);
    const dir = join(out, 'general', 'trace_r1');
    expect(readFileSync(join(dir, 'eventStructs.txt'), 'utf8').split('\n')).toEqual([
      '[Home]', expect.stringMatching(/^\[Click\] Screen Resolution \(1080, 2400\), Click Position \(\d+, \d+\)$/),
      expect.stringMatching(/^\[Click\]/), '[Input] Tea, 2 bags', expect.stringMatching(/^\[Click\]/),
    ]);
    expect(readFileSync(join(dir, 'instruction.txt'), 'utf8')).toBe('r1\r\nMake a note "Tea, 2 bags"');
    expect(readdirSync(dir).filter((f) => /^5\./.test(f)).sort()).toEqual(['5.activity', '5.json', '5.png', '5.vh', '5.xml']);
    expect(readFileSync(join(dir, '5.json'), 'utf8')).toContain('Tea, 2 bags');
    const ds = await openDataset(out);
    expect(ds.episodes.map((e) => [e.id, e.nsteps, e.stepsFound])).toEqual([['r1', 6, 6]]);
    expect(ds.problems.filter((p) => p.severity === 'error')).toEqual([]);
  }, 120_000);

  it('refuses a description with a tab before recording anything (it used to record, then throw the demonstration away at save)', async () => {
    const out = join(tmp, 'tab');
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'record', '--device', dev.serial, '--task', 'Make a note\twith a tab', '--out', out], { cwd: REPO, env: adb.env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdin.end('home\ndone\n');
    const code = await new Promise((r) => child.on('exit', r));
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/touchstone record: --task: The task description holds a tab; it must be one line without tabs/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
