import type { CommandFn, CommandIO } from '../types';
import { S_IFDIR } from '../../mem-fs';

const fsErr = (io: CommandIO, path: string, msg: string): number => {
  io.err(`${io.args[0]}: ${path}: ${msg}\n`);
  return 1;
};

function flagsAndOperands(args: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const a of args) {
    if (a.length > 1 && a.startsWith('-') && operands.length === 0) for (const ch of a.slice(1)) flags.add(ch);
    else operands.push(a);
  }
  return { flags, operands };
}

function unescapeEcho(s: string): string {
  return s.replace(/\\([nt\\])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\'));
}

const echo: CommandFn = (io) => {
  let args = io.args.slice(1);
  let newline = true;
  let escapes = false;
  while (args[0] && /^-[ne]+$/.test(args[0])) {
    if (args[0].includes('n')) newline = false;
    if (args[0].includes('e')) escapes = true;
    args = args.slice(1);
  }
  const text = args.join(' ');
  io.out((escapes ? unescapeEcho(text) : text) + (newline ? '\n' : ''));
  return 0;
};

const cat: CommandFn = async (io) => {
  const files = io.args.slice(1).filter((a) => a !== '-');
  if (files.length === 0) { io.out(await io.stdin()); return 0; }
  let code = 0;
  for (const f of files) {
    const e = io.host.fs.get(f);
    if (!e) code = fsErr(io, f, 'No such file or directory');
    else if (e.kind === 'dir') code = fsErr(io, f, 'Is a directory');
    else io.out(e.data);
  }
  return code;
};

function lsLine(io: CommandIO, name: string, path: string): string {
  const e = io.host.fs.get(path)!;
  const mode = io.host.fs.mode(e);
  const bits = 'rwxrwxrwx'.split('').map((c, i) => ((mode >> (8 - i)) & 1 ? c : '-')).join('');
  const d = new Date(e.mtime * 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const owner = path.startsWith('/storage') ? 'u0_a181 media_rw' : 'shell shell';
  return `${mode & S_IFDIR ? 'd' : '-'}${bits} 1 ${owner} ${String(e.data.length).padStart(7)} ${date} ${name}`;
}

const ls: CommandFn = (io) => {
  const { flags, operands } = flagsAndOperands(io.args.slice(1));
  const paths = operands.length ? operands : ['.'];
  let code = 0;
  for (const p of paths) {
    const path = p === '.' ? '/' : p;
    const e = io.host.fs.get(path);
    if (!e) { io.err(`ls: ${p}: No such file or directory\n`); code = 1; continue; }
    const names = e.kind === 'dir' ? io.host.fs.list(path)! : [p];
    const shown = names.filter((n) => flags.has('a') || !n.startsWith('.'));
    if (flags.has('l')) {
      if (e.kind === 'dir') io.out(`total ${shown.length * 8}\n`);
      for (const n of shown) io.out(lsLine(io, n, e.kind === 'dir' ? `${path.replace(/\/$/, '')}/${n}` : path) + '\n');
    } else if (shown.length) io.out(shown.join('\n') + '\n');
  }
  return code;
};

const rm: CommandFn = (io) => {
  const { flags, operands } = flagsAndOperands(io.args.slice(1));
  let code = 0;
  for (const p of operands) {
    const err = io.host.fs.remove(p, flags.has('r') || flags.has('R'));
    if (err && !(flags.has('f') && err.startsWith('No such'))) code = fsErr(io, p, err);
  }
  return code;
};

const mkdir: CommandFn = (io) => {
  const { flags, operands } = flagsAndOperands(io.args.slice(1));
  let code = 0;
  for (const p of operands) {
    const err = io.host.fs.mkdir(p, flags.has('p'));
    if (err) code = fsErr(io, p, err);
  }
  return code;
};

const touch: CommandFn = (io) => {
  let code = 0;
  for (const p of io.args.slice(1).filter((a) => !a.startsWith('-'))) {
    const old = io.host.fs.get(p);
    const err = io.host.fs.write(p, old?.data ?? Buffer.alloc(0));
    if (err) code = fsErr(io, p, err);
  }
  return code;
};

async function textInput(io: CommandIO, operands: string[]): Promise<string | null> {
  if (operands.length === 0) return (await io.stdin()).toString('utf8');
  const e = io.host.fs.get(operands[0]);
  if (!e || e.kind !== 'file') { fsErr(io, operands[0], 'No such file or directory'); return null; }
  return e.data.toString('utf8');
}

const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** POSIX basic regex -> JS: `( ) { } | + ?` are literal unless escaped. */
function basicToJs(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\' && i + 1 < p.length) {
      const n = p[++i];
      out += '(){}|+?'.includes(n) ? n : `\\${n}`;
    } else out += '(){}|+?'.includes(c) ? `\\${c}` : c;
  }
  return out;
}

