import type { CommandFn, CommandIO } from '../types';
import { normalizeDevicePath, S_IFDIR } from '../../mem-fs';
import { flagsAndOperands, fsErr } from './args';
import { textFilters } from './text-filters';
import { textTools } from './text-tools';
import { processCommands } from './process';

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
  const owner = normalizeDevicePath(path).startsWith('/storage') ? 'u0_a181 media_rw' : 'shell shell';
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

/** mksh's `test` / `[`: file tests, string and integer comparisons, `!`; exit 0 true, 1 false, 2 error. */
const test: CommandFn = (io) => {
  let args = io.args.slice(1);
  if (io.args[0] === '[') {
    if (args[args.length - 1] !== ']') { io.err("/system/bin/sh: [: missing ]\n"); return 2; }
    args = args.slice(0, -1);
  }
  let negate = false;
  while (args[0] === '!' && args.length > 1) { negate = !negate; args = args.slice(1); }
  const fs = io.host.fs;
  const ints = (a: string, b: string): [number, number] | null => (/^-?\d+$/.test(a) && /^-?\d+$/.test(b) ? [Number(a), Number(b)] : null);
  let ok: boolean;
  if (args.length === 0) ok = false;
  else if (args.length === 1) ok = args[0] !== '';
  else if (args.length === 2) {
    const [op, v] = args;
    const e = fs.get(v);
    const unary: Record<string, () => boolean> = {
      '-e': () => !!e, '-f': () => e?.kind === 'file', '-d': () => e?.kind === 'dir', '-s': () => !!e && e.data.length > 0,
      '-r': () => !!e, '-w': () => !!e, '-x': () => e?.kind === 'dir', '-z': () => v === '', '-n': () => v !== '',
    };
    if (!unary[op]) { io.err(`/system/bin/sh: ${io.args[0]}: ${op}: unexpected operator\n`); return 2; }
    ok = unary[op]();
  } else {
    const [a, op, b] = args;
    const n = ints(a, b);
    const cmp: Record<string, () => boolean | null> = {
      '=': () => a === b, '==': () => a === b, '!=': () => a !== b,
      '-eq': () => n && n[0] === n[1], '-ne': () => n && n[0] !== n[1], '-lt': () => n && n[0] < n[1],
      '-le': () => n && n[0] <= n[1], '-gt': () => n && n[0] > n[1], '-ge': () => n && n[0] >= n[1],
    };
    const r = cmp[op]?.();
    if (r === undefined || r === null) { io.err(`/system/bin/sh: ${io.args[0]}: ${r === null ? `${n ? b : a}: bad number` : `${op}: unexpected operator`}\n`); return 2; }
    ok = r;
  }
  return ok !== negate ? 0 : 1;
};

/** toybox `seq [FIRST [INCREMENT]] LAST`. */
const seq: CommandFn = (io) => {
  const n = io.args.slice(1).map(Number);
  if (n.length === 0 || n.length > 3 || n.some((x) => !Number.isFinite(x))) { io.err('usage: seq [-w|-f fmt_str|-s sep_str] [first] [increment] last\n'); return 1; }
  const [first, step, last] = n.length === 1 ? [1, 1, n[0]] : n.length === 2 ? [n[0], 1, n[1]] : n;
  const out: number[] = [];
  for (let v = first; step > 0 ? v <= last : v >= last; v += step) { out.push(v); if (step === 0 || out.length > 100_000) break; }
  io.out(out.map((v) => `${v}\n`).join(''));
  return 0;
};

export const basicCommands: [string, CommandFn][] = [
  ['echo', echo], ['cat', cat], ['ls', ls], ['rm', rm], ['mkdir', mkdir], ['touch', touch],
  ...textFilters, ...textTools, ...processCommands, ['sleep', sleep],
  ['sh', sh], ['seq', seq], [':', () => 0], ['test', test], ['[', test], ['true', () => 0], ['false', () => 1], ['pwd', (io) => { io.out('/\n'); return 0; }],
  ['id', (io) => { io.out('uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid) context=u:r:shell:s0\n'); return 0; }],
  ['whoami', (io) => { io.out('shell\n'); return 0; }],
  ['date', (io) => { io.out(androidDate(io.host.now()) + '\n'); return 0; }],
  ['uname', (io) => { io.out(io.args.includes('-a') ? 'Linux localhost 5.10.66-android12-9-00001-g0d7a6f2 #1 SMP PREEMPT Thu Jan 1 00:00:00 UTC 2022 aarch64 Toybox\n' : 'Linux\n'); return 0; }],
];
