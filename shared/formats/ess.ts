import type { EssentialState, EssItem, EssTarget, Parsed, Problem } from '../model';

const KEYWORDS = new Set([
  'activity', 'exact', 'exclude', 'fuzzy', 'click', 'type', 'ocr',
  'check_install', 'installed', 'install', 'check_uninstall', 'uninstalled',
]);

/** An item without its source spelling, for building new annotations. */
export type EssItemInput = EssItem extends infer T ? (T extends { raw: string } ? Omit<T, 'raw'> : never) : never;

function targetText(t: EssTarget): string {
  return 'index' in t ? String(t.index) : t.xpath;
}

/** The canonical spelling of one item (`keyword<content>`). */
export function formatEssItem(item: EssItemInput | EssItem): string {
  switch (item.kind) {
    case 'activity': return 'activity<0>';
    case 'exact': case 'exclude': case 'click': return `${item.kind}<${targetText(item.target)}>`;
    case 'fuzzy': {
      const t = item.target;
      return `fuzzy<${'screen' in t ? '-1' : 'legacy' in t ? String(t.legacy) : targetText(t)}>`;
    }
    case 'type': return `type<${item.text}>`;
    case 'ocr': return `ocr<${item.text}>`;
    case 'installed': case 'uninstalled': return `${item.spelling}<${item.app}>`;
    default: {
      const never: never = item;
      throw new Error(`Unknown .ess item ${JSON.stringify(never)}`);
    }
  }
}

/** Adds the canonical `raw` spelling to a new item. */
export function makeEssItem(item: EssItemInput): EssItem {
  return { ...item, raw: formatEssItem(item) } as EssItem;
}

/** Builds a state from items, in canonical spelling, ending with a newline. */
export function makeEssentialState(items: EssItem[]): EssentialState {
  return { items, raw: items.map((i) => i.raw).join('|'), trailingNewline: true };
}

/**
 * Where the content that starts at `from` ends: the first `>` followed by the
 * end of the line or by `|keyword<`. Quotes are respected inside xpath
 * contents so `[@text="a>|b<"]` stays whole.
 */
function contentEnd(line: string, from: number): number {
  const xpath = line[from] === '/' || line[from] === '(';
  let quote = '';
  for (let i = from; i < line.length; i++) {
    const ch = line[i];
    if (quote) { if (ch === quote) quote = ''; continue; }
    if (xpath && (ch === '"' || ch === "'")) { quote = ch; continue; }
    if (ch === '>' && (i === line.length - 1 || /^\s*\|\s*([a-z_]+<|$)/.test(line.slice(i + 1, i + 40)))) return i;
  }
  return -1;
}

function parseTarget(content: string): EssTarget | null {
  if (/^\d+$/.test(content)) return { index: Number(content) };
  if (/^\(?\//.test(content)) return { xpath: content };
  return null;
}

function parseItem(keyword: string, content: string, raw: string): EssItem | string {
  switch (keyword) {
    case 'activity': return { kind: 'activity', raw };
    case 'exact': case 'exclude': case 'click': {
      const target = parseTarget(content);
      return target ? { kind: keyword, target, raw } : `${keyword}<${content}> needs a component number or an xpath`;
    }
    case 'fuzzy': {
      if (content === '-1') return { kind: 'fuzzy', target: { screen: true }, raw };
      if (/^-\d+$/.test(content)) return { kind: 'fuzzy', target: { legacy: Number(content) }, raw };
      const target = parseTarget(content);
      return target ? { kind: 'fuzzy', target, raw } : `fuzzy<${content}> needs -1, a component number or an xpath`;
    }
    case 'type': return { kind: 'type', text: content, raw };
    case 'ocr': return { kind: 'ocr', text: content, raw };
    case 'check_install': case 'installed': case 'install':
      return content ? { kind: 'installed', app: content, spelling: keyword, raw } : `${keyword}<> needs an app name`;
    case 'check_uninstall': case 'uninstalled':
      return content ? { kind: 'uninstalled', app: content, spelling: keyword, raw } : `${keyword}<> needs an app name`;
    default: return `unknown keyword '${keyword}'`;
  }
}

/** Parses the items of one line; returns the items or an error message with the column. */
function parseLine(line: string): EssItem[] | string {
  const items: EssItem[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    const m = /^([A-Za-z_]+)</.exec(line.slice(i, i + 40));
    if (!m) return `column ${i + 1}: expected keyword<content>, found ${JSON.stringify(line.slice(i, i + 20))}`;
    const keyword = m[1];
    if (!KEYWORDS.has(keyword)) return `column ${i + 1}: unknown keyword '${keyword}'`;
    const start = i + m[0].length;
    const end = contentEnd(line, start);
    if (end < 0) return `column ${i + 1}: ${keyword}< is never closed with >`;
    const item = parseItem(keyword, line.slice(start, end), line.slice(i, end + 1));
    if (typeof item === 'string') return `column ${i + 1}: ${item}`;
    items.push(item);
    i = end + 1;
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i < line.length) {
      if (line[i] !== '|') return `column ${i + 1}: expected | between items`;
      i++;
      if (i >= line.length) return `column ${i}: the line ends with |`;
    }
  }
  return items;
}

/**
 * Parses an `i.ess` file (one line of `keyword<content>` items joined by `|`,
 * in every spelling seen upstream and in the paper). Keeps each item's source
 * text so `serialiseEss` reproduces the file byte for byte. Never throws.
 */
export function parseEss(text: string, file: string): Parsed<EssentialState> {
  const trailingNewline = text.endsWith('\n');
  const raw = trailingNewline ? text.slice(0, -1) : text;
  const lines = raw.split('\n');
  const fail = (message: string, line?: number): Parsed<EssentialState> => ({
    ok: false,
    problems: [{ severity: 'error', file, ...(line ? { line } : {}), message, hint: 'Fix the annotation in the editor or by hand, e.g. activity<0>|exact<3>|click<5>.' }],
  });
  const content = lines.map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
  if (content.length === 0) return fail('The essential-state file is empty.', 1);
  if (content.length > 1) return fail(`Expected one line of items, found ${content.length} non-empty lines.`, lines.findIndex((l, k) => k > 0 && l.trim() !== '') + 1);
  const lineNo = lines.findIndex((l) => l.trim() !== '') + 1;
  const items = parseLine(content[0].trim());
  if (typeof items === 'string') return fail(`Malformed essential state: ${items}.`, lineNo);
  const warnings: Problem[] = [];
  for (const it of items) {
    if (it.kind === 'fuzzy' && 'legacy' in it.target) warnings.push({ severity: 'warning', file, line: lineNo, message: `${it.raw} is a legacy item and is ignored.` });
  }
  return { ok: true, value: { items, raw, trailingNewline }, warnings };
}

/**
 * Serialises a state. When its items still match its source line, the source
 * is returned unchanged (byte-exact, odd spacing kept); otherwise the items
 * are joined with `|` in their own spellings.
 */
export function serialiseEss(s: EssentialState): string {
  const joined = s.items.map((i) => i.raw).join('|');
  let line = joined;
  if (s.raw !== joined) {
    const again = parseLine(s.raw.replace(/\r$/, '').trim());
    if (typeof again !== 'string' && again.map((i) => i.raw).join('|') === joined) line = s.raw;
  }
  return line + (s.trailingNewline ? '\n' : '');
}
