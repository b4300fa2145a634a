import { canvasLib } from '../../../platform/canvas-lib';
import type { ScreenElement } from '../screen-view';

/** Distinct colours for neighbouring marks. */
const COLOURS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#008080', '#f032e6', '#9a6324', '#800000', '#000075'];

/**
 * Set-of-marks: the screenshot, scaled to `width` pixels wide, with every
 * numbered element outlined and its number on a filled tag at its top-left, so
 * a vision model can answer "tap 7" instead of guessing coordinates.
 */
export async function drawMarks(png: Buffer, els: readonly ScreenElement[], width = 720): Promise<Buffer> {
  // The native canvas loads on the first marked screenshot, not at every run's start.
  const { createCanvas, loadImage } = canvasLib();
  const img = await loadImage(png);
  const scale = Math.min(1, width / img.width);
  const w = Math.round(img.width * scale);
  const h = Math.round(img.height * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, w, h);
  const fontPx = Math.max(12, Math.round(30 * scale));
  ctx.font = `bold ${fontPx}px sans-serif`;
  ctx.textBaseline = 'top';
  for (const e of els) {
    const c = COLOURS[e.n % COLOURS.length]!;
    const x = e.bounds.x1 * scale;
    const y = e.bounds.y1 * scale;
    ctx.strokeStyle = c;
    ctx.lineWidth = Math.max(2, 3 * scale);
    ctx.strokeRect(x, y, (e.bounds.x2 - e.bounds.x1) * scale, (e.bounds.y2 - e.bounds.y1) * scale);
    const label = String(e.n);
    const tw = ctx.measureText(label).width + 6;
    ctx.fillStyle = c;
    ctx.fillRect(x, y, Math.max(tw, fontPx * 0.8), fontPx + 4);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(label, x + 3, y + 2);
  }
  return canvas.encode('png');
}
