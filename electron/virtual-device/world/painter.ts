import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Size } from '../../../shared/model';
import type { Chrome } from './chrome';
import { IncrementalPngEncoder } from './png-encode';
import { BLEED, paintFrame } from './render';
import type { ViewNode } from './view';


interface Op { sig: string; y1: number; y2: number }
interface Frame { size: Size; background: string; chrome: Chrome; ops: Op[]; canvas: Canvas; rgba: Buffer; png: Buffer }

/** The tree as paint operations in paint order: each node's own look (not its children) and the clip it is drawn in. */
function flatten(root: ViewNode): Op[] {
  const ops: Op[] = [];
  const walk = (n: ViewNode, clip: string): void => {
    const { children, ...own } = n;
    const b = n.drawBounds ?? n.bounds;
    ops.push({ sig: `${clip}|${JSON.stringify(own)}`, y1: b.y1, y2: b.y2 });
    const inner = n.clip ? `${clip}[${n.bounds.x1},${n.bounds.y1},${n.bounds.x2},${n.bounds.y2}]` : clip;
    for (const c of children) walk(c, inner);
  };
  walk(root, '');
  return ops;
}

/**
 * One device's screens, painted incrementally: the tree is compared with the previous frame's, only the rows
 * whose nodes (or the status bar / navigation handle) changed are repainted (the whole tree, clipped to those
 * rows, so overlaps paint exactly as a full render does) and read back, and only their bands are compressed
 * again. A new size, background or tree shape paints everything. Frames are serialised.
 */
export class ScreenPainter {
  private frame: Frame | null = null;
  private readonly encoder = new IncrementalPngEncoder();
  private queue: Promise<unknown> = Promise.resolve();
  /** How frames were made: painted whole, repainted in part, or the previous frame reused. */
  readonly stats = { full: 0, partial: 0, reused: 0 };

  render(root: ViewNode, size: Size, chrome: Chrome, background: string): Promise<Buffer> {
    const next = this.queue.then(() => this.paint(root, size, chrome, background));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The rows [y0, y1) that differ from the previous frame, null when none, 'all' when everything may. */
  private dirtyRows(ops: Op[], size: Size, chrome: Chrome, background: string): [number, number] | null | 'all' {
    const f = this.frame;
    if (!f || f.size.width !== size.width || f.size.height !== size.height || f.background !== background || f.ops.length !== ops.length
      || f.chrome.statusHeight !== chrome.statusHeight || f.chrome.navHeight !== chrome.navHeight) return 'all';
    let y0 = Infinity;
    let y1 = -Infinity;
    const add = (a: number, b: number): void => { y0 = Math.min(y0, a); y1 = Math.max(y1, b); };
    ops.forEach((op, i) => { if (op.sig !== f.ops[i].sig) { add(op.y1, op.y2); add(f.ops[i].y1, f.ops[i].y2); } });
    if (JSON.stringify(chrome) !== JSON.stringify(f.chrome)) { add(0, chrome.statusHeight); add(size.height - chrome.navHeight, size.height); }
    if (y0 === Infinity) return null;
    return [Math.max(0, Math.floor(y0) - BLEED), Math.min(size.height, Math.ceil(y1) + BLEED)];
  }

  private async paint(root: ViewNode, size: Size, chrome: Chrome, background: string): Promise<Buffer> {
    const ops = flatten(root);
    const dirty = this.dirtyRows(ops, size, chrome, background);
    const f = this.frame;
    if (dirty === null && f) { this.stats.reused++; return f.png; }
    if (dirty === 'all' || !f) {
      const canvas = createCanvas(size.width, size.height);
      paintFrame(canvas.getContext('2d'), root, size, chrome, background);
      const rgba = canvas.data();
      this.stats.full++;
      const png = await this.encoder.encode(size.width, size.height, rgba);
      this.frame = { size, background, chrome, ops, canvas, rgba, png };
      return png;
    }
    const [y0, y1] = dirty as [number, number];
    this.stats.partial++;
    const ctx = f.canvas.getContext('2d');
    paintFrame(ctx, root, size, chrome, background, [y0, y1]);
    const rows = ctx.getImageData(0, y0, size.width, y1 - y0).data;
    f.rgba.set(rows, y0 * size.width * 4);
    const png = await this.encoder.encode(size.width, size.height, f.rgba, [y0, y1]);
    this.frame = { ...f, chrome, ops, png };
    return png;
  }
}
