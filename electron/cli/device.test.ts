import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAdbServer, HAVE_ADB, type AdbServer } from '../virtual-device/testing';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!HAVE_ADB)('touchstone device serve (adb not installed → skipped)', () => {
  let adb: AdbServer;
  const children: ChildProcess[] = [];
  beforeAll(async () => { adb = await startAdbServer(); });
  afterAll(async () => {
    await Promise.all(children.filter((c) => c.exitCode === null).map((c) => {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGINT'); // the CLI stops its devices on SIGINT and exits 0
      return exited;
    }));
    await adb?.stop();
  });

  /** Starts `touchstone device serve ARGS` with the private adb server's env; resolves with the serials it prints. */
  function serve(args: string[], count: number): Promise<string[]> {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'electron/cli.ts'), 'device', 'serve', ...args], { env: adb.env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    return new Promise<string[]>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const found = [...out.matchAll(/^(127\.0\.0\.1:\d+|emulator-\d+)\t/gm)].map((m) => m[1]);
        if (found.length === count) resolve(found);
      });
      child.on('exit', (code) => reject(new Error(`device serve exited ${code}: ${out}`)));
    });
  }

  it('prints the serials of --count devices, connects them with --connect, and they answer adb', async () => {
    const serials = await serve(['--count', '2', '--connect', '--faults', 'latency=1'], 2);
    expect(serials.every((s) => /^127\.0\.0\.1:\d+$/.test(s))).toBe(true);
    for (const s of serials) {
      await adb.waitFor(s);
      expect((await adb.adb(['-s', s, 'shell', 'getprop ro.build.version.release'])).stdout).toBe('12\n');
    }
  });

  it('several processes: a second one serving emulator-style registers as emulator-NNNN and its console takes adb emu', async () => {
    const [tcp] = await serve(['--connect', '--time', '09:41'], 1);
    const [emu] = await serve(['--serial-style', 'emulator', '--connect'], 1);
    expect(emu).toMatch(/^emulator-\d+$/);
    await adb.waitFor(tcp);
    await adb.waitFor(emu);
    const [a, b] = await Promise.all([tcp, emu].map((s) => adb.adb(['-s', s, 'shell', 'getprop ro.serialno'])));
    expect([a.stdout, b.stdout]).toEqual([`TOUCHSTONE${tcp.split(':')[1]}\n`, `EMULATOR31X${emu.slice(9)}\n`]);
    // HOME is the adb server's: the device created the token file there, and adb emu authenticates with it
    expect((await adb.adb(['-s', emu, 'emu', 'avd', 'name'])).stdout).toBe('Touchstone_API_31\r\nOK\r\n');
  });

  const trace18 = path.resolve(ROOT, '../shared/fixtures/llamatouch/episodes/trace_18');
  it.skipIf(!existsSync(trace18))('--world graph:<dir> follows recorded transitions and writes unexplored actions to --episode', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vd-graph-cli-'));
    try {
      cpSync(trace18, path.join(dir, 'traces', 'gt'), { recursive: true });
      const episode = path.join(dir, 'run.json');
      const [serial] = await serve(['--world', `graph:${path.join(dir, 'traces')}`, '--episode', episode, '--connect'], 1);
      await adb.waitFor(serial);
      const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', serial, 'shell', cmd]);
      // the recording's first action is HOME: it leads to the launcher screen, recorded as the wallpaper's window
      await sh('input keyevent KEYCODE_HOME');
      expect((await sh('dumpsys window | grep mCurrentFocus')).stdout).toMatch(/mCurrentFocus=Window\{[0-9a-f]+ u0 com\.android\.systemui\.ImageWallpaper\}/);
      await sh('input tap 5 5');
      const until = Date.now() + 5000;
      type Report = { path: { key: string | null }[]; unexplored: { action: { kind: string; x: number; y: number } }[] };
      let report: Report | null = null;
      while (Date.now() < until) {
        report = existsSync(episode) ? JSON.parse(readFileSync(episode, 'utf8')) as Report : null;
        if (report?.unexplored.length) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(report?.path.map((p) => p.key)).toEqual([null, 'key:home']);
      expect(report?.unexplored.map((u) => u.action)).toEqual([{ kind: 'tap', x: 5, y: 5 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown option with usage and exit code 2', () => {
    let code = 0;
    let err = '';
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'electron/cli.ts'), 'device', 'serve', '--world'], { stdio: 'pipe' });
    } catch (e) {
      code = (e as { status: number }).status;
      err = String((e as { stderr: Buffer }).stderr);
    }
    expect(code).toBe(2);
    expect(err).toContain('--world needs a value');
  });
});
