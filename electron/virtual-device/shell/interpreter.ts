import { parseShell, ShellSyntaxError, type SimpleCommand, type Word } from './parse';
import type { CommandFn, CommandIO, ShellHost } from './types';

type Sink = (data: Buffer) => void;

export interface ShellStreams {
  stdin(): Promise<Buffer>;
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
}

const toBuf = (d: Buffer | string): Buffer => (typeof d === 'string' ? Buffer.from(d) : d);

/** A shell session: variables persist across lines (`export A=1; ...`). */
export class Shell {
  readonly env = new Map<string, string>([
    ['PATH', '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin'],
    ['HOME', '/'], ['SHELL', '/system/bin/sh'], ['USER', 'shell'], ['HOSTNAME', 'localhost'], ['TMPDIR', '/data/local/tmp'],
    ['ANDROID_DATA', '/data'], ['ANDROID_ROOT', '/system'], ['EXTERNAL_STORAGE', '/sdcard'],
  ]);
  private status = 0;

  constructor(private readonly host: ShellHost, private readonly commands: ReadonlyMap<string, CommandFn>) {}

  /** Runs one command line; returns its exit status. */
  async run(line: string, io: ShellStreams): Promise<number> {
    let pipelines;
    try {
      pipelines = parseShell(line);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      io.err(`/system/bin/sh: ${e.message}\n`);
      return (this.status = 2);
    }
    let prevThen: string = ';';
    for (const p of pipelines) {
      const skip = (prevThen === '&&' && this.status !== 0) || (prevThen === '||' && this.status === 0);
      prevThen = p.then;
      if (skip) continue;
      this.status = await this.runPipeline(p.commands, io);
      if (this.exitRequested !== null) break;
    }
    return this.exitRequested ?? this.status;
  }

  /** Set by the `exit` builtin. */
  exitRequested: number | null = null;

  private async runPipeline(cmds: SimpleCommand[], io: ShellStreams): Promise<number> {
    let input: () => Promise<Buffer> = io.stdin;
    let code = 0;
    for (let i = 0; i < cmds.length; i++) {
      const last = i === cmds.length - 1;
      const chunks: Buffer[] = [];
      const out: Sink = last ? (d) => io.out(d) : (d) => chunks.push(d);
      code = await this.runCommand(cmds[i], input, out, (d) => io.err(d));
      const piped = Buffer.concat(chunks);
      input = () => Promise.resolve(piped);
    }
    return code;
  }

  private expand(w: Word): string {
    return w.map((p) => (p.t === 'lit' ? p.v : this.lookup(p.name))).join('');
  }

  private lookup(name: string): string {
    if (name === '?') return String(this.status);
    if (name === '$') return '4242';
    if (name === '#' || /^[0-9]$/.test(name)) return name === '0' ? '/system/bin/sh' : '';
    return this.env.get(name) ?? '';
  }

  private async runCommand(cmd: SimpleCommand, stdin: () => Promise<Buffer>, out: Sink, err: Sink): Promise<number> {
    // An unquoted expansion that is empty yields no word, as in sh.
    const args = cmd.words
      .filter((w) => !(w.length > 0 && w.every((p) => p.t === 'var') && this.expand(w) === ''))
      .map((w) => this.expand(w));
    const assigns = cmd.assigns.map((a) => [a.name, this.expand(a.value)] as const);
    if (args.length === 0) {
      for (const [k, v] of assigns) this.env.set(k, v);
      return 0;
    }
    const fds = new Map<number, Sink>([[1, out], [2, err]]);
    const files: { path: string; append: boolean; chunks: Buffer[] }[] = [];
    for (const r of cmd.redirects) {
      if (r.kind === 'dup') { const s = fds.get(r.to); if (s) fds.set(r.fd, s); continue; }
      const target = this.expand(r.target);
      if (r.kind === 'input') {
        const e = this.host.fs.get(target);
        if (!e || e.kind !== 'file') { err(Buffer.from(`/system/bin/sh: can't open ${target}: No such file or directory\n`)); return 1; }
        stdin = () => Promise.resolve(e.data);
        continue;
      }
      if (target === '/dev/null') fds.set(r.fd, () => undefined);
      else if (target === '/dev/tty' || target === '/dev/stdout') fds.set(r.fd, out);
      else if (target === '/dev/stderr') fds.set(r.fd, err);
      else {
        const f = { path: target, append: r.append, chunks: [] as Buffer[] };
        const probe = this.host.fs.write(target, Buffer.alloc(0), { append: true });
        if (probe) { err(Buffer.from(`/system/bin/sh: can't create ${target}: ${probe}\n`)); return 1; }
        files.push(f);
        fds.set(r.fd, (d) => f.chunks.push(d));
      }
    }
    const o = fds.get(1)!;
    const e = fds.get(2)!;
    const env = new Map(this.env);
    for (const [k, v] of assigns) env.set(k, v);
    const code = await this.exec(args, env, stdin, o, e);
    for (const f of files) this.host.fs.write(f.path, Buffer.concat(f.chunks), { append: f.append });
    return code;
  }

  private async exec(args: string[], env: Map<string, string>, stdin: () => Promise<Buffer>, out: Sink, err: Sink): Promise<number> {
    const name = args[0];
    switch (name) {
      case 'export':
        for (const a of args.slice(1)) {
          const eq = a.indexOf('=');
          if (eq > 0) this.env.set(a.slice(0, eq), a.slice(eq + 1));
        }
        return 0;
      case 'unset': for (const a of args.slice(1)) this.env.delete(a); return 0;
      case 'exit': this.exitRequested = Number(args[1] ?? this.status) & 0xff; return this.exitRequested;
      case 'cd': return 0;
      default: break;
    }
    const base = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
    const fn = this.commands.get(base);
    if (!fn) {
      err(Buffer.from(`/system/bin/sh: ${name}: not found\n`));
      return 127;
    }
    const io: CommandIO = {
      args, env, stdin, host: this.host,
      out: (d) => out(toBuf(d)),
      err: (d) => err(toBuf(d)),
      // `sh -c` runs in a child shell: its variables and `exit` stay inside it
      run: (line, sub) => {
        const child = new Shell(this.host, this.commands);
        for (const [k, v] of env) child.env.set(k, v);
        return child.run(line, sub);
      },
    };
    return await fn(io);
  }
}
