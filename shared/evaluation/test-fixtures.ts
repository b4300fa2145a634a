// Test-only helpers (imported by *.test.ts): locate the shared fixtures and build inputs from real files.
// Lives in shared/ because it is plain data plumbing; it imports no node modules itself.
import type { ViewHierarchy } from '../model';
import { parseUiautomatorXml } from '../formats/parse-uiautomator-xml';

/** Parses XML text or throws with the file's problems (tests want loud failures). */
export function mustParseXml(text: string, file: string): ViewHierarchy {
  const r = parseUiautomatorXml(text, file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
}

function wordCounts(t: string): Map<string, number> {
  const m = new Map<string, number>();
  // Markup of simplified screens (<p>, <button ...>) is ignored: only the words count.
  for (const w of t.replace(/<[^>]*>/g, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/**
 * Cosine of the two texts' word-count vectors (case and markup ignored): a deterministic stand-in for
 * a sentence embedder in tests. Real models are tested by electron/core/models.
 */
export function wordCosine(a: string, b: string): number {
  const x = wordCounts(a);
  const y = wordCounts(b);
  let dot = 0;
  for (const [w, c] of x) dot += c * (y.get(w) ?? 0);
  const norm = (m: Map<string, number>): number => Math.sqrt([...m.values()].reduce((s, c) => s + c * c, 0));
  return norm(x) && norm(y) ? dot / (norm(x) * norm(y)) : 0;
}
