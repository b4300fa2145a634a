import type { EssTarget } from '../../model';

/**
 * The characters the `.ess` line syntax reserves inside free-text contents (typed text, OCR text,
 * app names): `<` and `>` delimit an item's content, `|` separates items. Upstream lines have no
 * escape for them, so text with one of them cannot be spelled safely (xpath contents are exempt:
 * the parser honours their quotes). The one copy of this rule; every producer of items reads it.
 */
export const ESS_RESERVED = /[<>|]/;
const RESERVED_ALL = new RegExp(ESS_RESERVED.source, 'g');

/** Whether free text contains a character the `.ess` syntax reserves. */
export function hasReserved(text: string): boolean {
  return ESS_RESERVED.test(text);
}

/** Free text with each reserved character turned into a space and runs of spaces collapsed, trimmed. */
export function withoutReserved(text: string): string {
  return text.replace(RESERVED_ALL, ' ').replace(/\s+/g, ' ').trim();
}

/** A component target's content: its index, or the xpath as written. */
export function targetText(t: EssTarget): string {
  return 'index' in t ? String(t.index) : t.xpath;
}

/** A component target from an item's content: a number or an xpath (`/...` or `(/...)`), else null. */
export function parseTarget(content: string): EssTarget | null {
  if (/^\d+$/.test(content)) return { index: Number(content) };
  if (/^\(?\//.test(content)) return { xpath: content };
  return null;
}

/** How a component target reads in a sentence: `#14` or the xpath. */
export function targetLabel(t: EssTarget): string {
  return 'index' in t ? `#${t.index}` : t.xpath;
}
