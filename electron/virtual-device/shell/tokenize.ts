/**
 * Tokenizer for the subset of mksh that agent testbeds send through `adb shell`:
 * quoting, backslash escapes, `$VAR`/`${VAR}`/`$?`, `$(cmd)`, backticks and `$((arithmetic))`, pipes, `&&`, `||`, `;`, `&`,
 * redirections (`>`, `>>`, `<`, `2>`, `2>&1`), `NAME=value` prefixes and `#` comments.
 */

/** A word is literal text, variable references and command substitutions, expanded at run time (`$?` changes). */
export type WordPart = { t: 'lit'; v: string } | { t: 'var'; name: string } | { t: 'cmd'; src: string } | { t: 'arith'; expr: string }
  /** `${#name}` (op `#len`), `${name:-w}`, `${name-w}`, `:=`, `=`, `:+`, `+`, `:?`, `?`, `#`, `##`, `%`, `%%`. */
  | { t: 'param'; name: string; op: string; word: Word };
export type Word = WordPart[];

/** A command line mksh would refuse; the message follows its wording. */
export class ShellSyntaxError extends Error {}

export type Token = { kind: 'word'; word: Word } | { kind: 'op'; op: string } | { kind: 'redir'; fd: number; op: string };

const VAR_START = /[A-Za-z_]/;
const VAR_CHAR = /[A-Za-z0-9_]/;

/** The index of the `)` closing the `(` at `open`, skipping quoted text. */
function closingParen(src: string, open: number): number {
  let depth = 0;
  for (let j = open; j < src.length; j++) {
    const ch = src[j];
    if (ch === "'" || ch === '"') { const end = src.indexOf(ch, j + 1); if (end < 0) break; j = end; continue; }
    if (ch === '\\') { j++; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return j;
  }
  throw new ShellSyntaxError("syntax error: missing ')'");
}

function readVar(src: string, i: number, parts: WordPart[]): number {
  // src[i] === '$'
  const c = src[i + 1];
  if (c === '(' && src[i + 2] === '(') {
    const end = src.indexOf('))', i + 3);
    if (end < 0) throw new ShellSyntaxError("syntax error: missing '))'");
    parts.push({ t: 'arith', expr: src.slice(i + 3, end) });
    return end + 2;
  }
  if (c === '(') {
    const end = closingParen(src, i + 1);
    parts.push({ t: 'cmd', src: src.slice(i + 2, end) });
    return end + 1;
  }
  if (c === '{') {
    const end = closingBrace(src, i + 1);
    parts.push(paramPart(src.slice(i + 2, end)));
    return end + 1;
  }
  if (c !== undefined && (c === '?' || c === '$' || c === '#' || /[0-9]/.test(c))) {
    parts.push({ t: 'var', name: c });
    return i + 2;
  }
  if (c !== undefined && VAR_START.test(c)) {
    let j = i + 1;
    while (j < src.length && VAR_CHAR.test(src[j])) j++;
    parts.push({ t: 'var', name: src.slice(i + 1, j) });
    return j;
  }
  parts.push({ t: 'lit', v: '$' });
  return i + 1;
}

/** The index of the `}` closing the `${` whose brace is at `open`: nested `${...}`, quotes and escapes skipped. */
function closingBrace(src: string, open: number): number {
  let depth = 0;
  for (let j = open; j < src.length; j++) {
    const ch = src[j];
    if (ch === '\\') { j++; continue; }
    if (ch === "'") { const e = src.indexOf("'", j + 1); if (e < 0) break; j = e; continue; }
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return j;
  }
  throw new ShellSyntaxError('syntax error: missing }');
}

const PARAM_NAME = '([A-Za-z_][A-Za-z0-9_]*|[0-9?$#])';

/** `${...}` contents -> a variable or a parameter operation with its (unexpanded) word. */
function paramPart(body: string): WordPart {
  const len = new RegExp(`^#${PARAM_NAME}$`).exec(body);
  if (len) return { t: 'param', name: len[1], op: '#len', word: [] };
  const m = new RegExp(`^${PARAM_NAME}(:?[-=+?]|##?|%%?)?(.*)$`, 's').exec(body);
  if (!m || (!m[2] && m[3])) throw new ShellSyntaxError(`\${${body}}: bad substitution`);
  if (!m[2]) return { t: 'var', name: m[1] };
  return { t: 'param', name: m[1], op: m[2], word: readWord(m[3], 0, false)[0] };
}

function readBackticks(src: string, i: number, parts: WordPart[]): number {
  const end = src.indexOf('`', i + 1);
  if (end < 0) throw new ShellSyntaxError('syntax error: unterminated `');
  parts.push({ t: 'cmd', src: src.slice(i + 1, end) });
  return end + 1;
}


/** Reads one word from `src` at `i` (to the next unquoted blank or operator when `stopAtBlank`, else to the end). */
function readWord(src: string, i: number, stopAtBlank: boolean): [Word, number] {
  const parts: WordPart[] = [];
  const lit = (v: string): void => {
    const last = parts[parts.length - 1];
    if (last && last.t === 'lit') last.v += v;
    else parts.push({ t: 'lit', v });
  };
  while (i < src.length && !(stopAtBlank && /[\s|;&<>]/.test(src[i]))) {
    const ch = src[i];
    if (ch === '\\') { if (i + 1 < src.length && src[i + 1] !== '\n') lit(src[i + 1]); i += 2; continue; }
    if (ch === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError('syntax error: unterminated quoted string');
      lit(src.slice(i + 1, end));
      parts.push({ t: 'lit', v: '' }); // marks the word as quoted, so '' is a real empty word
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i++;
      lit('');
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\' && i + 1 < src.length && '"\\$`\n'.includes(src[i + 1])) { lit(src[i + 1]); i += 2; continue; }
        if (src[i] === '$') { i = readVar(src, i, parts); continue; }
        if (src[i] === '`') { i = readBackticks(src, i, parts); continue; }
        lit(src[i]);
        i++;
      }
      if (i >= src.length) throw new ShellSyntaxError('syntax error: unterminated quoted string');
      i++;
      continue;
    }
    if (ch === '$') { i = readVar(src, i, parts); continue; }
    if (ch === '`') { i = readBackticks(src, i, parts); continue; }
    lit(ch);
    i++;
  }
  return [parts, i];
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === '\n') { tokens.push({ kind: 'op', op: ';' }); i++; continue; }
    if (c === '#') { while (i < src.length && src[i] !== '\n') i++; continue; }
    const two = src.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === ';;') { tokens.push({ kind: 'op', op: two }); i += 2; continue; }
    if (c === '|' || c === ';' || c === '&') { tokens.push({ kind: 'op', op: c }); i++; continue; }
    const redir = /^(\d?)(>>|>&|>|<)/.exec(src.slice(i));
    if (redir) {
      const op = redir[2];
      const fd = redir[1] ? Number(redir[1]) : op === '<' ? 0 : 1;
      tokens.push({ kind: 'redir', fd, op });
      i += redir[0].length;
      continue;
    }
    const [parts, next] = readWord(src, i, true);
    i = next;
    tokens.push({ kind: 'word', word: parts });
  }
  return tokens;
}

export function wordText(w: Word): string | null {
  return w.every((p) => p.t === 'lit') ? w.map((p) => (p as { v: string }).v).join('') : null;
}

