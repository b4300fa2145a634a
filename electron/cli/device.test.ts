import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startAdbServer, ADB, type AdbServer } from '../virtual-device/testing';

const haveAdb = ((): boolean => { try { execFileSync(ADB, ['version']); return true; } catch { return false; } })();
const ROOT = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!haveAdb)('touchstone device serve (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let child: ChildProcess | undefined;
  beforeAll(async () => { adb = await startAdbServer(); });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    await adb?.stop();
  });

  it('prints the serials of --count devices, connects them with --connect, and they answer adb', async () => {
    child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'electron/cli.ts'), 'device', 'serve', '--count', '2', '--connect', '--faults', 'latency=1'], { env: adb.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const serials = await new Promise<string[]>((resolve, reject) => {
      child!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const found = [...out.matchAll(/^(127\.0\.0\.1:\d+)\tconnect with: adb connect \1$/gm)].map((m) => m[1]);
        if (found.length === 2) resolve(found);
      });
      child!.on('exit', (code) => reject(new Error(`device serve exited ${code}: ${out}`)));
    });
    for (const s of serials) {
      await adb.waitFor(s);
      expect((await adb.adb(['-s', s, 'shell', 'getprop ro.build.version.release'])).stdout).toBe('12\n');
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
