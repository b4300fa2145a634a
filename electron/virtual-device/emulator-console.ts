import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { writeFileAtomic } from '../platform/atomic-write';

const HELP_GREETING = "Android Console: type 'help' for a list of commands\r\nOK\r\n";

/**
 * The console auth token as the emulator finds it: the content of the token file
 * (empty = no authentication); a missing file is created with a fresh random token.
 * `adb emu` reads the same file from its own HOME and sends `auth <token>` first.
 */
export async function resolveConsoleToken(file: string): Promise<string> {
  const read = async (): Promise<string | null> => readFile(file, 'utf8').then((t) => t.trim(), () => null);
  const existing = await read();
  if (existing !== null) return existing;
  await writeFileAtomic(file, randomBytes(12).toString('base64'));
  // another emulator may have created it at the same moment: the file decides
  return (await read()) ?? '';
}

/** What the console needs from the device it controls. */
export interface ConsoleTarget {
  avdName: string;
  snapshotSave(name: string): void;
  /** False when no snapshot has that name. */
  snapshotLoad(name: string): boolean;
  snapshotDelete(name: string): boolean;
  snapshotNames(): string[];
  /** `kill`: the emulator goes away. */
  kill(): void;
}

/**
 * The subset of the Android emulator console (telnet text protocol on the port
 * below the adb port) that `adb emu` and emulator lifecycle code use.
 * With a non-empty auth token, commands other than `auth`, `help` and `quit`
 * are refused until `auth <token>` (as the real console does).
 */
export class EmulatorConsole {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  readonly received: string[] = [];

  constructor(private readonly target: ConsoleTarget, private readonly authToken = '', private readonly tokenPath = '~/.emulator_console_auth_token') {}

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    const server = createServer((s) => this.accept(s));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let authed = this.authToken === '';
    const greet = authed
      ? HELP_GREETING
      : `Android Console: Authentication required\r\nAndroid Console: type 'auth <auth_token>' to authenticate\r\nAndroid Console: you can find your <auth_token> in \r\n'${this.tokenPath}'\r\nOK\r\n`;
    socket.write(greet);
    let buf = '';
    socket.on('data', (d) => {
      buf += d.toString('utf8');
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).replace(/\r$/, '').trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        this.received.push(line);
        const reply = this.command(line, authed, () => { authed = true; });
        if (reply === null) { socket.end(); return; }
        socket.write(reply);
      }
    });
  }

  /** Returns the reply text, or null to close the connection. */
  private command(line: string, authed: boolean, setAuthed: () => void): string | null {
    const [cmd, ...args] = line.split(/\s+/);
    if (cmd === 'quit' || cmd === 'exit') return null;
    if (cmd === 'auth') {
      if (args[0] === this.authToken || this.authToken === '') { setAuthed(); return HELP_GREETING; }
      return `KO: authentication token does not match ${this.tokenPath}\r\n`;
    }
    if (cmd === 'help') return 'Android console commands:\r\n\r\n    help|h|?         print a list of commands\r\n    avd              control virtual device execution\r\n    kill             kill the emulator instance\r\n    quit|exit        quit control session\r\n\r\nOK\r\n';
    if (!authed) return "KO: unknown command, try 'help'\r\n";
    if (cmd === 'kill') { setImmediate(() => this.target.kill()); return 'OK: killing emulator, bye bye\r\n'; }
    if (cmd === 'avd' && args[0] === 'name') return `${this.target.avdName}\r\nOK\r\n`;
    if (cmd === 'avd' && args[0] === 'snapshot') {
      const [sub, name] = args.slice(1);
      switch (sub) {
        case 'list': {
          const names = this.target.snapshotNames();
          const rows = names.map((n, i) => `${String(i + 1).padEnd(6)}${n.padEnd(24)}    1.2M 2026-01-01 00:00:00   00:00:10.000\r\n`).join('');
          return names.length ? `List of snapshots present on all disks:\r\nID        TAG                 VM SIZE                DATE       VM CLOCK\r\n${rows}OK\r\n` : 'OK\r\n';
        }
        case 'save': if (!name) break; this.target.snapshotSave(name); return 'OK\r\n';
        case 'load': if (!name) break; return this.target.snapshotLoad(name) ? 'OK\r\n' : `KO: snapshot '${name}' does not exist\r\n`;
        case 'delete': if (!name) break; return this.target.snapshotDelete(name) ? 'OK\r\n' : `KO: snapshot '${name}' does not exist\r\n`;
        default: break;
      }
      return 'KO: bad sub-command or missing snapshot name\r\n';
    }
    return "KO: unknown command, try 'help'\r\n";
  }
}
