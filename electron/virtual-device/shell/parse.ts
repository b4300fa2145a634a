/**
 * Parser for the subset of mksh that agent testbeds send through `adb shell`:
 * quoting, backslash escapes, `$VAR`/`${VAR}`/`$?`, pipes, `&&`, `||`, `;`, `&`,
 * redirections (`>`, `>>`, `<`, `2>`, `2>&1`), `NAME=value` prefixes and `#` comments.
 */

/** A word is literal text and variable references, expanded at run time (`$?` changes). */
export type WordPart = { t: 'lit'; v: string } | { t: 'var'; name: string };
export type Word = WordPart[];

export type Redirect =
  | { kind: 'file'; fd: number; append: boolean; target: Word }
  | { kind: 'input'; target: Word }
  | { kind: 'dup'; fd: number; to: number };

export interface SimpleCommand {
  assigns: { name: string; value: Word }[];
  words: Word[];
  redirects: Redirect[];
}

export type Connector = ';' | '&&' | '||' | '&';

export interface Pipeline {
  commands: SimpleCommand[];
  /** How this pipeline joins the NEXT one. */
  then: Connector;
}

export class ShellSyntaxError extends Error {}

type Token = { kind: 'word'; word: Word } | { kind: 'op'; op: string } | { kind: 'redir'; redirect: Redirect | { fd: number; op: string } };

const VAR_START = /[A-Za-z_]/;
const VAR_CHAR = /[A-Za-z0-9_]/;

function readVar(src: string, i: number, parts: WordPart[]): number {
  // src[i] === '$'
  const c = src[i + 1];
  if (c === '{') {
    const end = src.indexOf('}', i + 2);
    if (end < 0) throw new ShellSyntaxError('syntax error: missing }');
    parts.push({ t: 'var', name: src.slice(i + 2, end) });
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

function tokenize(src: string): Token[] {
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
      tokens.push({ kind: 'redir', redirect: { fd, op } });
      i += redir[0].length;
      continue;
    }
    const parts: WordPart[] = [];
    const lit = (v: string): void => {
      const last = parts[parts.length - 1];
      if (last && last.t === 'lit') last.v += v;
      else parts.push({ t: 'lit', v });
    };
    while (i < src.length && !/[\s|;&<>]/.test(src[i])) {
      const ch = src[i];
      if (ch === '\\') { if (i + 1 < src.length && src[i + 1] !== '\n') lit(src[i + 1]); i += 2; continue; }
      if (ch === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) throw new ShellSyntaxError("syntax error: unterminated quoted string");
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
          lit(src[i]);
          i++;
        }
        if (i >= src.length) throw new ShellSyntaxError('syntax error: unterminated quoted string');
        i++;
        continue;
      }
      if (ch === '$') { i = readVar(src, i, parts); continue; }
      lit(ch);
      i++;
    }
    tokens.push({ kind: 'word', word: parts });
  }
  return tokens;
}

function wordText(w: Word): string | null {
  return w.every((p) => p.t === 'lit') ? w.map((p) => (p as { v: string }).v).join('') : null;
}

/** Parses a command line into pipelines joined by connectors. */
export function parseShell(src: string): Pipeline[] {
  const tokens = tokenize(src);
  const pipelines: Pipeline[] = [];
  let commands: SimpleCommand[] = [];
  let cur: SimpleCommand = { assigns: [], words: [], redirects: [] };
  const isEmpty = (c: SimpleCommand): boolean => !c.words.length && !c.assigns.length && !c.redirects.length;
  const finishCommand = (): void => {
    if (isEmpty(cur)) throw new ShellSyntaxError("syntax error: unexpected '|'");
    commands.push(cur);
    cur = { assigns: [], words: [], redirects: [] };
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === 'word') {
      const text = wordText(t.word);
      const m = cur.words.length === 0 && text !== null ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(text) : null;
      if (m && t.word[0].t === 'lit') {
        const value: Word = [{ t: 'lit', v: (t.word[0] as { v: string }).v.slice(m[0].length) }, ...t.word.slice(1)];
        cur.assigns.push({ name: m[1], value });
      } else if (m) {
        cur.assigns.push({ name: m[1], value: [{ t: 'lit', v: text!.slice(m[0].length) }] });
      } else {
        cur.words.push(t.word);
      }
    } else if (t.kind === 'redir') {
      const r = t.redirect as { fd: number; op: string };
      const next = tokens[k + 1];
      if (!next || next.kind !== 'word') throw new ShellSyntaxError(`syntax error: '${r.op}' unexpected`);
      k++;
      const target = next.word;
      if (r.op === '>&') {
        const to = Number(wordText(target));
        if (!Number.isInteger(to)) throw new ShellSyntaxError(`syntax error: bad fd in >&`);
        cur.redirects.push({ kind: 'dup', fd: r.fd, to });
      } else if (r.op === '<') cur.redirects.push({ kind: 'input', target });
      else cur.redirects.push({ kind: 'file', fd: r.fd, append: r.op === '>>', target });
    } else if (t.op === '|') {
      finishCommand();
    } else {
      if (isEmpty(cur) && commands.length === 0) {
        if (t.op === ';' ) continue;
        throw new ShellSyntaxError(`syntax error: '${t.op}' unexpected`);
      }
      finishCommand();
      pipelines.push({ commands, then: t.op === ';;' ? ';' : (t.op as Connector) });
      commands = [];
    }
  }
  if (!isEmpty(cur)) finishCommand();
  else if (commands.length) throw new ShellSyntaxError("syntax error: unexpected end of file");
  if (commands.length) pipelines.push({ commands, then: ';' });
  return pipelines;
}
