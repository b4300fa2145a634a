import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { DeviceInfo } from '../../../shared/contract/device';
import { adbShell, type DeviceShell } from '../capture/device-shell';
import { findEmulator } from './android-sdk';
import { EmulatorConsoleClient } from './emulator-console';
import type { DeviceManager } from './device-manager';

export { findEmulator, listAvds } from './android-sdk';

export interface StartEmulatorOptions {
  avd: string;
  /** Console port (even, 5554-5584); the device is then `emulator-<port>`. */
  port?: number;
  /** Boot from this snapshot (`-snapshot NAME`). */
  snapshot?: string;
  headless?: boolean;
  /** Environment of the emulator process (ANDROID_ADB_SERVER_PORT tells it which adb server to register with). */
  env?: NodeJS.ProcessEnv;
}

/** Starts an AVD headless without saving a snapshot on exit; returns the process and its serial. */
export function startEmulator(o: StartEmulatorOptions, bin = findEmulator(o.env)): { child: ChildProcess; serial: string } {
  if (!bin) throw new Error('No Android emulator found: install the Android SDK emulator package and set ANDROID_HOME, or use a virtual device (touchstone device serve).');
  const port = o.port ?? 5554;
  const args = ['-avd', o.avd, '-port', String(port), '-no-snapshot-save', '-no-boot-anim'];
  if (o.headless !== false) args.push('-no-window', '-no-audio');
  if (o.snapshot) args.push('-snapshot', o.snapshot);
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: false, env: o.env ?? process.env });
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

const listening = (port: number): Promise<boolean> => new Promise((resolve) => {
  const s = connect(port, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});

/** The first console port 5554-5584 whose port pair is free and that adb does not list (as the emulator picks). */
export async function freeConsolePort(taken: Set<string>): Promise<number> {
  for (let p = 5554; p <= 5584; p += 2) {
    if (taken.has(`emulator-${p}`)) continue;
    if (!(await listening(p)) && !(await listening(p + 1))) return p;
  }
  throw new Error('Every emulator port pair 5554-5585 is in use: stop an emulator first (16 at most run at once).');
}

/** Emulators this core started: their processes, so that stopping one also ends a process the console left running. */
export class EmulatorProcesses {
  private readonly children = new Map<string, ChildProcess>();

  /** Starts an AVD on a free port pair, registered with the manager's adb server; resolves once adb lists it booted. */
  async start(mgr: DeviceManager, avd: string, snapshot?: string, bootTimeoutMs = 180_000): Promise<DeviceInfo> {
    const port = await freeConsolePort(new Set((await mgr.list()).map((d) => d.serial)));
    const env = { ...process.env, ...(mgr.server.host === '127.0.0.1' || mgr.server.host === 'localhost' ? { ANDROID_ADB_SERVER_PORT: String(mgr.server.port) } : {}) };
    const { child, serial } = startEmulator({ avd, port, snapshot, env });
    this.children.set(serial, child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString('utf8')).slice(-2000); });
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => {
      this.children.delete(serial);
      reject(new Error(`The emulator for AVD ${avd} exited (code ${code}) before it booted${stderr.trim() ? `: ${stderr.trim().split('\n').pop()}` : ''}. Try \`emulator -avd ${avd}\` in a terminal to see why.`));
    }));
    exited.catch(() => undefined);
    const booted = (async (): Promise<DeviceInfo> => {
      const until = Date.now() + bootTimeoutMs;
      while (!(await mgr.list()).some((d) => d.serial === serial && d.state === 'device')) {
        if (Date.now() > until) throw new Error(`${serial} (AVD ${avd}) did not appear in adb within ${Math.round(bootTimeoutMs / 1000)} s.`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await waitForBoot(adbShell(mgr.client, serial), Math.max(1000, until - Date.now()));
      const d = (await mgr.list()).find((x) => x.serial === serial);
      if (!d) throw new Error(`${serial} (AVD ${avd}) left adb right after booting.`);
      return d;
    })();
    try {
      return await Promise.race([booted, exited]);
    } catch (err) {
      await this.stop(serial).catch(() => undefined);
      throw err;
    }
  }

  /** `kill` through the console; a process started here that is still alive a moment later gets SIGTERM. */
  async stop(serial: string, tokenFile?: string): Promise<void> {
    const port = /^emulator-(\d+)$/.exec(serial)?.[1];
    if (!port) throw new Error(`${serial} is not an emulator (emulator-NNNN): stop other devices where they run.`);
    const child = this.children.get(serial);
    this.children.delete(serial);
    let consoleError: Error | null = null;
    await stopEmulator(Number(port), tokenFile).catch((e: Error) => { consoleError = e; });
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      if (await Promise.race([gone.then(() => true), new Promise((r) => setTimeout(() => r(false), 3000))]) === false) child.kill('SIGTERM');
    } else if (consoleError) throw consoleError;
  }
}
