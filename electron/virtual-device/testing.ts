/**
 * Helpers for tests and development: a virtual device plus a private adb server
 * (own port and HOME, so tests never touch a developer's adb or keys).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDeviceInstance, type DeviceInstance, type DeviceInstanceOptions } from './instance';
import { createWorld } from './world/create-world';
import type { World } from './world/types';
import type { VirtualDevice } from './device';

export interface AdbResult<T = string> { stdout: T; stderr: string; code: number }

export interface AdbServer {
  port: number;
  home: string;
  /** Environment for child processes that should use this server (HOME, ANDROID_ADB_SERVER_PORT). */
  env: NodeJS.ProcessEnv;
  adb(args: string[], opts?: { input?: string | Buffer; timeoutMs?: number }): Promise<AdbResult>;
  /** Same, stdout as bytes (e.g. `exec-out screencap -p`). */
  adbRaw(args: string[], opts?: { input?: string | Buffer; timeoutMs?: number }): Promise<AdbResult<Buffer>>;
  /** Polls `adb devices` until `serial` has `state` (default `device`). */
  waitFor(serial: string, state?: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The adb binary: $ADB or `adb` on PATH (Debian installs /usr/bin/adb). */
export const ADB = process.env.ADB ?? 'adb';

/** Whether the adb binary runs here (tests that need it skip with a message otherwise). */
export const HAVE_ADB = ((): boolean => { try { execFileSync(ADB, ['version'], { stdio: 'ignore' }); return true; } catch { return false; } })();

/** Reads a stream (an adbkit shell, screencap or pull) to its end. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A TCP port nobody listens on right now, below Linux's ephemeral range (32768-60999), where the OS
 * hands out ports to every listen(0) and outgoing connection of the tests running beside this one:
 * a port taken from that range was once given to another test's server between this check and
 * its use (adb start-server then spoke to that server: "protocol fault").
 */
export async function freePort(): Promise<number> {
  for (let k = 0; k < 50; k++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function run(env: NodeJS.ProcessEnv, args: string[], opts: { input?: string | Buffer; timeoutMs?: number } = {}): Promise<AdbResult<Buffer>> {
  return new Promise((resolve, reject) => {
    const child = spawn(ADB, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => { clearTimeout(timer); reject(new Error(`cannot run ${ADB} ${args.join(' ')}: ${e.message} (install Debian's adb: apt-get install -y adb)`)); });
    child.on('close', (code) => { clearTimeout(timer); resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code: code ?? -1 }); });
    child.stdin.on('error', () => undefined); // adb may exit before reading its stdin
    child.stdin.end(opts.input ?? '');
  });
}

/** Starts a private adb server on a free port with its own HOME (another port if that one was taken meanwhile). */
export async function startAdbServer(): Promise<AdbServer> {
  let port = 0;
  let home = '';
  let env: NodeJS.ProcessEnv = {};
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    home = mkdtempSync(join(tmpdir(), 'touchstone-adb-'));
    env = { ...process.env, HOME: home, ANDROID_ADB_SERVER_PORT: String(port), ANDROID_SDK_HOME: home, ANDROID_USER_HOME: home };
    const start = await run(env, ['start-server']);
    if (start.code === 0) break;
    rmSync(home, { recursive: true, force: true });
    if (attempt >= 3) throw new Error(`adb start-server failed ${attempt} times, last on port ${port}: ${start.stderr}`);
  }
  const adbRaw: AdbServer['adbRaw'] = (args, opts) => run(env, args, opts);
  const adb: AdbServer['adb'] = async (args, opts) => {
    const r = await run(env, args, opts);
    return { ...r, stdout: r.stdout.toString('utf8') };
  };
  return {
    port, home, env, adb, adbRaw,
    async waitFor(serial, state = 'device', timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < until) {
        last = (await adb(['devices'])).stdout;
        if (last.split('\n').some((l) => l.split('\t')[0] === serial && l.split('\t')[1]?.trim() === state)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`adb on port ${port}: ${serial} did not become '${state}' within ${timeoutMs} ms; adb devices said:\n${last}`);
    },
    async stop() {
      await run(env, ['kill-server']).catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface StartVirtualDeviceOptions extends Omit<DeviceInstanceOptions, 'world'> {
  /** 'demo' (default), an episode/trace folder, or a World object. */
  world?: 'demo' | string | World;
  /** When given, the device is connected to this adb server and awaited. */
  adb?: AdbServer;
}

export interface StartedDevice {
  port: number;
  serial: string;
  device: VirtualDevice;
  instance: DeviceInstance;
  stop(): Promise<void>;
}

/** Starts a virtual device; with `adb`, connects it (`adb connect` or emulator registration) and waits for `device`. */
export async function startVirtualDevice(opts: StartVirtualDeviceOptions = {}): Promise<StartedDevice> {
  const world = typeof opts.world === 'object' ? opts.world : createWorld(opts.world ?? 'demo');
  // Emulator-style test devices never touch the developer's ~/.emulator_console_auth_token: with an
  // adb server they use a token file in its HOME (where `adb emu` looks), else no console auth.
  const consoleAuth = opts.consoleAuthToken !== undefined || opts.consoleAuthTokenFile !== undefined ? {}
    : opts.adb ? { consoleAuthTokenFile: join(opts.adb.home, '.emulator_console_auth_token') } : { consoleAuthToken: '' };
  const instance = await startDeviceInstance({ scanRange: false, ...consoleAuth, ...opts, world });
  if (opts.adb) {
    if (opts.serialStyle === 'emulator') await instance.registerWith(opts.adb.port);
    else await opts.adb.adb(['connect', instance.serial]);
    await opts.adb.waitFor(instance.serial, opts.unauthorized ? 'unauthorized' : 'device');
  }
  return {
    port: instance.port, serial: instance.serial, device: instance.device, instance,
    async stop() {
      if (opts.adb && opts.serialStyle !== 'emulator') await opts.adb.adb(['disconnect', instance.serial]).catch(() => undefined);
      await instance.stop();
    },
  };
}

/** A runner of shell lines on `dev`, in process: each gives [stdout, stderr, exit status]. */
export function shellRunner(dev: VirtualDevice): (line: string) => Promise<[string, string, number]> {
  return async (line) => {
    const r = await dev.exec(line);
    return [r.stdout.toString(), r.stderr.toString(), r.code];
  };
}
