import type { CommandFn, CommandIO } from '../types';
import { basicToJs, splitLines, textInput } from './text-filters';

/** toybox cut, tr, sort and sed (substitutions), the text tools agent harnesses pipe adb output through. */

/** Leading options, with the value of those in `withValue` (`-d:` or `-d :`), and the operands after them. */
function options(io: CommandIO, withValue: string): { opts: Map<string, string>; operands: string[] } | null {
  const args = io.args.slice(1);
  const opts = new Map<string, string>();
  while (args.length && args[0].length > 1 && args[0].startsWith('-')) {
    const a = args.shift()!;
    if (a === '--') break;
    for (let i = 1; i < a.length; i++) {
      if (!withValue.includes(a[i])) { opts.set(a[i], ''); continue; }
      const v = i + 1 < a.length ? a.slice(i + 1) : args.shift();
      if (v === undefined) { io.err(`${io.args[0]}: Missing argument to -${a[i]}\n`); return null; }
      opts.set(a[i], v);
      break;
    }
  }
  return { opts, operands: args };
}

/** `1,3-5,7-` -> a test of 1-based positions. */
function ranges(list: string): ((n: number) => boolean) | null {
  const parts = list.split(',').map((r) => /^(\d*)(-?)(\d*)$/.exec(r));
  if (parts.some((m) => !m || (m[1] === '' && m[3] === ''))) return null;
  const spans = parts.map((m) => {
    const lo = m![1] ? Number(m![1]) : 1;
    return [lo, m![2] ? (m![3] ? Number(m![3]) : Infinity) : lo] as const;
  });
  return (n) => spans.some(([lo, hi]) => n >= lo && n <= hi);
}

const cut: CommandFn = async (io) => {
  const parsed = options(io, 'dfc');
  if (!parsed) return 1;
  const { opts, operands } = parsed;
  const list = opts.get('f') ?? opts.get('c');
  const pick = list === undefined ? null : ranges(list);
  if (!pick) { io.err('cut: Needs -fc\n'); return 1; }
  const text = await textInput(io, operands);
  if (text === null) return 1;
  const delim = opts.get('d') ?? '\t';
  for (const line of splitLines(text)) {
    if (opts.has('c')) { io.out([...line].filter((_, i) => pick(i + 1)).join('') + '\n'); continue; }
    // A line without the delimiter passes whole, unless -s.
    if (!line.includes(delim)) { if (!opts.has('s')) io.out(line + '\n'); continue; }
    io.out(line.split(delim).filter((_, i) => pick(i + 1)).join(delim) + '\n');
  }
  return 0;
};

const CLASSES: Record<string, string> = { '[:lower:]': 'a-z', '[:upper:]': 'A-Z', '[:digit:]': '0-9', '[:alpha:]': 'a-zA-Z', '[:alnum:]': '0-9a-zA-Z', '[:space:]': ' \\t\\n\\r' };

/** A tr set: ranges (`a-z`), escapes (`\n`, `\t`, `\r`), the classes above and literal characters. */
function trSet(raw: string): string[] {
  const chars: string[] = [];
  const esc: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\' };
  const spec = raw.replace(/\[:[a-z]+:\]/g, (c) => CLASSES[c] ?? c);
  for (let i = 0; i < spec.length; i++) {
    let c = spec[i];
    if (c === '\\' && i + 1 < spec.length) c = esc[spec[++i]] ?? spec[i];
    if (spec[i + 1] === '-' && i + 2 < spec.length) {
      const end = spec.charCodeAt(i + 2);
      for (let k = c.charCodeAt(0); k <= end; k++) chars.push(String.fromCharCode(k));
      i += 2;
    } else chars.push(c);
  }
  return chars;
}

const tr: CommandFn = async (io) => {
  const parsed = options(io, '');
  if (!parsed) return 1;
  const { opts, operands } = parsed;
  const from = trSet(operands[0] ?? '');
  const to = trSet(operands[1] ?? '');
  if (!operands.length || (!opts.has('d') && !opts.has('s') && operands.length < 2)) { io.err('tr: Needs 1-2 arguments\n'); return 1; }
  const text = (await io.stdin()).toString('utf8');
  let out = '';
  for (const c of text) {
    const i = from.indexOf(c);
    if (opts.has('d') && i >= 0) continue;
    // The second set is stretched with its last character, as toybox does.
    const mapped = !opts.has('d') && i >= 0 && to.length ? to[Math.min(i, to.length - 1)] : c;
    const squeezeSet = opts.has('d') ? to : to.length ? to : from;
    if (opts.has('s') && out.endsWith(mapped) && squeezeSet.includes(mapped)) continue;
    out += mapped;
  }
  io.out(out);
  return 0;
};

