/**
 * Grammar of the mksh subset agent testbeds send through `adb shell`: lists joined by
 * `;` `&&` `||` `&` and newlines, pipelines, simple commands with `NAME=value` prefixes
 * and redirections, and the compound commands `for`, `if/elif/else`, `while`/`until`.
 */
import { ShellSyntaxError, tokenize, wordText, type Token, type Word } from './tokenize';

export { ShellSyntaxError, type Word, type WordPart } from './tokenize';

/** A redirection of one simple command. */
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

/** One item of a command list; `then` says how it joins the NEXT item. */
export type ListItem = { then: Connector } & (
  | { kind: 'pipeline'; commands: SimpleCommand[] }
  | { kind: 'for'; name: string; words: Word[]; body: ListItem[] }
  | { kind: 'if'; branches: { cond: ListItem[]; body: ListItem[] }[]; otherwise: ListItem[] | null }
  | { kind: 'while'; until: boolean; cond: ListItem[]; body: ListItem[] }
);

const CONNECTORS = new Set([';', '&&', '||', '&', ';;']);
const isEmpty = (c: SimpleCommand): boolean => !c.words.length && !c.assigns.length && !c.redirects.length;

class Parser {
  private k = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined { return this.tokens[this.k]; }
  /** The reserved word at the cursor (only plain, unquoted words count). */
  private keyword(): string | null { const t = this.peek(); return t?.kind === 'word' && t.word.length === 1 ? wordText(t.word) : null; }
  private expect(word: string): void {
    if (this.keyword() !== word) throw new ShellSyntaxError(`syntax error: '${this.keyword() ?? 'end of file'}' unexpected (expecting '${word}')`);
    this.k++;
  }
  private skipSeparators(): void { while (this.peek()?.kind === 'op' && (this.peek() as { op: string }).op === ';') this.k++; }

  /** Items until one of `stop` starts a command (or the end when `stop` is empty). */
  list(stop: string[]): ListItem[] {
    const items: ListItem[] = [];
    for (;;) {
      this.skipSeparators();
      const t = this.peek();
      if (!t) {
        if (stop.length) throw new ShellSyntaxError(`syntax error: unexpected end of file (expecting '${stop[0]}')`);
        return items;
      }
      if (stop.includes(this.keyword() ?? '')) return items;
      if (t.kind === 'op') throw new ShellSyntaxError(`syntax error: '${t.op}' unexpected`);
      const item = this.item();
      const c = this.peek();
      if (c?.kind === 'op' && CONNECTORS.has(c.op)) {
        this.k++;
        item.then = c.op === ';;' ? ';' : (c.op as Connector);
        if (item.then !== ';' && item.then !== '&') { this.skipSeparators(); if (!this.peek()) throw new ShellSyntaxError('syntax error: unexpected end of file'); }
      }
      items.push(item);
    }
  }

  private item(): ListItem {
    switch (this.keyword()) {
      case 'for': {
        this.k++;
        const name = this.keyword();
        if (!name || !/^[A-Za-z_]\w*$/.test(name)) throw new ShellSyntaxError('syntax error: bad for loop variable');
        this.k++;
        const words: Word[] = [];
        if (this.keyword() === 'in') {
          this.k++;
          for (let t = this.peek(); t?.kind === 'word'; t = this.peek()) { words.push(t.word); this.k++; }
        }
        this.skipSeparators();
        this.expect('do');
        const body = this.list(['done']);
        this.expect('done');
        return { kind: 'for', name, words, body, then: ';' };
      }
      case 'if': {
        const branches: { cond: ListItem[]; body: ListItem[] }[] = [];
        let otherwise: ListItem[] | null = null;
        for (let kw = this.keyword(); kw === 'if' || kw === 'elif'; kw = this.keyword()) {
          this.k++;
          const cond = this.list(['then']);
          this.expect('then');
          branches.push({ cond, body: this.list(['elif', 'else', 'fi']) });
        }
        if (this.keyword() === 'else') { this.k++; otherwise = this.list(['fi']); }
        this.expect('fi');
        return { kind: 'if', branches, otherwise, then: ';' };
      }
      case 'while':
      case 'until': {
        const until = this.keyword() === 'until';
        this.k++;
        const cond = this.list(['do']);
        this.expect('do');
        const body = this.list(['done']);
        this.expect('done');
        return { kind: 'while', until, cond, body, then: ';' };
      }
      default:
        return { kind: 'pipeline', commands: this.pipeline(), then: ';' };
    }
  }

  private pipeline(): SimpleCommand[] {
    const commands: SimpleCommand[] = [];
    let cur: SimpleCommand = { assigns: [], words: [], redirects: [] };
    for (let t = this.peek(); t && !(t.kind === 'op' && CONNECTORS.has(t.op)); t = this.peek()) {
      this.k++;
      if (t.kind === 'word') {
        const first = t.word[0];
        const m = cur.words.length === 0 && first?.t === 'lit' ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.v) : null;
        if (m && first.t === 'lit') cur.assigns.push({ name: m[1], value: [{ t: 'lit', v: first.v.slice(m[0].length) }, ...t.word.slice(1)] });
        else cur.words.push(t.word);
      } else if (t.kind === 'redir') {
        const next = this.peek();
        if (!next || next.kind !== 'word') throw new ShellSyntaxError(`syntax error: '${t.op}' unexpected`);
        this.k++;
        if (t.op === '>&') {
          const to = Number(wordText(next.word));
          if (!Number.isInteger(to)) throw new ShellSyntaxError('syntax error: bad fd in >&');
          cur.redirects.push({ kind: 'dup', fd: t.fd, to });
        } else if (t.op === '<') cur.redirects.push({ kind: 'input', target: next.word });
        else cur.redirects.push({ kind: 'file', fd: t.fd, append: t.op === '>>', target: next.word });
      } else {
        // '|'
        if (isEmpty(cur)) throw new ShellSyntaxError("syntax error: unexpected '|'");
        commands.push(cur);
        cur = { assigns: [], words: [], redirects: [] };
        if (!this.peek()) throw new ShellSyntaxError('syntax error: unexpected end of file');
      }
    }
    if (isEmpty(cur)) throw new ShellSyntaxError(commands.length ? 'syntax error: unexpected end of file' : "syntax error: unexpected '|'");
    commands.push(cur);
    return commands;
  }
}

/** Parses a command line into a list of pipelines and compound commands. */
export function parseShell(src: string): ListItem[] {
  return new Parser(tokenize(src)).list([]);
}
