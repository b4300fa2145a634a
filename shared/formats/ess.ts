import type { EssentialState, EssItem, Parsed, Problem } from '../model';
import { PRIMITIVE_REGISTRY, type PrimitiveRegistry, type WithoutRaw } from '../kinds/primitives';

/** An item without its source spelling, for building new annotations. */
export type EssItemInput = WithoutRaw<EssItem>;

/**
 * The canonical spelling of one item (`keyword<content>`), from its primitive's spec. `registry`
 * is the production table unless a test adds a primitive of its own.
 */
export function formatEssItem(item: EssItemInput | EssItem, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): string {
  const spec = registry.spec(item.kind);
  if (!spec) throw new Error(`Unknown .ess item kind '${item.kind}' (known: ${registry.list.map((p) => p.kind).join(', ')}).`);
  return spec.format(item);
}

/** Adds the canonical `raw` spelling to a new item. */
export function makeEssItem(item: EssItemInput, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): EssItem {
  return { ...item, raw: formatEssItem(item, registry) } as EssItem;
}

/**
 * The spelling of an item made from free text (typed text, an OCR line, an app name) by its kind's
 * rule for reserved characters, or null when the text cannot be spelled (or the kind takes no text).
 */
export function essItemFromText(kind: EssItem['kind'], text: string, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): string | null {
  const item = registry.spec(kind)?.fromText?.(text) as EssItemInput | null | undefined;
  return item ? formatEssItem(item, registry) : null;
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

/** Parses the items of one line; returns the items or an error message with the column. */
function parseLine(line: string, registry: PrimitiveRegistry): EssItem[] | string {
  const items: EssItem[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    const m = /^([A-Za-z_]+)</.exec(line.slice(i, i + 40));
    if (!m) return `column ${i + 1}: expected keyword<content>, found ${JSON.stringify(line.slice(i, i + 20))}`;
    const keyword = m[1];
    const spec = registry.byKeyword(keyword);
    if (!spec) return `column ${i + 1}: unknown keyword '${keyword}'`;
    const start = i + m[0].length;
    const end = contentEnd(line, start);
    if (end < 0) return `column ${i + 1}: ${keyword}< is never closed with >`;
    const item: EssItem | string = spec.parse(keyword, line.slice(start, end), line.slice(i, end + 1));
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
 * in every spelling seen upstream and in the paper; the keywords and contents are the
 * primitives' specs in shared/kinds/primitives). Keeps each item's source
 * text so `serialiseEss` reproduces the file byte for byte. Never throws.
 */
export function parseEss(text: string, file: string, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): Parsed<EssentialState> {
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
  const items = parseLine(content[0].trim(), registry);
  if (typeof items === 'string') return fail(`Malformed essential state: ${items}.`, lineNo);
  const warnings: Problem[] = [];
  for (const it of items) {
    const message: string | undefined = registry.spec(it.kind)?.warning?.(it);
    if (message) warnings.push({ severity: 'warning', file, line: lineNo, message });
  }
  return { ok: true, value: { items, raw, trailingNewline }, warnings };
}

/**
 * Serialises a state. When its items still match its source line, the source
 * is returned unchanged (byte-exact, odd spacing kept); otherwise the items
 * are joined with `|` in their own spellings.
 */
export function serialiseEss(s: EssentialState, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): string {
  const joined = s.items.map((i) => i.raw).join('|');
  let line = joined;
  if (s.raw !== joined) {
    const again = parseLine(s.raw.replace(/\r$/, '').trim(), registry);
    if (typeof again !== 'string' && again.map((i) => i.raw).join('|') === joined) line = s.raw;
  }
  return line + (s.trailingNewline ? '\n' : '');
}
