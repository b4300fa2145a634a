import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceShell } from '../capture/device-shell';
import { EmulatorConsoleClient } from './emulator-console';

/** The Android SDK's emulator binary, when an SDK is installed (ANDROID_HOME / ANDROID_SDK_ROOT, or on PATH). */
export function findEmulatorBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const sdk of [env.ANDROID_HOME, env.ANDROID_SDK_ROOT].filter(Boolean) as string[]) {
    const bin = join(sdk, 'emulator', process.platform === 'win32' ? 'emulator.exe' : 'emulator');
    if (existsSync(bin)) return bin;
  }
  const r = spawnSync(process.platform === 'win32' ? 'where' : 'which', ['emulator'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim().split('\n')[0]! : null;
}

/** AVD names (`emulator -list-avds`); empty when no SDK is installed. */
export function listAvds(bin = findEmulatorBinary()): string[] {
  if (!bin) return [];
  const r = spawnSync(bin, ['-list-avds'], { encoding: 'utf8', timeout: 20_000 });
  return r.status === 0 ? r.stdout.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('INFO')) : [];
}

export interface StartEmulatorOptions {
  avd: string;
  /** Console port (even, 5554-5584); the device is then `emulator-<port>`. */
  port?: number;
  /** Boot from this snapshot (`-snapshot NAME`). */
  snapshot?: string;
  headless?: boolean;
}

/** Starts an AVD headless without saving a snapshot on exit; returns the process and its serial. */
export function startEmulator(o: StartEmulatorOptions, bin = findEmulatorBinary()): { child: ChildProcess; serial: string } {
  if (!bin) throw new Error('No Android emulator found: install the Android SDK emulator package and set ANDROID_HOME, or use a virtual device (touchstone device serve).');
  const port = o.port ?? 5554;
  const args = ['-avd', o.avd, '-port', String(port), '-no-snapshot-save', '-no-boot-anim'];
  if (o.headless !== false) args.push('-no-window', '-no-audio');
  if (o.snapshot) args.push('-snapshot', o.snapshot);
  const child = spawn(bin, args, { stdio: 'ignore', detached: false });
  return { child, serial: `emulator-${port}` };
}

/** Waits until `sys.boot_completed` is 1 (emulators and phones after a reboot). */
export async function waitForBoot(shell: DeviceShell, timeoutMs = 180_000, signal?: AbortSignal): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    signal?.throwIfAborted();
    last = await shell.run('getprop sys.boot_completed', 5000).then((b) => b.toString('utf8').trim(), (e: Error) => e.message);
    if (last === '1') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${shell.serial} did not finish booting within ${Math.round(timeoutMs / 1000)} s (sys.boot_completed: ${last || 'empty'}).`);
}

/** Stops an emulator through its console (`kill`). */
export async function stopEmulator(consolePort: number, tokenFile?: string): Promise<void> {
  const c = new EmulatorConsoleClient(consolePort, '127.0.0.1', tokenFile);
  await c.kill();
}
