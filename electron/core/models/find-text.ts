import type { Bounds } from '../../../shared/model';
import type { OcrLine } from './types';

export interface FindTextOptions {
  /** Minimum match score in [0,1] (1 - edits / query length); default 0.8. */
  minScore?: number;
  /** Most OCR lines one match may span (multi-word text split into boxes); default 4. */
  maxLines?: number;
}

export interface TextMatch {
  /** The matched part's box: the lines' union, narrowed horizontally within a single line. */
  box: Bounds;
  /** 1 for an exact (case/space-insensitive) hit, lower with each OCR error tolerated. */
  score: number;
  /** The OCR text of the lines used, joined by spaces. */
  text: string;
  lines: OcrLine[];
}

/** Lower-case letters and digits only: OCR often drops or adds spaces and punctuation. */
function compact(text: string): { chars: string; pos: number[] } {
  let chars = '';
  const pos: number[] = [];
  const lower = text.normalize('NFKC').toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    if (/[\p{L}\p{N}]/u.test(lower[i])) {
      chars += lower[i];
      pos.push(i);
    }
  }
  return { chars, pos };
}

/**
 * Approximate substring search (Sellers): the substring of `text` with the fewest edits from
 * `query`, as [start, end) and the edit count. Prefers the earliest best end.
 */
export function approxSubstring(query: string, text: string): { start: number; end: number; edits: number } {
  const m = query.length;
  const n = text.length;
  let cost = new Int32Array(n + 1);
  let from = Int32Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const next = new Int32Array(n + 1);
    const nextFrom = new Int32Array(n + 1);
    next[0] = i;
    nextFrom[0] = 0;
    for (let j = 1; j <= n; j++) {
      const sub = cost[j - 1] + (query[i - 1] === text[j - 1] ? 0 : 1);
      const del = cost[j] + 1;
      const ins = next[j - 1] + 1;
      if (sub <= del && sub <= ins) [next[j], nextFrom[j]] = [sub, from[j - 1]];
      else if (del <= ins) [next[j], nextFrom[j]] = [del, from[j]];
      else [next[j], nextFrom[j]] = [ins, nextFrom[j - 1]];
    }
    cost = next;
    from = nextFrom;
  }
  let best = 0;
  for (let j = 1; j <= n; j++) if (cost[j] < cost[best]) best = j;
  return { start: from[best], end: best, edits: cost[best] };
}

/** Whether b continues a: to its right on the same row, or on the next line below. */
function adjacent(a: Bounds, b: Bounds): boolean {
  const ha = a.y2 - a.y1;
  const hb = b.y2 - b.y1;
  const h = Math.max(ha, hb);
  const vOverlap = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (vOverlap > Math.min(ha, hb) / 2) return b.x1 >= a.x1 && b.x1 - a.x2 < 2 * h;
  const hOverlap = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  return b.y1 >= a.y1 + ha / 2 && b.y1 - a.y2 < h && (hOverlap > 0 || Math.abs(a.x1 - b.x1) < 2 * h);
}

function union(boxes: Bounds[]): Bounds {
  return {
    x1: Math.min(...boxes.map((b) => b.x1)),
    y1: Math.min(...boxes.map((b) => b.y1)),
    x2: Math.max(...boxes.map((b) => b.x2)),
    y2: Math.max(...boxes.map((b) => b.y2)),
  };
}

/**
 * Finds `query` among OCR lines: case-, space- and punctuation-insensitive, tolerating OCR errors
 * up to (1 - minScore) x its length, and across up to maxLines adjacent lines (a phrase split into
 * several boxes or wrapped onto the next line). Queries of 3 characters or fewer must match exactly.
 * Returns the best match (highest score, then fewest lines), or undefined.
 */
export function findText(lines: readonly OcrLine[], query: string, opts: FindTextOptions = {}): TextMatch | undefined {
  const q = compact(query).chars;
  if (!q) return undefined;
  const minScore = q.length <= 3 ? 1 : (opts.minScore ?? 0.8);
  const maxLines = opts.maxLines ?? 4;
  let best: TextMatch | undefined;
  for (let i = 0; i < lines.length; i++) {
    const chain = [lines[i]];
    // Grow a chain of adjacent lines; each extra line must be needed by the match (it has to end there).
    for (;;) {
      const joined = chain.map((l) => l.text).join(' ');
      const c = compact(joined);
      const hit = approxSubstring(q, c.chars);
      const score = 1 - hit.edits / q.length;
      const firstLen = compact(chain[0].text).chars.length;
      const lastStart = c.chars.length - compact(chain.at(-1)!.text).chars.length;
      const spansChain = hit.start < firstLen && (chain.length === 1 || hit.end > lastStart);
      if (score >= minScore && spansChain && (!best || score > best.score || (score === best.score && chain.length < best.lines.length))) {
        let box = union(chain.map((l) => l.box));
        if (chain.length === 1 && c.chars.length > 0) box = narrow(chain[0], c, hit.start, hit.end);
        best = { box, score, text: joined, lines: [...chain] };
      }
      if (chain.length >= maxLines) break;
      const last = chain.at(-1)!;
      const nextLine = lines.find((l) => !chain.includes(l) && adjacent(last.box, l.box));
      if (!nextLine) break;
      chain.push(nextLine);
    }
  }
  return best;
}

/** The part of a line's box covering characters [start, end), assuming evenly spaced characters. */
function narrow(line: OcrLine, c: { chars: string; pos: number[] }, start: number, end: number): Bounds {
  const total = line.text.length;
  if (total === 0 || end <= start) return line.box;
  const from = c.pos[start] / total;
  const to = (c.pos[end - 1] + 1) / total;
  const w = line.box.x2 - line.box.x1;
  return { x1: Math.round(line.box.x1 + from * w), y1: line.box.y1, x2: Math.round(line.box.x1 + to * w), y2: line.box.y2 };
}
