import { resolveXpath } from '../formats/xpath';
import type { MatchServices } from './types';

/** Upstream's icon threshold: average-hash Hamming distance <= 1 is the same icon. */
export const DEFAULT_ICON_MAX_DISTANCE = 1;
/** Paper threshold for all-MiniLM-L6-v2; callers pass their embedder's own threshold. */
export const PAPER_FUZZY_THRESHOLD = 0.85;

/**
 * Screen-level (`fuzzy<-1>`) thresholds per embedder id where the textbox threshold is too lax.
 * use-lite, on trace_18's real screens with whole-screen (windowed) vectors: different screens of
 * one app score 0.52-0.82 on the simplified-HTML text, near-identical lesson screens 0.992 and the
 * same screen with one line reworded 0.992; 0.9 separates them (truncated to USE-lite's first 128
 * tokens, as before windows, the different screens scored 0.45-0.78). Other models use their
 * textbox threshold (the paper used 0.85 for both).
 */
export const SCREEN_THRESHOLDS: Readonly<Record<string, number>> = { 'use-lite': 0.9 };

/** Lower-cases table keys so app names match regardless of case; drops non-string entries. */
export function normaliseAppTable(table: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(table)) if (typeof v === 'string' && !k.startsWith('$')) out[k.trim().toLowerCase()] = v.trim();
  return out;
}

/**
 * Services with safe defaults: no embeddings (similarity unknown), no screenshots (icon checks
 * report why), FORMATS' xpath resolver, an empty app table. Override what you have.
 */
export function createMatchServices(over: Partial<MatchServices> = {}): MatchServices {
  return {
    mode: 'fixed',
    similarity: () => undefined,
    fuzzyThreshold: PAPER_FUZZY_THRESHOLD,
    screenThreshold: PAPER_FUZZY_THRESHOLD,
    iconMatch: () => ({ ok: false, reason: 'No screenshot reader was provided for icon comparison.' }),
    iconMaxDistance: DEFAULT_ICON_MAX_DISTANCE,
    resolveXpath,
    appPackages: {},
    ...over,
  };
}
