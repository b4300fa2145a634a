import type { Canvas } from '@napi-rs/canvas';
import { canvasLib } from '../../platform/canvas-lib';
import type { Bounds, Size } from '../../../shared/model';
import type { Chrome } from './chrome';
import { IncrementalPngEncoder } from './png-encode';
import { BLEED, paintFrame } from './render';
import type { ViewNode } from './view';

interface Op { sig: string; b: Bounds }
interface Frame { size: Size; background: string; chrome: Chrome; ops: Op[]; canvas: Canvas; rgba: Buffer; png: Buffer }

/** The tree as paint operations in paint order: each node's own look (not its children) and the clip it is drawn in. */
function flatten(root: ViewNode): Op[] {
  const ops: Op[] = [];
  const walk = (n: ViewNode, clip: string): void => {
    const { children, ...own } = n;
    const b = n.drawBounds ?? n.bounds;
    ops.push({ sig: `${clip}|${JSON.stringify(own)}`, b });
    const inner = n.clip ? `${clip}[${n.bounds.x1},${n.bounds.y1},${n.bounds.x2},${n.bounds.y2}]` : clip;
    for (const c of children) walk(c, inner);
  };
  walk(root, '');
  return ops;
}

/**
 * One device's screens, painted incrementally: the tree is compared with the previous frame's, only the
 * rectangle around the nodes (or the status bar / navigation handle) that changed is repainted (the whole tree,
 * clipped to it, so overlaps paint exactly as a full render does) and read back, and only the row bands it
 * touches are compressed again. A new size, background or tree shape paints everything. Frames are serialised.
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

  /** The rectangle that differs from the previous frame, null when nothing does, 'all' when everything may. */
  private dirtyArea(ops: Op[], size: Size, chrome: Chrome, background: string): Bounds | null | 'all' {
    const f = this.frame;
    if (!f || f.size.width !== size.width || f.size.height !== size.height || f.background !== background || f.ops.length !== ops.length
      || f.chrome.statusHeight !== chrome.statusHeight || f.chrome.navHeight !== chrome.navHeight) return 'all';
    const d = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
    const add = (b: Bounds): void => { d.x1 = Math.min(d.x1, b.x1); d.y1 = Math.min(d.y1, b.y1); d.x2 = Math.max(d.x2, b.x2); d.y2 = Math.max(d.y2, b.y2); };
    ops.forEach((op, i) => { if (op.sig !== f.ops[i].sig) { add(op.b); add(f.ops[i].b); } });
    if (JSON.stringify(chrome) !== JSON.stringify(f.chrome)) {
      add({ x1: 0, y1: 0, x2: size.width, y2: chrome.statusHeight });
      add({ x1: 0, y1: size.height - chrome.navHeight, x2: size.width, y2: size.height });
    }
    if (d.y1 === Infinity) return null;
    return {
      x1: Math.max(0, Math.floor(d.x1) - BLEED), y1: Math.max(0, Math.floor(d.y1) - BLEED),
      x2: Math.min(size.width, Math.ceil(d.x2) + BLEED), y2: Math.min(size.height, Math.ceil(d.y2) + BLEED),
    };
  }

  private async paint(root: ViewNode, size: Size, chrome: Chrome, background: string): Promise<Buffer> {
    const ops = flatten(root);
    const dirty = this.dirtyArea(ops, size, chrome, background);
    const f = this.frame;
    if (dirty === null && f) { this.stats.reused++; return f.png; }
    if (dirty === 'all' || !f) {
      const canvas = canvasLib().createCanvas(size.width, size.height);
      paintFrame(canvas.getContext('2d'), root, size, chrome, background);
      const rgba = canvas.data();
      this.stats.full++;
      const png = await this.encoder.encode(size.width, size.height, rgba);
      this.frame = { size, background, chrome, ops, canvas, rgba, png };
      return png;
    }
    const { x1, y1, x2, y2 } = dirty as Bounds;
    this.stats.partial++;
    const ctx = f.canvas.getContext('2d');
    paintFrame(ctx, root, size, chrome, background, dirty as Bounds);
    // read back only the rectangle (the costly part of a small change), row by row into the frame's pixels
    const px = ctx.getImageData(x1, y1, x2 - x1, y2 - y1).data;
    const line = (x2 - x1) * 4;
    for (let r = 0; r < y2 - y1; r++) f.rgba.set(px.subarray(r * line, r * line + line), ((y1 + r) * size.width + x1) * 4);
    const png = await this.encoder.encode(size.width, size.height, f.rgba, [y1, y2]);
    this.frame = { ...f, chrome, ops, png };
    return png;
  }
}
