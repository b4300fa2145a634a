import type { SKRSContext2D } from '@napi-rs/canvas';
import { canvasLib } from '../../platform/canvas-lib';
import type { Bounds, Size } from '../../../shared/model';
import { paintChrome, uiFont, type Chrome } from './chrome';
import { drawIcon } from './icons';
import { encodeRgbaPng, type IncrementalPngEncoder } from './png-encode';
import type { Paint, ViewNode } from './view';

function fitText(ctx: SKRSContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(text.slice(0, mid) + '…').width <= max) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo) + '…';
}

function paintNode(ctx: SKRSContext2D, n: ViewNode, p: Paint, font: string): void {
  const { x1, y1, x2, y2 } = n.bounds;
  const w = x2 - x1;
  const h = y2 - y1;
  switch (p.kind) {
    case 'fill':
      ctx.fillStyle = p.color;
      ctx.beginPath();
      ctx.roundRect(x1, y1, w, h, p.radius ?? 0);
      ctx.fill();
      if (p.radius) { ctx.strokeStyle = '#e3e3e3'; ctx.lineWidth = 2; ctx.stroke(); }
      return;
    case 'divider':
      ctx.fillStyle = p.color;
      ctx.fillRect(x1, y1, w, Math.max(1, h));
      return;
    case 'text': {
      ctx.font = `${p.weight === 'bold' ? 'bold ' : ''}${p.size}px ${font}`;
      ctx.fillStyle = p.color;
      ctx.textBaseline = 'middle';
      const lines = p.lines ?? (n.text ?? '').split('\n');
      const lh = p.size * 1.3;
      const top = y1 + h / 2 - ((lines.length - 1) * lh) / 2;
      lines.forEach((line, i) => {
        const t = fitText(ctx, line, w);
        const tw = ctx.measureText(t).width;
        const x = p.align === 'center' ? x1 + (w - tw) / 2 : p.align === 'right' ? x2 - tw : x1;
        ctx.fillText(t, x, top + i * lh);
      });
      return;
    }
    case 'button': {
      const r = h / 2;
      ctx.beginPath();
      ctx.roundRect(x1, y1, w, h, r);
      const enabled = n.enabled !== false;
      if (p.style === 'filled') { ctx.fillStyle = enabled ? p.color : '#dadce0'; ctx.fill(); }
      else if (p.style === 'tonal') { ctx.fillStyle = '#e8eaf6'; ctx.fill(); }
      else if (p.style === 'outlined') { ctx.strokeStyle = '#9aa0a6'; ctx.lineWidth = 3; ctx.stroke(); }
      ctx.font = `bold ${Math.round(h * 0.32)}px ${font}`;
      ctx.fillStyle = p.style === 'filled' ? (enabled ? '#ffffff' : '#80868b') : p.color;
      ctx.textBaseline = 'middle';
      const t = fitText(ctx, n.text ?? '', w - h * 0.4);
      ctx.fillText(t, x1 + (w - ctx.measureText(t).width) / 2, y1 + h / 2);
      return;
    }
    case 'icon': {
      const s = Math.min(w, h);
      if (p.background) {
        ctx.fillStyle = p.background;
        ctx.beginPath();
        ctx.roundRect(x1, y1, w, h, s * (p.round ? 0.5 : 0.3));
        ctx.fill();
      }
      const is = s * (p.background ? 0.45 : 0.5);
      drawIcon(ctx, p.icon, x1 + (w - is) / 2, y1 + (h - is) / 2, is, p.color);
      if (p.badge) {
        const br = s * 0.17;
        ctx.fillStyle = '#d93025';
        ctx.beginPath();
        ctx.arc(x2 - br * 1.6, y1 + br * 1.6, br, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.font = `bold ${Math.round(br * 1.3)}px ${font}`;
        ctx.textBaseline = 'middle';
        ctx.fillText(p.badge, x2 - br * 1.6 - ctx.measureText(p.badge).width / 2, y1 + br * 1.6);
      }
      return;
    }
    case 'app-icon': {
      const s = Math.min(w, h * 0.62);
      const ix = x1 + (w - s) / 2;
      ctx.fillStyle = p.color;
      ctx.beginPath();
      ctx.arc(ix + s / 2, y1 + s / 2, s / 2, 0, Math.PI * 2);
      ctx.fill();
      drawIcon(ctx, p.icon, ix + s * 0.25, y1 + s * 0.25, s * 0.5, '#ffffff');
      ctx.font = `${p.labelSize ?? Math.round(s * 0.22)}px ${font}`;
      ctx.fillStyle = p.label ?? '#ffffff';
      ctx.textBaseline = 'middle';
      const t = fitText(ctx, n.text ?? '', w);
      ctx.fillText(t, x1 + (w - ctx.measureText(t).width) / 2, y1 + s + (h - s) / 2);
      return;
    }
    case 'switch': {
      const on = !!n.checked;
      const r = h / 2;
      ctx.fillStyle = on ? p.color : '#e0e0e0';
      ctx.beginPath();
      ctx.roundRect(x1, y1, w, h, r);
      ctx.fill();
      if (!on) { ctx.strokeStyle = '#79747e'; ctx.lineWidth = 3; ctx.stroke(); }
      ctx.fillStyle = on ? '#ffffff' : '#79747e';
      ctx.beginPath();
      ctx.arc(on ? x2 - r : x1 + r, y1 + r, r * (on ? 0.72 : 0.5), 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    case 'checkbox':
      ctx.lineWidth = 4;
      ctx.strokeStyle = n.checked ? p.color : '#5f6368';
      ctx.strokeRect(x1 + 4, y1 + 4, h - 8, h - 8);
      if (n.checked) { ctx.fillStyle = p.color; ctx.fillRect(x1 + 4, y1 + 4, h - 8, h - 8); drawIcon(ctx, 'check', x1 + 8, y1 + 8, h - 16, '#fff'); }
      return;
    case 'edit': {
      ctx.fillStyle = p.fill ?? '#f1f3f4';
      ctx.beginPath();
      ctx.roundRect(x1, y1, w, h, 12);
      ctx.fill();
      ctx.fillStyle = n.focused ? p.color : '#80868b';
      ctx.fillRect(x1, y2 - (n.focused ? 6 : 3), w, n.focused ? 6 : 3);
      const size = Math.round(Math.min(h * 0.3, 44));
      ctx.font = `${size}px ${font}`;
      ctx.textBaseline = 'top';
      const value = p.hint ? '' : (n.password ? '•'.repeat((n.text ?? '').length) : n.text ?? '');
      ctx.fillStyle = p.hint ? '#80868b' : p.ink ?? '#202124';
      const t = fitText(ctx, p.hint || value, w - 48);
      const ty = y1 + Math.min(h / 2 - size / 2, size);
      ctx.fillText(t, x1 + 24, ty);
      if (n.focused) { ctx.fillStyle = p.color; ctx.fillRect(x1 + 26 + (p.hint ? 0 : ctx.measureText(t).width), ty - 4, 4, size + 8); }
      return;
    }
    case 'image': {
      let hsh = 0;
      for (const c of p.seed) hsh = (hsh * 31 + c.charCodeAt(0)) >>> 0;
      // vertical only: every row is one colour, so the PNG stays small without filters
      const g = ctx.createLinearGradient(x1, y1, x1, y2);
      g.addColorStop(0, `hsl(${hsh % 360}, 60%, 70%)`);
      g.addColorStop(1, `hsl(${(hsh >> 8) % 360}, 55%, 45%)`);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.roundRect(x1, y1, w, h, x1 === 0 && y1 === 0 ? 0 : 16);
      ctx.fill();
      return;
    }
  }
}

/** Pixels a node's paint may reach beyond its box (strokes, text ascenders, badges). */
export const BLEED = 8;

/** Paints a tree; with `area` a node whose box (plus BLEED) misses it is not drawn, its children still are. */
export function paintTree(ctx: SKRSContext2D, n: ViewNode, font: string, area?: Bounds): void {
  const b = n.drawBounds ?? n.bounds;
  const reaches = !area || (b.y2 + BLEED > area.y1 && b.y1 - BLEED < area.y2 && b.x2 + BLEED > area.x1 && b.x1 - BLEED < area.x2);
  if (n.paint && reaches) paintNode(ctx, n.drawBounds ? { ...n, bounds: n.drawBounds } : n, n.paint, font);
  if (n.clip) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(n.bounds.x1, n.bounds.y1, n.bounds.x2 - n.bounds.x1, n.bounds.y2 - n.bounds.y1);
    ctx.clip();
  }
  for (const c of n.children) paintTree(ctx, c, font, area);
  if (n.clip) ctx.restore();
}

/**
 * Paints one whole frame (background, tree, status bar and navigation handle) onto `ctx`; with `area` only those
 * pixels are touched (clipped), identical to the same pixels of a full paint.
 */
export function paintFrame(ctx: SKRSContext2D, root: ViewNode, size: Size, chrome: Chrome, background: string, area?: Bounds): void {
  const font = uiFont();
  const { x1, y1, x2, y2 } = area ?? { x1: 0, y1: 0, x2: size.width, y2: size.height };
  if (area) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x1, y1, x2 - x1, y2 - y1);
    ctx.clip();
  }
  ctx.fillStyle = background;
  ctx.fillRect(x1, y1, x2 - x1, y2 - y1);
  paintTree(ctx, root, font, area);
  paintChrome(ctx, size, chrome, font);
  if (area) ctx.restore();
}

/** Paints a view tree with status bar and navigation handle; returns PNG bytes. */
export async function renderScreen(root: ViewNode, size: Size, chrome: Chrome, background = '#ffffff', encoder?: IncrementalPngEncoder): Promise<Buffer> {
  const canvas = canvasLib().createCanvas(size.width, size.height);
  paintFrame(canvas.getContext('2d'), root, size, chrome, background);
  const rgba = canvas.data();
  return encoder ? encoder.encode(size.width, size.height, rgba) : encodeRgbaPng(size.width, size.height, rgba);
}