const sort: CommandFn = async (io) => {
  const parsed = options(io, 'kt');
  if (!parsed) return 1;
  const { opts, operands } = parsed;
  const text = await textInput(io, operands);
  if (text === null) return 1;
  const field = opts.has('k') ? Number(opts.get('k')!.split(',')[0]) : 0;
  const sep = opts.get('t');
  const keyOf = (line: string): string => {
    if (!field) return line;
    const fields = sep !== undefined ? line.split(sep) : line.trim().split(/\s+/);
    return fields.slice(field - 1).join(sep ?? ' ');
  };
  const num = (s: string): number => { const n = parseFloat(s.trim()); return Number.isNaN(n) ? 0 : n; };
  const cmp = (a: string, b: string): number => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    const c = opts.has('n') ? num(ka) - num(kb) : ka < kb ? -1 : ka > kb ? 1 : 0;
    // Equal keys fall back to the whole line, as toybox does without -s.
    return c || (a < b ? -1 : a > b ? 1 : 0);
  };
  let lines = splitLines(text).sort(cmp);
  if (opts.has('r')) lines.reverse();
  if (opts.has('u')) lines = lines.filter((l, i) => i === 0 || cmp(lines[i - 1], l) !== 0);
  io.out(lines.map((l) => l + '\n').join(''));
  return 0;
};

interface Subst { re: RegExp; rep: string; print: boolean }

/**
 * One `s/RE/REPLACEMENT/FLAGS` at the start of `script` (any delimiter; `\1` and `&` in the replacement),
 * and the script after it and its `;`; null when it is not a substitution.
 */
function parseSubst(script: string, extended: boolean): { subst: Subst; rest: string } | null {
  const d = script[1];
  if (script[0] !== 's' || !d || d === '\\' || d === '\n') return null;
  const parts: string[] = [''];
  let i = 2;
  for (; i < script.length && parts.length < 3; i++) {
    if (script[i] === '\\' && i + 1 < script.length) parts[parts.length - 1] += script[i + 1] === d ? script[++i] : script[i] + script[++i];
    else if (script[i] === d) parts.push('');
    else parts[parts.length - 1] += script[i];
  }
  const tail = /^([gip]*)\s*(?:;\s*|$)/.exec(script.slice(i));
  if (parts.length !== 3 || !tail) return null;
  const [pattern, replacement] = parts;
  const flags = tail[1];
  const rep = replacement.replace(/\$/g, '$$$$').replace(/\\(\d)|\\&|&|\\n|\\(.)/g, (m, n: string, c: string) =>
    n ? `$${n}` : m === '\\&' ? '&' : m === '&' ? '$&' : m === '\\n' ? '\n' : c);
  try {
    const re = new RegExp(extended ? pattern : basicToJs(pattern), (flags.includes('g') ? 'g' : '') + (flags.includes('i') ? 'i' : ''));
    return { subst: { re, rep, print: flags.includes('p') }, rest: script.slice(i + tail[0].length) };
  } catch {
    return null;
  }
}

/** Every substitution of the scripts, or the script that is not one. */
function parseScripts(exprs: string[], extended: boolean): Subst[] | string {
  const out: Subst[] = [];
  for (const e of exprs) {
    for (let rest = e.trim(); rest !== '';) {
      const r = parseSubst(rest, extended);
      if (!r) return rest;
      out.push(r.subst);
      rest = r.rest.trim();
    }
  }
  return out;
}

const sed: CommandFn = async (io) => {
  const args = io.args.slice(1);
  const exprs: string[] = [];
  const files: string[] = [];
  let quiet = false;
  let extended = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-e') exprs.push(args[++i] ?? '');
    else if (args[i] === '-n') quiet = true;
    else if (args[i] === '-E' || args[i] === '-r') extended = true;
    else if (exprs.length === 0 && !args[i].startsWith('-')) exprs.push(args[i]);
    else files.push(args[i]);
  }
  if (!exprs.length) { io.err('usage: sed [-inrszE] [-e SCRIPT]...|SCRIPT [-f SCRIPT_FILE]... [FILE...]\n'); return 1; }
  const substs = parseScripts(exprs, extended);
  if (typeof substs === 'string') { io.err(`sed: bad '${substs}': only s/RE/REPLACEMENT/[gip] runs on this device\n`); return 1; }
  const text = await textInput(io, files);
  if (text === null) return 1;
  for (const line of splitLines(text)) {
    let cur = line;
    for (const s of substs) {
      s.re.lastIndex = 0;
      if (!s.re.test(cur)) continue;
      cur = cur.replace(s.re, s.rep);
      if (s.print) io.out(cur + '\n');
    }
    if (!quiet) io.out(cur + '\n');
  }
  return 0;
};

export const textTools: [string, CommandFn][] = [['cut', cut], ['tr', tr], ['sort', sort], ['sed', sed]];
