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

/**
 * A uniform grid over rectangles, so a candidate is checked only against its neighbours. Queries take
 * the candidate as four numbers (no object per candidate: a dense screen tries ~100 000 of them).
 */
class RectGrid {
  /** Row-major by column; a cell's list is made on its first rectangle (a zoomed-in stage has many small cells). */
  private readonly cells: Array<Rect[] | undefined>;
  private readonly x0: number;
  private readonly y0: number;
  private readonly nx: number;
  private readonly ny: number;
  /**
   * Cells of `size` over `area` and one cell more on each side: a candidate that fits the area (to EPS)
   * lies inside, so its cells are never clipped; a stored rectangle beyond is clipped to the border cells.
   */
  constructor(private readonly size: number, area: Rect) {
    this.x0 = Math.floor((area.x - EPS) / size) - 1;
    this.y0 = Math.floor((area.y - EPS) / size) - 1;
    this.nx = Math.floor((area.x + area.w + EPS) / size) + 2 - this.x0;
    this.ny = Math.floor((area.y + area.h + EPS) / size) + 2 - this.y0;
    this.cells = new Array<Rect[] | undefined>(this.nx * this.ny);
  }
  /** The cell columns (or rows) from `a` to `b` (device pixels) inside the grid, as [first, last] indices. */
  private span(a: number, b: number, o: number, n: number): [number, number] {
    return [Math.max(0, Math.floor(a / this.size) - o), Math.min(n - 1, Math.floor(b / this.size) - o)];
  }
  add(r: Rect): void {
    const [ax, bx] = this.span(r.x, r.x + r.w, this.x0, this.nx);
    const [ay, by] = this.span(r.y, r.y + r.h, this.y0, this.ny);
    for (let cx = ax; cx <= bx; cx++) {
      for (let cy = ay; cy <= by; cy++) {
        const list = this.cells[cx * this.ny + cy];
        if (list) list.push(r);
        else this.cells[cx * this.ny + cy] = [r];
      }
    }
  }
  /**
   * `base` plus `scale` × the total overlap of (x, y, w, h) with the stored rectangles (a rectangle in two
   * cells counts twice; only "free or not" and "less" matter). Stops as soon as the running sum reaches
   * `limit`: the sum only grows (every term is >= 0), so the caller's "less than limit" test is decided.
   */
  cover(x: number, y: number, w: number, h: number, base: number, scale: number, limit: number): number {
    const [ax, bx] = this.span(x, x + w, this.x0, this.nx);
    const [ay, by] = this.span(y, y + h, this.y0, this.ny);
    let sum = 0;
    for (let cx = ax; cx <= bx; cx++) {
      for (let cy = ay; cy <= by; cy++) {
        const list = this.cells[cx * this.ny + cy];
        if (list) for (const o of list) {
          sum += Math.max(0, Math.min(x + w, o.x + o.w) - Math.max(x, o.x)) * Math.max(0, Math.min(y + h, o.y + o.h) - Math.max(y, o.y));
          if (base + scale * sum >= limit) return base + scale * sum;
        }
      }
    }
    return base + scale * sum;
  }
  /** Whether (x, y, w, h) overlaps any stored rectangle by more than EPS (stops at the first). */
  hits(x: number, y: number, w: number, h: number): boolean {
    const [ax, bx] = this.span(x, x + w, this.x0, this.nx);
    const [ay, by] = this.span(y, y + h, this.y0, this.ny);
    for (let cx = ax; cx <= bx; cx++) {
      for (let cy = ay; cy <= by; cy++) {
        const list = this.cells[cx * this.ny + cy];
        if (list) for (const o of list) {
          if (Math.max(0, Math.min(x + w, o.x + o.w) - Math.max(x, o.x)) * Math.max(0, Math.min(y + h, o.y + o.h) - Math.max(y, o.y)) > EPS) return true;
        }
      }
    }
    return false;
  }
}

