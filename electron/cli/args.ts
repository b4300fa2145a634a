/**
 * The one argument parser of every `touchstone` command, over `node:util` parseArgs. A command
 * declares each option once (name, type, list or not, default, choices, value name, description);
 * from that one declaration it gets parsing with types and choices checked, its `--help` page
 * (args-help.ts), "did you mean" on a typo, and exit 2 with a one-line message on any usage error.
 * Imports only node:util and light modules: every command bundle loads it at start.
 */
import { parseArgs } from 'node:util';
import { closest } from './did-you-mean';
import { subcommandsOf, type CommandPath } from './commands';
import { commandHelp, groupHelp, usageHint, valueName } from './args-help';

/** One option as a command declares it. */
export interface OptionDecl {
  /** integer and number are given as text and checked (min, max); boolean takes no value. */
  type: 'string' | 'boolean' | 'integer' | 'number';
  /** One sentence or a few, for `--help`; the default, choices and "repeatable" are added to it. */
  description: string;
  /** The value's name in `--help` (`DIR`, `k/n`); default: the choices, `N` or `VALUE`. */
  value?: string;
  /** Given several times, the values form a list in order; otherwise a second one is an error. */
  multiple?: boolean;
  /** The value when the option is absent (text is converted and checked like a given value). */
  default?: string | number | boolean;
  /** The only values accepted (string options). */
  choices?: readonly string[];
  min?: number;
  max?: number;
  required?: boolean;
  /** A one-letter alias (`-h` is taken by help). */
  short?: string;
  /** Converts the text to the value; a thrown Error is a usage error with its message. */
  parse?: (raw: string) => unknown;
  /** Heading the option is listed under in `--help` (default: "Options"). */
  group?: string;
}

/** A positional argument (`<dir>`). */
export interface PositionalDecl { name: string; description?: string; optional?: boolean }

/** A command (or subcommand) as declared by its module. */
export interface CommandSpec<O extends Record<string, OptionDecl> = Record<string, OptionDecl>> {
  path: CommandPath;
  positionals?: readonly PositionalDecl[];
  /** Paragraphs between the summary and the options. */
  description?: string;
  options: O;
  /** Paragraphs after the options (exit codes, notes). */
  epilog?: string;
}

type Base<D> =
  D extends { parse: (raw: string) => infer T } ? T
    : D extends { type: 'boolean' } ? boolean
      : D extends { type: 'integer' | 'number' } ? number
        : D extends { choices: readonly (infer C)[] } ? C : string;
/** The parsed value of one declared option. */
export type OptionValue<D> =
  D extends { multiple: true } ? Base<D>[]
    : D extends { type: 'boolean' } ? boolean
      : D extends { default: string | number | boolean } | { required: true } ? Base<D> : Base<D> | undefined;
/** Parsed values, keyed by option name as declared (`'max-steps'`). */
export type Values<O> = { -readonly [K in keyof O]: OptionValue<O[K]> };

export interface Parsed<O> {
  values: Values<O>;
  positionals: string[];
  /** The options given on the command line (as opposed to defaulted). */
  given: Set<keyof O & string>;
}
export type ParseResult<O> = ({ ok: true } & Parsed<O>) | { ok: false; help: string } | { ok: false; error: string; hint: string; where?: string };

/** Declares a command; `const` keeps literal types so its values are typed from the declaration. */
export function defineCommand<const O extends Record<string, OptionDecl>>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

/** A usage error a command finds after parsing (options that go together, a value only it can check). */
export class UsageError extends Error {}

const HELP = new Set(['--help', '-h']);

