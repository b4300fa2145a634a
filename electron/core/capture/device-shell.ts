import type { AdbClient } from '../devices/adb-client';

/**
 * How capture talks to one device: shell commands and screenshots. The real
 * path is adbkit over an adb server; `inProcessShell` runs the same commands on a
 * virtual device object (tools that run without an adb binary, e.g. `demo create`).
 */
export interface DeviceShell {
  readonly serial: string;
  /** Runs a shell command (adb's legacy `shell:` service: stdout and stderr merged, no exit status). */
  run(command: string, timeoutMs?: number): Promise<Buffer>;
  /** `screencap -p` as PNG bytes. */
  screencap(timeoutMs?: number): Promise<Buffer>;
}

/** A device that went away, or a command that hung: the runner marks the episode interrupted. */
export class DeviceGoneError extends Error {
  constructor(readonly serial: string, reason: string, options?: { cause?: unknown }) {
    super(`Device ${serial}: ${reason}`, options);
    this.name = 'DeviceGoneError';
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

function withTimeout<T>(p: Promise<T>, ms: number, serial: string, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeviceGoneError(serial, `${what} did not answer within ${ms} ms (device hung or disconnected).`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

const GONE = /device .* not found|device offline|closed|ECONNRESET|EPIPE|ECONNREFUSED|unauthorized|no devices/i;

function wrap(serial: string, what: string, err: unknown): Error {
  if (err instanceof DeviceGoneError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  return GONE.test(msg) ? new DeviceGoneError(serial, `${what} failed: ${msg}`, { cause: err }) : new Error(`Device ${serial}: ${what} failed: ${msg}`, { cause: err });
}

/** The real path: adbkit through the adb server. */
export function adbShell(client: AdbClient, serial: string): DeviceShell {
  const device = client.getDevice(serial);
  return {
    serial,
    async run(command, timeoutMs = 20_000) {
      try {
        return await withTimeout((async () => readStream(await device.shell(command)))(), timeoutMs, serial, `shell "${command.slice(0, 60)}"`);
      } catch (err) { throw wrap(serial, `shell "${command.slice(0, 60)}"`, err); }
    },
    async screencap(timeoutMs = 20_000) {
      try {
        return await withTimeout((async () => readStream(await device.screencap()))(), timeoutMs, serial, 'screencap');
      } catch (err) { throw wrap(serial, 'screencap', err); }
    },
  };
}

/** What `inProcessShell` needs of a device object (the virtual device's exec and screen). */
export interface InProcessDevice {
  exec(line: string): Promise<{ stdout: Buffer; stderr: Buffer; code: number }>;
  screenPng(): Promise<Buffer>;
}

/** Runs the same commands on an in-process virtual device (no adb server). */
export function inProcessShell(serial: string, dev: InProcessDevice): DeviceShell {
  return {
    serial,
    async run(command) {
      const r = await dev.exec(command);
      return Buffer.concat([r.stdout, r.stderr]);
    },
    screencap: () => dev.screenPng(),
  };
}
