import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The console port of an `emulator-NNNN` serial (NNNN), or null for other serials. */
export function consolePortOf(serial: string): number | null {
  const m = /^emulator-(\d+)$/.exec(serial);
  return m ? Number(m[1]) : null;
}

/**
 * A client of the Android emulator console (the telnet text protocol `adb emu`
 * speaks): authenticates with ~/.emulator_console_auth_token, sends one command
 * at a time, and returns the reply text before `OK`, or throws on `KO`.
 */
export class EmulatorConsoleClient {
  private socket: Socket | null = null;
  private buf = '';
  private waiter: (() => void) | null = null;

  constructor(readonly port: number, readonly host = '127.0.0.1', private readonly tokenFile = join(homedir(), '.emulator_console_auth_token')) {}

  private async reply(timeoutMs: number): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = /^(OK|KO)(?::? ?(.*))?\r?$/m.exec(this.buf);
      if (m) {
        const before = this.buf.slice(0, m.index);
        this.buf = this.buf.slice(m.index + m[0].length).replace(/^\n/, '');
        if (m[1] === 'KO') throw new Error(`emulator console ${this.host}:${this.port}: ${m[2] ?? 'KO'}`);
        return before.replace(/\r/g, '').trim();
      }
      const left = until - Date.now();
      if (left <= 0 || !this.socket) throw new Error(`emulator console ${this.host}:${this.port} did not answer within ${timeoutMs} ms.`);
      await new Promise<void>((r) => { this.waiter = r; setTimeout(r, Math.min(left, 200)); });
    }
  }

  async open(timeoutMs = 5000): Promise<void> {
    const s = connect(this.port, this.host);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('error', (e) => reject(new Error(`Cannot reach the emulator console at ${this.host}:${this.port} (${e.message}); is the emulator running?`)));
    });
    s.on('data', (d: Buffer) => { this.buf += d.toString('utf8'); this.waiter?.(); });
    s.on('close', () => { this.socket = null; this.waiter?.(); });
    s.on('error', () => undefined);
    this.socket = s;
    const greeting = await this.reply(timeoutMs);
    if (/Authentication required/i.test(greeting)) {
      const token = await readFile(this.tokenFile, 'utf8').then((t) => t.trim(), () => null);
      if (token === null) throw new Error(`The emulator console wants a token and ${this.tokenFile} is missing; copy it from the machine running the emulator.`);
      await this.command(`auth ${token}`);
    }
  }

  /** Sends one command; resolves with the reply text before OK. */
  async command(line: string, timeoutMs = 20_000): Promise<string> {
    if (!this.socket) await this.open();
    this.socket!.write(`${line}\r\n`);
    return this.reply(timeoutMs);
  }

  async avdName(): Promise<string> { return (await this.command('avd name')).split('\n')[0]?.trim() ?? ''; }
  async saveSnapshot(name: string): Promise<void> { await this.command(`avd snapshot save ${name}`); }
  async loadSnapshot(name: string): Promise<void> { await this.command(`avd snapshot load ${name}`); }
  async deleteSnapshot(name: string): Promise<void> { await this.command(`avd snapshot delete ${name}`); }
  async listSnapshots(): Promise<string[]> {
    const text = await this.command('avd snapshot list');
    return text.split('\n').map((l) => /^\s*\d+\s+(\S+)/.exec(l)?.[1]).filter((n): n is string => n !== undefined);
  }

  /** `kill`: the emulator exits. */
  async kill(): Promise<void> {
    if (!this.socket) await this.open();
    this.socket!.write('kill\r\n');
    await this.reply(5000).catch(() => undefined);
    this.close();
  }

  close(): void {
    this.socket?.end();
    this.socket = null;
  }
}
