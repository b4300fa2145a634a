import { parseShell, ShellSyntaxError, type ListItem, type SimpleCommand, type Word } from './parse';
import type { CommandFn, CommandIO, ShellHost } from './types';
import { ExpansionError, evalArith } from './arith';
import type { WordPart } from './tokenize';
import { applyRedirects, type Sink } from './redirect';
import { SHELL_PID } from './commands/process';


export interface ShellStreams {
  stdin(): Promise<Buffer>;
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
  /** True once the client hung up: the rest of the line is not run (adbd kills the shell). */
  hungUp?(): boolean;
}

/**
 * The longest string an expansion may build (16 MiB): beyond it the command fails with an error instead of
 * the JavaScript engine aborting the whole session (a device shell would run out of memory and say so).
 */
export const MAX_STRING = 16 * 1024 * 1024;

/** mksh's glob pattern (`*`, `?`, `[...]`) as a RegExp source. */
function globSource(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*') out += '[\\s\\S]*';
    else if (c === '?') out += '[\\s\\S]';
    else if (c === '[') { const e = p.indexOf(']', i + 2); if (e > 0) { out += `[${p.slice(i + 1, e).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`; i = e; } else out += '\\['; }
    else out += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return out;
}

/** Iterations after which a `while` loop is abandoned. */
const MAX_LOOPS = 100_000;

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

  /** The client's hang-up, shared with subshells. */
  private hungUp: (() => boolean) | undefined;

  /** Runs one command line; returns its exit status. */
  async run(line: string, io: ShellStreams): Promise<number> {
    this.hungUp ??= io.hungUp;
    let items;
    try {
      items = parseShell(line);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      io.err(`/system/bin/sh: ${e.message}\n`);
      return (this.status = 2);
    }
    try {
      await this.runList(items, io);
    } catch (e) {
      // the engine's own limits (a string or buffer too large) end this line with an error, never the device
      if (!(e instanceof RangeError)) throw e;
      io.err(`/system/bin/sh: out of memory: ${e.message}\n`);
      return (this.status = 1);
    }
    return this.exitRequested ?? this.status;
  }

  private async runList(items: ListItem[], io: ShellStreams): Promise<void> {
    let prevThen: string = ';';
    for (const item of items) {
      const skip = (prevThen === '&&' && this.status !== 0) || (prevThen === '||' && this.status === 0);
      prevThen = item.then;
      if (skip) continue;
      if (this.hungUp?.()) { this.exitRequested ??= 129; return; } // SIGHUP
      this.status = await this.runItem(item, io);
      // `exit`, or a `break`/`continue` on its way out to its loop, ends the list here.
      if (this.exitRequested !== null || this.loopJump) return;
    }
  }

  private async runItem(item: ListItem, io: ShellStreams): Promise<number> {
    switch (item.kind) {
      case 'pipeline': return this.runPipeline(item.commands, io);
      case 'for': {
        let code = 0;
        const err: Sink = (d) => io.err(d);
        const values: string[] = [];
        try {
          for (const w of item.words) values.push(...await this.fields(w, err));
        } catch (e) {
          if (!(e instanceof ExpansionError)) throw e;
          io.err(`/system/bin/sh: ${e.message}\n`);
          if (e.fatal) this.exitRequested = 1;
          return 1;
        }
        this.loopDepth++;
        try {
          for (const v of values) {
            this.env.set(item.name, v);
            await this.runList(item.body, io);
            code = this.status;
            if (this.exitRequested !== null || this.endsLoop()) break;
          }
        } finally {
          this.loopDepth--;
        }
        return code;
      }
      case 'if':
        for (const b of item.branches) {
          await this.runList(b.cond, io);
          if (this.exitRequested !== null || this.loopJump) return this.status;
          if (this.status === 0) { await this.runList(b.body, io); return this.status; }
        }
        if (item.otherwise) { await this.runList(item.otherwise, io); return this.status; }
        return 0;
      case 'while': {
        let code = 0;
        // A runaway loop must not hang the device forever; a real shell would be killed by adb's hangup.
        this.loopDepth++;
        try {
          for (let n = 0; n < MAX_LOOPS; n++) {
            await this.runList(item.cond, io);
            if (this.exitRequested !== null) break;
            if (this.loopJump) { if (this.endsLoop()) break; continue; } // `continue` in the condition tests it again
            if ((this.status === 0) === item.until) break;
            await this.runList(item.body, io);
            code = this.status;
            if (this.exitRequested !== null || this.endsLoop()) break;
            if (n % 256 === 255) await new Promise((r) => setImmediate(r)); // stay responsive to other streams
          }
        } finally {
          this.loopDepth--;
        }
        return code;
      }
    }
  }

  /** Set by the `exit` builtin. */
  exitRequested: number | null = null;

  /** How many loops enclose the running command, and a pending `break N` / `continue N` leaving them. */
  private loopDepth = 0;
  private loopJump: { kind: 'break' | 'continue'; levels: number } | null = null;

  /**
   * Called by a loop after its body ran: true when a pending jump leaves this loop.
   * A jump aimed at an outer loop stays pending; one aimed here is consumed (`continue` then goes on).
   */
  private endsLoop(): boolean {
    const j = this.loopJump;
    if (!j) return false;
    if (--j.levels > 0) return true;
    this.loopJump = null;
    return j.kind === 'break';
  }

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

  private async expand(w: Word, err: Sink): Promise<string> {
    const parts: string[] = [];
    let size = 0;
    for (const p of w) {
      const v = await this.expandPart(p, err);
      size += v.length;
      if (size > MAX_STRING) throw new ExpansionError(`string too long: an expansion reached ${MAX_STRING / 1024 / 1024} MiB (the virtual device's limit)`, true);
      parts.push(v);
    }
    return parts.join('');
  }

  private expandPart(p: WordPart, err: Sink): string | Promise<string> {
    switch (p.t) {
      case 'lit': return p.v;
      case 'var': return this.lookup(p.name);
      case 'cmd': return this.substitute(p.src, err);
      case 'arith': return String(evalArith(p.expr, (name) => this.lookup(name)));
      case 'param': return this.param(p, err);
    }
  }

  /** `${#x}`, `${x:-w}`, `${x-w}`, `${x:=w}`, `${x:+w}`, `${x:?w}`, `${x#p}`, `${x##p}`, `${x%p}`, `${x%%p}` (word expanded only when used). */
  private async param(p: Extract<WordPart, { t: 'param' }>, err: Sink): Promise<string> {
    const value = this.lookup(p.name);
    const isSet = this.env.has(p.name) || /^[?$#0]$/.test(p.name);
    const colon = p.op.startsWith(':');
    const missing = colon ? value === '' : !isSet;
    switch (p.op) {
      case '#len': return String([...value].length);
      case ':-': case '-': return missing ? this.expand(p.word, err) : value;
      case ':=': case '=': {
        if (!missing) return value;
        if (!/^[A-Za-z_]/.test(p.name)) throw new ExpansionError(`\${${p.name}${p.op}}: bad substitution`);
        const v = await this.expand(p.word, err);
        this.env.set(p.name, v);
        return v;
      }
      case ':+': case '+': return missing ? '' : this.expand(p.word, err);
      case ':?': case '?': {
        if (!missing) return value;
        const msg = await this.expand(p.word, err);
        throw new ExpansionError(`${p.name}: ${msg || (colon ? 'parameter null or not set' : 'parameter not set')}`, true);
      }
      default: {
        // shortest (`#`, `%`) or longest (`##`, `%%`) prefix / suffix matching the pattern is removed
        const whole = new RegExp(`^(?:${globSource(await this.expand(p.word, err))})$`);
        const cuts = [...Array(value.length + 1).keys()];
        const prefix = p.op[0] === '#';
        const order = prefix === (p.op.length === 2) ? cuts.reverse() : cuts;
        for (const n of order) if (whole.test(prefix ? value.slice(0, n) : value.slice(n))) return prefix ? value.slice(n) : value.slice(0, n);
        return value;
      }
    }
  }

  /** An unquoted `$VAR` or `$(cmd)` word is split into fields (none when empty), as sh does. */
  private async fields(w: Word, err: Sink): Promise<string[]> {
    const text = await this.expand(w, err);
    return w.length === 1 && w[0].t !== 'lit' ? text.split(/[ \t\n]+/).filter(Boolean) : [text];
  }

  /** `$(cmd)`: runs in a subshell; its stdout without trailing newlines. */
  private async substitute(src: string, err: Sink): Promise<string> {
    const child = new Shell(this.host, this.commands);
    for (const [k, v] of this.env) child.env.set(k, v);
    child.hungUp = this.hungUp;
    const out: Buffer[] = [];
    this.status = await child.run(src, { stdin: () => Promise.resolve(Buffer.alloc(0)), out: (d) => out.push(toBuf(d)), err: (d) => err(toBuf(d)) });
    return Buffer.concat(out).toString('utf8').replace(/\n+$/, '');
  }

  private lookup(name: string): string {
    if (name === '?') return String(this.status);
    if (name === '$') return String(SHELL_PID);
    if (name === '#' || /^[0-9]$/.test(name)) return name === '0' ? '/system/bin/sh' : '';
    return this.env.get(name) ?? '';
  }

  private async runCommand(cmd: SimpleCommand, stdin: () => Promise<Buffer>, out: Sink, err: Sink): Promise<number> {
    const args: string[] = [];
    const assigns: [string, string][] = [];
    try {
      for (const w of cmd.words) args.push(...await this.fields(w, err));
      for (const a of cmd.assigns) assigns.push([a.name, await this.expand(a.value, err)]);
    } catch (e) {
      if (!(e instanceof ExpansionError)) throw e;
      err(Buffer.from(`/system/bin/sh: ${e.message}\n`));
      if (e.fatal) this.exitRequested = 1;
      return 1;
    }
    if (args.length === 0) {
      for (const [k, v] of assigns) this.env.set(k, v);
      return 0;
    }
    const red = await applyRedirects(cmd.redirects, { stdin, out, err }, this.host.fs, (r) => this.expand(r.target, err));
    if (typeof red === 'string') { err(Buffer.from(`/system/bin/sh: ${red}\n`)); return 1; }
    const env = new Map(this.env);
    for (const [k, v] of assigns) env.set(k, v);
    const code = await this.exec(args, env, red.stdin, red.out, red.err);
    red.commit();
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
      // `exec CMD`: the command replaces the shell (adb's `logcat` is `exec logcat`); nothing runs after it.
      case 'exec': {
        if (args.length === 1) return 0;
        const code = await this.exec(args.slice(1), env, stdin, out, err);
        this.exitRequested = code;
        return code;
      }
      case 'break':
      case 'continue': {
        const n = args[1] === undefined ? 1 : Number(args[1]);
        if (!Number.isInteger(n) || n < 1) { err(Buffer.from(`/system/bin/sh: ${name}: ${args[1]}: bad number\n`)); return 1; }
        // mksh warns and goes on when there is no loop to leave.
        if (this.loopDepth === 0) { err(Buffer.from(`/system/bin/sh: ${name}: can't ${name}\n`)); return 0; }
        this.loopJump = { kind: name, levels: Math.min(n, this.loopDepth) };
        return 0;
      }
      default: break;
    }
    const base = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
    const fn = this.commands.get(base);
    if (!fn) {
      err(Buffer.from(`/system/bin/sh: ${name}: not found\n`));
      return 127;
    }
    const io: CommandIO = {
      args, env, stdin, host: this.host, hungUp: this.hungUp,
      out: (d) => out(toBuf(d)),
      err: (d) => err(toBuf(d)),
      // `sh -c` runs in a child shell: its variables and `exit` stay inside it
      run: (line, sub) => {
        const child = new Shell(this.host, this.commands);
        for (const [k, v] of env) child.env.set(k, v);
        child.hungUp = this.hungUp;
        return child.run(line, sub);
      },
    };
    try {
      return await fn(io);
    } catch (e) {
      // a command that breaks (a world bug, a bad file) fails like a crashed tool, not by closing the stream silently
      if (e instanceof ExpansionError) throw e;
      err(Buffer.from(`${name}: ${e instanceof Error ? e.message : String(e)}\n`));
      return 1;
    }
  }
}
