import type { NumberedComponent, Parsed, Problem } from '../model';

/** How an `i.json` file was laid out, so rewriting it changes only what changed. */
export interface ComponentsJsonStyle {
  indent: number;
  /** Python's json.dump default escapes non-ASCII as \uXXXX (combine_xpath.py wrote such files). */
  asciiOnly: boolean;
  trailingNewline: boolean;
}

const STRING_KEYS = ['class', 'text', 'resource-id', 'content-desc', 'bounds'] as const;
const BOOL_KEYS = ['enabled', 'checked', 'checkable', 'visible', 'selected', 'focused', 'focusable', 'clickable', 'long-clickable', 'password', 'scrollable'] as const;

/** Detects indentation, escaping and final newline of an existing file. */
export function detectComponentsStyle(text: string): ComponentsJsonStyle {
  const m = /\n( +)["{]/.exec(text);
  return { indent: m ? m[1].length : 4, asciiOnly: /\\u[0-9a-fA-F]{4}/.test(text), trailingNewline: text.endsWith('\n') };
}

/**
 * Parses an `i.json` numbered component list. Objects keep their key order
 * and any extra keys (e.g. `xpath`); entries whose `id` differs from their
 * list position are reported, since annotations index by position.
 */
export function parseComponentsJson(text: string, file: string): Parsed<NumberedComponent[]> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { ok: false, problems: [{ severity: 'error', file, message: `Not valid JSON: ${(err as Error).message}.`, hint: 'Restore the file or regenerate it from i.vh (only if no .ess points into it).' }] };
  }
  if (!Array.isArray(data)) return { ok: false, problems: [{ severity: 'error', file, message: 'Expected a JSON list of components.', hint: 'An i.json file is a list like [{"id": 0, "class": ...}].' }] };
  const warnings: Problem[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i] as Record<string, unknown>;
    if (!c || typeof c !== 'object' || Array.isArray(c)) {
      return { ok: false, problems: [{ severity: 'error', file, message: `Component ${i} is not a JSON object.`, hint: 'Restore the file from a backup.' }] };
    }
    const bad = [...STRING_KEYS.filter((k) => c[k] !== undefined && typeof c[k] !== 'string'), ...BOOL_KEYS.filter((k) => c[k] !== undefined && typeof c[k] !== 'boolean')];
    if (bad.length) warnings.push({ severity: 'warning', file, message: `Component ${i} has unexpected value types for ${bad.join(', ')}.` });
    if (c.id !== i) warnings.push({ severity: 'warning', file, message: `Component at position ${i} has id ${JSON.stringify(c.id)}; annotations use the position.` });
  }
  return { ok: true, value: data as NumberedComponent[], warnings };
}

/** Serialises components like upstream's `json.dump(..., indent=4)`, keeping each object's key order. */
export function serialiseComponentsJson(list: NumberedComponent[], style: Partial<ComponentsJsonStyle> = {}): string {
  let out = JSON.stringify(list, null, style.indent ?? 4);
  if (style.asciiOnly) out = out.replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return out + (style.trailingNewline ? '\n' : '');
}
