import type { Bounds, Size } from '../model';

/** A rectangle in device pixels (top-left and size). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One component to label: its number, its box, and whether it shows text (its box must stay readable). */
export interface BadgeTarget {
  id: number;
  bounds: Bounds;
  text: boolean;
  /** The badge's width when it is not a number's (a tag such as "exact #3"), device pixels. */
  w?: number;
  /** false: the component is only an obstacle (its text box is kept clear), it gets no badge here. */
  badge?: boolean;
}

/** Where a component's number badge goes, with a leader line to its box when it had to move away. */
export interface BadgeSpot extends Rect {
  id: number;
  /** From the badge's nearest edge point to the box's nearest edge point; null when the badge touches its box. */
  leader: { x1: number; y1: number; x2: number; y2: number } | null;
}

export interface BadgeLayoutOptions {
  /** Width per digit and height of a badge, in device pixels (screen pixels × 1 / stage scale). */
  charW: number;
  h: number;
  /** The device screen. */
  screen: Size;
  /**
   * Where badges may be drawn (device pixels); may reach beyond the screen into the stage's margins,
   * which then serve as a gutter for crowded rows. Defaults to the screen.
   */
  area?: Rect;
}

const EPS = 0.01;

/** Area shared by two rectangles (0 when they only touch). */
export function rectOverlap(a: Rect, b: Rect): number {
  return Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
}

const boundsRect = (b: Bounds): Rect => ({ x: b.x1, y: b.y1, w: b.x2 - b.x1, h: b.y2 - b.y1 });
const boxArea = (b: Bounds) => (b.x2 - b.x1) * (b.y2 - b.y1);

/** The badge size of a number: one `charW` per digit plus padding, `h` high. */
export function badgeSize(id: number, charW: number, h: number): { w: number; h: number } {
  return { w: String(id).length * charW + (6 * charW) / 7, h };
}

/** A uniform grid over rectangles, so a candidate is checked only against its neighbours. */
class RectGrid {
  private readonly cells = new Map<number, Rect[]>();
  constructor(private readonly size: number) {}
  private keys(r: Rect): number[] {
    const out: number[] = [];
    const s = this.size;
    for (let cx = Math.floor(r.x / s); cx <= Math.floor((r.x + r.w) / s); cx++) {
      for (let cy = Math.floor(r.y / s); cy <= Math.floor((r.y + r.h) / s); cy++) out.push((cx + 4096) * 65536 + (cy + 4096));
    }
    return out;
  }
  add(r: Rect): void {
    for (const k of this.keys(r)) {
      const list = this.cells.get(k);
      if (list) list.push(r);
      else this.cells.set(k, [r]);
    }
  }
  /** Total overlap of `r` with the stored rectangles (a rectangle in two cells counts twice; only "free or not" and "less" matter). */
  cover(r: Rect): number {
    let sum = 0;
    this.each(r, (o) => { sum += rectOverlap(r, o); return false; });
    return sum;
  }
  /** Whether `r` overlaps any stored rectangle by more than EPS (stops at the first). */
  hits(r: Rect): boolean {
    return this.each(r, (o) => rectOverlap(r, o) > EPS);
  }
  /** Calls `f` on the rectangles in the cells `r` touches until it returns true; whether it did. */
  private each(r: Rect, f: (o: Rect) => boolean): boolean {
    const s = this.size;
    const x2 = Math.floor((r.x + r.w) / s);
    const y2 = Math.floor((r.y + r.h) / s);
    for (let cx = Math.floor(r.x / s); cx <= x2; cx++) {
      for (let cy = Math.floor(r.y / s); cy <= y2; cy++) {
        const list = this.cells.get((cx + 4096) * 65536 + (cy + 4096));
        if (list) for (const o of list) if (f(o)) return true;
      }
    }
    return false;
  }
}

/** The closest point of rectangle `r` to point (x, y). */
const nearestOn = (r: Rect, x: number, y: number) => ({ x: Math.max(r.x, Math.min(r.x + r.w, x)), y: Math.max(r.y, Math.min(r.y + r.h, y)) });

/**
 * Places one number badge per component so that no badge covers the box of
 * any component with text (its own included) nor another badge: it tries the
 * spots touching its box (above, below, left, right, then inside its corners),
 * then spots further out in rings around the box and, when the area reaches
 * beyond the screen, the margins beside it; a badge that had to move away gets
 * a leader line to its box. Smaller boxes are placed first (they have the
 * fewest good spots). When nothing is free, the least covered spot is taken
 * (text covered counts 100 times more than another badge): `badgeConflicts`
 * then reports it. Pure: a test can check any screen at any scale.
 */
export function placeBadges(targets: readonly BadgeTarget[], opts: BadgeLayoutOptions): BadgeSpot[] {
  return placeBadgesAvoiding(targets, opts, []);
}

/**
 * `placeBadges`, keeping clear of badges already drawn by another layer too (`taken`). Returns one
 * spot per target with a badge, in the targets' order.
 */
