/**
 * One item of an essential-state annotation line (`i.ess`).
 * `raw` keeps the exact source spelling so lines round-trip byte-exact.
 */
export type EssItem =
  | { kind: 'activity'; raw: string }
  /** node = index into the step's i.json, or an xpath string */
  | { kind: 'exact'; target: EssTarget; raw: string }
  | { kind: 'exclude'; target: EssTarget; raw: string }
  | { kind: 'fuzzy'; target: EssTarget | { screen: true } | { legacy: number }; raw: string }
  | { kind: 'click'; target: EssTarget; raw: string }
  | { kind: 'type'; text: string; raw: string }
  /** check_install / installed / install (package) */
  | { kind: 'installed'; app: string; spelling: 'check_install' | 'installed' | 'install'; raw: string }
  | { kind: 'uninstalled'; app: string; spelling: 'check_uninstall' | 'uninstalled'; raw: string }
  /** Touchstone's own: the screenshot shows this text (OCR). */
  | { kind: 'ocr'; text: string; raw: string }
  /** Touchstone's own tolerant forms of `exact` (shared/kinds/primitives/text.ts, regex.ts, range.ts, exact-on.ts). */
  | { kind: 'text'; target: EssTarget; raw: string }
  | { kind: 'regex'; target: { index: number }; pattern: string; raw: string }
  | { kind: 'range'; target: { index: number }; min: number; max: number; raw: string }
  | { kind: 'exact_on'; target: { index: number }; attrs: string[]; raw: string };

/** What an item points at: a component number in i.json, or an xpath. */
export type EssTarget = { index: number } | { xpath: string };

/** A parsed `.ess` line. */
export interface EssentialState {
  items: EssItem[];
  /** Exact source text (without trailing newline) for byte-exact round-trip. */
  raw: string;
  /** Whether the source file ended with a newline. */
  trailingNewline: boolean;
}