const grep: CommandFn = async (io) => {
  const args = io.args.slice(1);
  const flags = new Set<string>();
  while (args[0]?.startsWith('-') && args[0].length > 1) for (const c of args.shift()!.slice(1)) flags.add(c);
  const pattern = args.shift();
  if (pattern === undefined) { io.err('usage: grep [-civoE] PATTERN [FILE...]\n'); return 2; }
  const text = await textInput(io, args);
  if (text === null) return 2;
  let re: RegExp;
  try {
    const source = flags.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : flags.has('E') ? pattern : basicToJs(pattern);
    re = new RegExp(source, flags.has('i') ? 'gi' : 'g');
  } catch {
    io.err(`grep: bad regex '${pattern}'\n`);
    return 2;
  }
  let count = 0;
  for (const line of splitLines(text)) {
    re.lastIndex = 0;
    const hit = re.test(line) !== flags.has('v');
    if (!hit) continue;
    count++;
    if (flags.has('c') || flags.has('q')) continue;
    if (flags.has('o') && !flags.has('v')) io.out((line.match(re) ?? []).join('\n') + '\n');
    else io.out(line + '\n');
  }
  if (flags.has('c')) io.out(`${count}\n`);
  return count > 0 ? 0 : 1;
};

const headTail = (tail: boolean): CommandFn => async (io) => {
  const args = io.args.slice(1);
  let n = 10;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-n') n = Number(args[++i]);
    else if (/^-\d+$/.test(args[i])) n = Number(args[i].slice(1));
    else operands.push(args[i]);
  }
  const text = await textInput(io, operands);
  if (text === null) return 1;
  const lines = splitLines(text);
  const picked = tail ? lines.slice(Math.max(0, lines.length - n)) : lines.slice(0, n);
  if (picked.length) io.out(picked.join('\n') + '\n');
  return 0;
};

const wc: CommandFn = async (io) => {
  const { flags, operands } = flagsAndOperands(io.args.slice(1));
  const text = await textInput(io, operands);
  if (text === null) return 1;
  const l = (text.match(/\n/g) ?? []).length;
  const w = text.split(/\s+/).filter(Boolean).length;
  const c = Buffer.byteLength(text);
  const parts = flags.size ? [flags.has('l') ? l : null, flags.has('w') ? w : null, flags.has('c') ? c : null].filter((x) => x !== null) : [l, w, c];
  io.out(parts.join(' ') + '\n');
  return 0;
};

const sleep: CommandFn = async (io) => {
  const s = Number(io.args[1] ?? 0);
  await new Promise((r) => setTimeout(r, Math.min(Math.max(s, 0), 60) * 1000));
  return 0;
};

/** toybox `date` in the device's UTC zone: `Sun Nov 22 16:08:00 UTC 2026`. */
function androidDate(d: Date): string {
  // toUTCString: "Sun, 22 Nov 2026 16:08:00 GMT"
  const [wd, day, mon, year, time] = d.toUTCString().split(' ');
  return `${wd.replace(',', '')} ${mon} ${day} ${time} UTC ${year}`;
}

const sh: CommandFn = async (io) => {
  if (io.args[1] === '-c') return io.run(io.args[2] ?? '', io);
  const script = (await io.stdin()).toString('utf8');
  return io.run(script, io);
};

export const basicCommands: [string, CommandFn][] = [
  ['echo', echo], ['cat', cat], ['ls', ls], ['rm', rm], ['mkdir', mkdir], ['touch', touch],
  ['grep', grep], ['head', headTail(false)], ['tail', headTail(true)], ['wc', wc], ['sleep', sleep],
  ['sh', sh], ['true', () => 0], ['false', () => 1], ['pwd', (io) => { io.out('/\n'); return 0; }],
  ['id', (io) => { io.out('uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid) context=u:r:shell:s0\n'); return 0; }],
  ['whoami', (io) => { io.out('shell\n'); return 0; }],
  ['date', (io) => { io.out(androidDate(io.host.now()) + '\n'); return 0; }],
  ['uname', (io) => { io.out(io.args.includes('-a') ? 'Linux localhost 5.10.66-android12-9-00001-g0d7a6f2 #1 SMP PREEMPT Thu Jan 1 00:00:00 UTC 2022 aarch64 Toybox\n' : 'Linux\n'); return 0; }],
];
