import type { CommandFn, CommandIO } from '../types';
import { flagsAndOperands, fsErr } from './args';

/** toybox text filters (grep, head, tail, wc) that read a file operand or stdin. */

/** The text of the first file operand, or stdin when there is none; null (after the error) when the file is missing. */
export async function textInput(io: CommandIO, operands: string[]): Promise<string | null> {
  if (operands.length === 0) return (await io.stdin()).toString('utf8');
  const e = io.host.fs.get(operands[0]);
  if (!e || e.kind !== 'file') { fsErr(io, operands[0], 'No such file or directory'); return null; }
  return e.data.toString('utf8');
}

/** The bytes of the first file operand, or stdin. */
async function byteInput(io: CommandIO, operands: string[]): Promise<Buffer | null> {
  if (operands.length === 0) return io.stdin();
  const e = io.host.fs.get(operands[0]);
  if (!e || e.kind !== 'file') { fsErr(io, operands[0], 'No such file or directory'); return null; }
  return e.data;
}

/** Lines without their newlines; a final newline does not make an empty last line. */
export const splitLines = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** POSIX basic regex -> JS: `( ) { } | + ?` are literal unless escaped. */
export function basicToJs(p: string): string {
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
  let bytes: number | null = null;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-c' || /^-c\d+$/.test(args[i])) bytes = Number(args[i] === '-c' ? args[++i] : args[i].slice(2));
    else if (args[i] === '-n') n = Number(args[++i]);
    else if (/^-\d+$/.test(args[i])) n = Number(args[i].slice(1));
    else operands.push(args[i]);
  }
  if (bytes !== null) {
    // -c counts bytes, not characters: binary data (`head -c 16 /dev/urandom`, a PNG header) passes through unchanged
    if (!Number.isInteger(bytes) || bytes < 0) { io.err(`${io.args[0]}: Invalid number '${args.join(' ')}'\n`); return 1; }
    const raw = await byteInput(io, operands);
    if (raw === null) return 1;
    io.out(tail ? raw.subarray(Math.max(0, raw.length - bytes)) : raw.subarray(0, bytes));
    return 0;
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

export const textFilters: [string, CommandFn][] = [['grep', grep], ['head', headTail(false)], ['tail', headTail(true)], ['wc', wc]];