/** The 16 directions of a ring of far spots (cos, sin of k/16 of a turn). */
const RING_COS = Array.from({ length: 16 }, (_, k) => Math.cos((k / 16) * 2 * Math.PI));
const RING_SIN = Array.from({ length: 16 }, (_, k) => Math.sin((k / 16) * 2 * Math.PI));

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
  const text = new RectGrid(cell, area);
  for (const t of targets) if (t.text) text.add(boundsRect(t.bounds));
  const badges = new RectGrid(cell, area);
  for (const r of taken) badges.add(r);
  const fits = (x: number, y: number, w: number) => x >= area.x - EPS && y >= area.y - EPS && x + w <= area.x + area.w + EPS && y + h <= area.y + area.h + EPS;
  const placed = new Map<BadgeTarget, BadgeSpot>();
  const order = targets.filter((t) => t.badge !== false).sort((a, b) => boxArea(a.bounds) - boxArea(b.bounds) || a.id - b.id);
  // One target's candidate spots (top-left corners), reused: near the box, rings further out, the gutters.
  const xs = new Float64Array(12 + 8 * 16 + 40 * 2 * 4);
  const ys = new Float64Array(xs.length);
  for (const t of order) {
    const w = t.w ?? badgeSize(t.id, charW, h).w;
    const { x1, y1, x2, y2 } = t.bounds;
    let n = 0;
    const near = [x1, y1 - h, x1, y2, x1 - w, y1, x2, y1, x2 - w, y1 - h, x2 - w, y2, x1 - w, y2 - h, x2, y2 - h, x1, y1, x2 - w, y1, x1, y2 - h, x2 - w, y2 - h];
    for (let i = 0; i < near.length; i += 2, n++) {
      xs[n] = near[i];
      ys[n] = near[i + 1];
    }
    // Further out: rings of spots around the box's centre, nearest first, then the margins beside the screen.
    const cx = (x1 + x2) / 2;
    const cy = (y1 + y2) / 2;
    for (let ring = 1; ring <= 8; ring++) {
      const dx = (x2 - x1) / 2 + ring * (w + 2);
      const dy = (y2 - y1) / 2 + ring * (h + 2);
      for (let k = 0; k < 16; k++, n++) {
        xs[n] = cx + RING_COS[k] * dx - w / 2;
        ys[n] = cy + RING_SIN[k] * dy - h / 2;
      }
    }
    const gutters = [area.x + 1, screen.width + 1, area.x + area.w - w - 1, -w - 1].filter((x) => x + w <= 0 || x >= screen.width);
    for (let k = 0; k < 40; k++) {
      for (const sign of [1, -1]) {
        for (const gx of gutters) {
          xs[n] = gx;
          ys[n] = cy - h / 2 + sign * k * (h + 1);
          n++;
        }
      }
    }
    // First the nearest free spot (cheap: each check stops at the first overlap); only when none is
    // free, the least covered one.
    let best: Rect | null = null;
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      const y = ys[i];
      if (fits(x, y, w) && !text.hits(x, y, w, h) && !badges.hits(x, y, w, h)) {
        best = { x, y, w, h };
        break;
      }
    }
    if (!best) {
      let bestCost = Infinity;
      for (let i = 0; i < n; i++) {
        const x = xs[i];
        const y = ys[i];
        if (!fits(x, y, w)) continue;
        // cost = 100 × text covered + badges covered; a spot whose partial cost already reaches the
        // best one's is dropped without finishing the sums (it cannot win: it must be less by EPS).
        const limit = bestCost - EPS;
        const onText = text.cover(x, y, w, h, 0, 100, limit);
        if (onText >= limit) continue;
        const cost = badges.cover(x, y, w, h, onText, 1, limit);
        if (cost < limit) {
          best = { x, y, w, h };
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
  const outside = spots.filter((s) => s.x < area.x - EPS || s.y < area.y - EPS || s.x + s.w > area.x + area.w + EPS || s.y + s.h > area.y + area.h + EPS).length;
  if (!spots.length) return { onText: 0, overlapping: 0, outside };
  // A grid of ~32×32 cells over everything (no rectangle clipped), so each badge is checked against its neighbours only.
  const all = [...texts, ...spots];
  const x0 = Math.min(...all.map((r) => r.x));
  const y0 = Math.min(...all.map((r) => r.y));
  const extent = { x: x0, y: y0, w: Math.max(...all.map((r) => r.x + r.w)) - x0, h: Math.max(...all.map((r) => r.y + r.h)) - y0 };
  const grid = new RectGrid(Math.max(1, extent.w / 32, extent.h / 32), extent);
  for (const r of texts) grid.add(r);
  let onText = 0;
  for (const s of spots) if (grid.hits(s.x, s.y, s.w, s.h)) onText++;
  // Pairs, swept left to right: a badge starting right of another's end cannot overlap it.
  const byX = [...spots].sort((p, q) => p.x - q.x);
  let overlapping = 0;
  for (let i = 0; i < byX.length; i++) {
    for (let j = i + 1; j < byX.length && byX[j].x < byX[i].x + byX[i].w; j++) if (rectOverlap(byX[i], byX[j]) > EPS) overlapping++;
  }
  return { onText, overlapping, outside };
}
