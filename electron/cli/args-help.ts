/**
 * `--help` pages, generated from the same declarations the parser reads (args.ts): the usage line
 * from the path, positionals and required options; one entry per option with its value name,
 * default, choices and whether it repeats.
 */
import { commandLines, subcommandsOf, summaryOf, type CommandName, type CommandPath } from './commands';
import type { CommandSpec, OptionDecl } from './args';

const WIDTH = 100;
const COLUMN = 24;

/** The value's name shown in help and messages: `DIR`, `fixed|legacy`, `N`. */
export function valueName(d: OptionDecl): string {
  return d.value ?? (d.choices ? d.choices.join('|') : d.type === 'integer' || d.type === 'number' ? 'N' : 'VALUE');
}

function sentence(s: string): string {
  return s ? `${s[0]!.toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}` : s;
}

/** Wraps `text` to WIDTH columns, every line after the first indented by `indent`. */
function wrap(text: string, indent: number, first = indent): string {
  const lines: string[] = [];
  let line = '';
  let room = WIDTH - first;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > room) { lines.push(line); line = word; room = WIDTH - indent; }
    else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

function flagOf(name: string, d: OptionDecl): string {
  const short = d.short ? `-${d.short}, ` : '';
  return `${short}--${name}${d.type === 'boolean' ? '' : ` ${valueName(d)}`}${d.multiple ? ' ...' : ''}`;
}

function entry(flag: string, text: string): string {
  const head = `  ${flag}`;
  if (head.length >= COLUMN) return `${head}\n${' '.repeat(COLUMN)}${wrap(text, COLUMN)}`;
  return `${head.padEnd(COLUMN)}${wrap(text, COLUMN)}`;
}

function optionText(d: OptionDecl): string {
  const notes: string[] = [];
  if (d.required) notes.push('required');
  if (d.choices && d.value) notes.push(`one of ${d.choices.join(', ')}`);
  if (d.default !== undefined && d.default !== false && d.default !== '') notes.push(`default ${String(d.default)}`);
  if (d.multiple) notes.push('repeatable');
  return notes.length ? `${d.description} (${notes.join('; ')})` : d.description;
}

/** `touchstone eval --dataset D --traces T [options]`. */
export function usageLine(spec: CommandSpec): string {
  const pos = (spec.positionals ?? []).map((p) => (p.optional ? `[<${p.name}>]` : `<${p.name}>`));
  const required = Object.entries(spec.options).filter(([, d]) => d.required).map(([n, d]) => `--${n} ${valueName(d)}`);
  return ['touchstone', ...spec.path, ...pos, ...required, '[options]'].join(' ');
}

/** The two-line hint printed under a usage error. */
export function usageHint(spec: CommandSpec): string {
  return `usage: ${usageLine(spec)}; 'touchstone ${spec.path.join(' ')} --help' lists every option.`;
}

/** The `--help` page of a command. */
export function commandHelp(spec: CommandSpec): string {
  const out = [`Usage: ${usageLine(spec)}`, '', sentence(summaryOf(spec.path))];
  if (spec.description) out.push('', spec.description);
  const positionals = spec.positionals?.filter((p) => p.description) ?? [];
  if (positionals.length) out.push('', 'Arguments:', ...positionals.map((p) => entry(`<${p.name}>`, p.description!)));
  const groups = new Map<string, string[]>([['Options', []]]);
  for (const [name, d] of Object.entries(spec.options)) {
    const g = d.group ?? 'Options';
    groups.set(g, [...(groups.get(g) ?? []), entry(flagOf(name, d), optionText(d))]);
  }
  groups.get('Options')!.push(entry('-h, --help', 'print this help'));
  for (const [g, lines] of groups) out.push('', `${g}:`, ...lines);
  if (spec.epilog) out.push('', spec.epilog);
  return out.join('\n');
}

/** `touchstone device --help`: the subcommands of a command. */
export function groupHelp(group: CommandName): string {
  const subs = subcommandsOf(group);
  const lines = subs.map((s) => entry(s, summaryOf([group, s] as CommandPath)));
  return [`Usage: touchstone ${group} <${subs.join('|')}> [options]`, '', 'Subcommands:', ...lines, '', `Run 'touchstone ${group} <subcommand> --help' for its options.`].join('\n');
}

/** `touchstone --help`: every command with its summary. */
export function topHelp(): string {
  const lines = commandLines().map((c) => entry(c.words, c.summary));
  return ['Usage: touchstone <command> [options]', '', 'Commands:', ...lines, '', "Run 'touchstone <command> --help' for its options."].join('\n');
}