export function placeBadgesAvoiding(targets: readonly BadgeTarget[], opts: BadgeLayoutOptions, taken: readonly Rect[]): BadgeSpot[] {
  const { charW, h, screen } = opts;
  const area = opts.area ?? { x: 0, y: 0, w: screen.width, h: screen.height };
  const cell = Math.max(1, 4 * h);
  const text = new RectGrid(cell);
  for (const t of targets) if (t.text) text.add(boundsRect(t.bounds));
  const badges = new RectGrid(cell);
  for (const r of taken) badges.add(r);
  const fits = (r: Rect) => r.x >= area.x - EPS && r.y >= area.y - EPS && r.x + r.w <= area.x + area.w + EPS && r.y + r.h <= area.y + area.h + EPS;
  const placed = new Map<BadgeTarget, BadgeSpot>();
  const order = targets.filter((t) => t.badge !== false).sort((a, b) => boxArea(a.bounds) - boxArea(b.bounds) || a.id - b.id);
  for (const t of order) {
    const w = t.w ?? badgeSize(t.id, charW, h).w;
    const { x1, y1, x2, y2 } = t.bounds;
    const near = [
      { x: x1, y: y1 - h }, { x: x1, y: y2 }, { x: x1 - w, y: y1 }, { x: x2, y: y1 }, { x: x2 - w, y: y1 - h }, { x: x2 - w, y: y2 },
      { x: x1 - w, y: y2 - h }, { x: x2, y: y2 - h }, { x: x1, y: y1 }, { x: x2 - w, y: y1 }, { x: x1, y: y2 - h }, { x: x2 - w, y: y2 - h },
    ];
    // Further out: rings of spots around the box's centre, nearest first, then the margins beside the screen.
    const cx = (x1 + x2) / 2;
    const cy = (y1 + y2) / 2;
    const far: Array<{ x: number; y: number }> = [];
    for (let ring = 1; ring <= 8; ring++) {
      const dx = (x2 - x1) / 2 + ring * (w + 2);
      const dy = (y2 - y1) / 2 + ring * (h + 2);
      for (let k = 0; k < 16; k++) {
        const a = (k / 16) * 2 * Math.PI;
        far.push({ x: cx + Math.cos(a) * dx - w / 2, y: cy + Math.sin(a) * dy - h / 2 });
      }
    }
    const gutters = [area.x + 1, screen.width + 1, area.x + area.w - w - 1, -w - 1].filter((x) => x + w <= 0 || x >= screen.width);
    for (let k = 0; k < 40; k++) for (const sign of [1, -1]) for (const gx of gutters) far.push({ x: gx, y: cy - h / 2 + sign * k * (h + 1) });
    // First the nearest free spot (cheap: each check stops at the first overlap); only when none is
    // free, the least covered one.
    let best: Rect | null = null;
    for (const p of near.concat(far)) {
      const r = { x: p.x, y: p.y, w, h };
      if (fits(r) && !text.hits(r) && !badges.hits(r)) {
        best = r;
        break;
      }
    }
    if (!best) {
      let bestCost = Infinity;
      for (const p of near.concat(far)) {
        const r = { x: p.x, y: p.y, w, h };
        if (!fits(r)) continue;
        const cost = 100 * text.cover(r) + badges.cover(r);
        if (cost < bestCost - EPS) {
          best = r;
          bestCost = cost;
        }
      }
    }
    // Nothing fits the area at all (a badge larger than it): the box's top-left corner.
    const r = best ?? { x: x1, y: y1, w, h };
    badges.add(r);
    const box = boundsRect(t.bounds);
    const from = nearestOn(r, cx, cy);
    const to = nearestOn(box, from.x, from.y);
    const away = Math.hypot(from.x - to.x, from.y - to.y) > 1;
    placed.set(t, { id: t.id, ...r, leader: away ? { x1: from.x, y1: from.y, x2: to.x, y2: to.y } : null });
  }
  return targets.flatMap((t) => placed.get(t) ?? []);
}

/**
 * What a badge layout gets wrong: badges on the box of a component with text,
 * pairs of badges on each other, badges outside `area` (for tests and the canvas's data-* report).
 */
export function badgeConflicts(spots: readonly BadgeSpot[], targets: readonly BadgeTarget[], area: Rect): { onText: number; overlapping: number; outside: number } {
  const texts = targets.filter((t) => t.text).map((t) => boundsRect(t.bounds));
  let onText = 0;
  for (const s of spots) if (texts.some((r) => rectOverlap(s, r) > EPS)) onText++;
  let overlapping = 0;
  for (let i = 0; i < spots.length; i++) for (let j = i + 1; j < spots.length; j++) if (rectOverlap(spots[i], spots[j]) > EPS) overlapping++;
  const outside = spots.filter((s) => s.x < area.x - EPS || s.y < area.y - EPS || s.x + s.w > area.x + area.w + EPS || s.y + s.h > area.y + area.h + EPS).length;
  return { onText, overlapping, outside };
}