/** Parses `argv` (the words after the command name) without printing anything. */
export function parseCommand<O extends Record<string, OptionDecl>>(spec: CommandSpec<O>, argv: readonly string[]): ParseResult<O> {
  const fail = (error: string): ParseResult<O> => ({ ok: false, error, hint: usageHint(spec) });
  let args = [...argv];
  if (spec.path.length === 2) {
    const [group, want] = spec.path;
    const sub = args[0];
    const subs = subcommandsOf(group);
    if (sub === undefined) return { ok: false, where: group, error: `which subcommand? ${subs.join(', ')}`, hint: `usage: touchstone ${group} <${subs.join('|')}> [options]; 'touchstone ${group} --help' lists them.` };
    if (HELP.has(sub) || sub === 'help') return { ok: false, help: groupHelp(group) };
    if (sub !== want) {
      const near = closest(sub, subs);
      return { ok: false, where: group, error: `unknown subcommand '${sub}'${near ? `; did you mean '${near}'?` : ` (subcommands: ${subs.join(', ')})`}`, hint: `'touchstone ${group} --help' lists them.` };
    }
    args = args.slice(1);
  }
  const terminator = args.indexOf('--');
  if ((terminator < 0 ? args : args.slice(0, terminator)).some((a) => HELP.has(a))) return { ok: false, help: commandHelp(spec) };
  const decls = Object.entries(spec.options);
  const { values: raw, tokens } = parseArgs({
    args, strict: false, allowPositionals: true, tokens: true,
    // Every option is collected as a list, so a repeated one is seen (and refused unless declared `multiple`).
    options: Object.fromEntries(decls.map(([name, d]) => [name, { type: d.type === 'boolean' ? 'boolean' : 'string', multiple: true, ...(d.short ? { short: d.short } : {}) } as const])),
  });
  const positionals: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'positional') { positionals.push(t.value); continue; }
    if (t.kind !== 'option') continue;
    const d = Object.hasOwn(spec.options, t.name) ? spec.options[t.name] : undefined;
    if (!d) {
      const near = closest(t.rawName.replace(/^-+/, ''), decls.map(([n]) => n));
      return fail(`unknown option '${t.rawName}'${near ? `; did you mean '--${near}'?` : ''}`);
    }
    if (d.type === 'boolean' && t.value !== undefined) return fail(`--${t.name} takes no value (got '${t.value}')`);
    if (d.type !== 'boolean' && t.value === undefined) return fail(`--${t.name} needs a value: --${t.name} ${valueName(d)}`);
  }
  const values: Record<string, unknown> = {};
  const given = new Set<keyof O & string>();
  const missing: string[] = [];
  for (const [name, d] of decls) {
    const list = (raw[name] ?? []) as (string | boolean)[];
    if (list.length) given.add(name as keyof O & string);
    if (d.type === 'boolean') { values[name] = list.length ? true : (d.default ?? false); continue; }
    if (list.length > 1 && !d.multiple) {
      return fail(`--${name} was given ${list.length} times (${list.map((v) => `'${String(v)}'`).join(', ')}); it takes one value`);
    }
    if (!list.length && d.required) missing.push(`--${name}`);
    const texts = list.length ? list.map(String) : d.default === undefined ? [] : [d.default];
    const converted: unknown[] = [];
    for (const text of texts) {
      const v = convert(name, d, text);
      if (v instanceof UsageError) return fail(v.message);
      converted.push(v);
    }
    values[name] = d.multiple ? converted : converted[0];
  }
  if (missing.length) return fail(`${missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)} are` : `${missing[0]} is`} required`);
  const pos = spec.positionals ?? [];
  const need = pos.filter((p) => !p.optional);
  if (positionals.length < need.length) return fail(`missing ${need.slice(positionals.length).map((p) => `<${p.name}>`).join(' ')}`);
  if (positionals.length > pos.length) {
    const extra = positionals[pos.length]!;
    return fail(pos.length ? `unexpected argument '${extra}' (takes ${pos.map((p) => `<${p.name}>`).join(' ')} once)` : `unexpected argument '${extra}'`);
  }
  return { ok: true, values: values as Values<O>, positionals, given };
}

/** Parses, or prints the help (exit 0) or the usage error (exit 2) and returns the exit code. */
export function parseOrExit<O extends Record<string, OptionDecl>>(spec: CommandSpec<O>, argv: readonly string[]): Parsed<O> | { exit: number } {
  const r = parseCommand(spec, argv);
  if (r.ok) return r;
  if ('help' in r) { console.log(r.help); return { exit: 0 }; }
  return { exit: printUsageError(r.where ?? spec.path.join(' '), r.error, r.hint) };
}

/** Prints a usage error the command found itself (one line and the usage hint); returns exit code 2. */
export function usageError(spec: CommandSpec<Record<string, OptionDecl>>, err: unknown): number {
  return printUsageError(spec.path.join(' '), err instanceof Error ? err.message : String(err), usageHint(spec));
}

function printUsageError(where: string, message: string, hint: string): number {
  console.error(`touchstone ${where}: ${message}\n${hint}`);
  return 2;
}

function orList(xs: readonly string[]): string {
  return xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}` : xs.join('');
}

function convert(name: string, d: OptionDecl, text: string | number | boolean): unknown {
  if (typeof text !== 'string') return text;
  if (d.choices && !d.choices.includes(text)) return new UsageError(`--${name} must be ${orList(d.choices)}; got "${text}"`);
  if (d.type === 'integer' || d.type === 'number') {
    const n = text.trim() === '' ? NaN : Number(text);
    const kind = d.type === 'integer' ? 'a whole number' : 'a number';
    const range = d.min !== undefined && d.max !== undefined ? ` from ${d.min} to ${d.max}` : d.min !== undefined ? ` >= ${d.min}` : d.max !== undefined ? ` <= ${d.max}` : '';
    if (!Number.isFinite(n) || (d.type === 'integer' && !Number.isInteger(n)) || (d.min !== undefined && n < d.min) || (d.max !== undefined && n > d.max)) {
      return new UsageError(`--${name} must be ${kind}${range}; got "${text}"`);
    }
    return d.parse ? tryParse(name, d, text) : n;
  }
  return d.parse ? tryParse(name, d, text) : text;
}

function tryParse(name: string, d: OptionDecl, text: string): unknown {
  try {
    return d.parse!(text);
  } catch (err) {
    const m = err instanceof Error ? err.message : String(err);
    return new UsageError(m.includes(`--${name}`) ? m : `--${name} ${text}: ${m}`);
  }
}
