/**
 * JSON.parse of a long text in parts, with turns of the event loop between them: one JSON.parse of a
 * 4.6 MB file of 100,000 configurations held the server's only thread for 150 ms and more. The text is
 * scanned once (strings and nesting), then the top-level object's members are parsed one by one, and a
 * member that is a long list in batches of items. The value is the one JSON.parse gives; a text this does
 * not split (not an object, or not valid) goes to JSON.parse whole, so an error is JSON.parse's own.
 */

/** Where the parts end; tests make them small. */
export interface PartSizes {
  /** Texts shorter than this are parsed in one go (a few ms at most). */
  wholeBelow: number;
  /** Characters scanned, or list items parsed, between two turns of the event loop. */
  scan: number;
  items: number;
}
const SIZES: PartSizes = { wholeBelow: 256 * 1024, scan: 512 * 1024, items: 2000 };

/** Only the whitespace JSON allows (a BOM or a no-break space is not). */
const blank = (s: string): boolean => /^[ \t\n\r]*$/.test(s);

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;

/** One member of the top-level object: its text span, where its value starts, and (a list value) its item commas. */
interface Member { start: number; colon: number; end: number; list?: { open: number; commas: number[]; close: number } }

/** The members of a top-level object, or null when the text is not one (then JSON.parse decides). */
async function members(text: string, sizes: PartSizes): Promise<Member[] | null> {
  let i = 0;
  while (i < text.length && blank(text[i]!)) i++;
  if (text.charCodeAt(i) !== OPEN_OBJECT) return null;
  const out: Member[] = [];
  let depth = 1;
  let inString = false;
  let m: Member = { start: i + 1, colon: -1, end: -1 };
  for (i++; i < text.length; i++) {
    if (i % sizes.scan === 0) await turn();
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_LIST) {
      if (depth === 1 && c === OPEN_LIST && m.colon >= 0 && !m.list && blank(text.slice(m.colon + 1, i))) m.list = { open: i, commas: [], close: -1 };
      depth++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      depth--;
      if (depth === 1 && m.list && m.list.close < 0 && c === CLOSE_LIST) m.list.close = i;
      if (depth === 0) {
        m.end = i;
        out.push(m);
        return blank(text.slice(i + 1)) ? out : null;
      }
    } else if (c === COLON && depth === 1 && m.colon < 0) m.colon = i;
    else if (c === COMMA && depth === 2 && m.list && m.list.close < 0) m.list.commas.push(i);
    else if (c === COMMA && depth === 1) {
      m.end = i;
      out.push(m);
      m = { start: i + 1, colon: -1, end: -1 };
    }
  }
  return null;
}

/** The items of a member's list, parsed `per` at a time; null when a part does not parse as items. */
async function listItems(text: string, list: NonNullable<Member['list']>, per: number): Promise<unknown[] | null> {
  const cuts = [list.open, ...list.commas, list.close];
  const items: unknown[] = [];
  for (let k = 0; k < cuts.length - 1; k += per) {
    const part = text.slice(cuts[k]! + 1, cuts[Math.min(k + per, cuts.length - 1)]!);
    // An empty part is a stray comma ([1,] or [,]), except the one part of an empty list.
    if (blank(part) && cuts.length > 2) return null;
    try { items.push(...(JSON.parse(`[${part}]`) as unknown[])); } catch { return null; }
    await turn();
  }
  return items;
}

/** The value JSON.parse(text) gives (or its error), computed in parts when the text is long. */
export async function parseJsonInParts(text: string, sizes: PartSizes = SIZES): Promise<unknown> {
  if (text.length < sizes.wholeBelow) return JSON.parse(text);
  const ms = await members(text, sizes);
  if (!ms) return JSON.parse(text);
  if (ms.length === 1 && blank(text.slice(ms[0]!.start, ms[0]!.end))) return {};
  const entries: [string, unknown][] = [];
  for (const m of ms) {
    let entry: [string, unknown] | null = null;
    try {
      if (m.list && m.list.close > 0 && blank(text.slice(m.list.close + 1, m.end))) {
        const key = JSON.parse(text.slice(m.start, m.colon)) as unknown;
        const items = typeof key === 'string' ? await listItems(text, m.list, sizes.items) : null;
        if (items) entry = [key as string, items];
      } else {
        const one = Object.entries(JSON.parse(`{${text.slice(m.start, m.end)}}`) as Record<string, unknown>);
        if (one.length === 1) entry = one[0]!;
      }
    } catch { /* not a member: JSON.parse of the whole says where */ }
    if (!entry) return JSON.parse(text);
    entries.push(entry);
  }
  // As JSON.parse: a key given twice keeps its first place and its last value; "__proto__" is a plain key.
  return Object.fromEntries(entries);
}
