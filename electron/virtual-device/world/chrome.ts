import { existsSync } from 'node:fs';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { canvasLib } from '../../platform/canvas-lib';
import type { Size } from '../../../shared/model';
import { drawIcon } from './icons';

/** System font files tried in order (Debian fonts-liberation / fonts-dejavu-core). */
const FONT_FILES: [string, string][] = [
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', 'Liberation Sans'],
  ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', 'Liberation Sans'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'DejaVu Sans'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', 'DejaVu Sans'],
];
let fontFamily: string | null = null;

/** The font family the renderer uses, registering system fonts on first use. */
export function uiFont(): string {
  if (fontFamily) return fontFamily;
  const found: string[] = [];
  for (const [file, family] of FONT_FILES) {
    if (existsSync(file) && canvasLib().GlobalFonts.registerFromPath(file, family) && !found.includes(family)) found.push(family);
  }
  fontFamily = [...found, 'sans-serif'].map((f) => (f.includes(' ') ? `"${f}"` : f)).join(', ');
  return fontFamily;
}

export interface Chrome {
  time: string;
  /** Status bar and gesture handle colours follow the top/bottom surface. */
  statusBg: string;
  darkIcons: boolean;
  statusHeight: number;
  navHeight: number;
  battery: number;
}

/** Status bar (time, signal, Wi-Fi, battery) and the gesture navigation handle. */
export function paintChrome(ctx: SKRSContext2D, size: Size, c: Chrome, font: string): void {
  ctx.fillStyle = c.statusBg;
  ctx.fillRect(0, 0, size.width, c.statusHeight);
  const fg = c.darkIcons ? '#1f1f1f' : '#ffffff';
  const s = c.statusHeight;
  ctx.font = `${Math.round(s * 0.5)}px ${font}`;
  ctx.fillStyle = fg;
  ctx.textBaseline = 'middle';
  ctx.fillText(c.time, s * 0.9, s / 2);
  const is = s * 0.62;
  let x = size.width - s * 0.7 - is * 1.2;
  // battery: outline plus a level bar
  ctx.strokeStyle = fg;
  ctx.lineWidth = 3;
  ctx.strokeRect(x, s / 2 - is * 0.3, is * 1.1, is * 0.6);
  ctx.fillRect(x + is * 1.1, s / 2 - is * 0.12, 4, is * 0.24);
  ctx.fillRect(x + 4, s / 2 - is * 0.3 + 4, (is * 1.1 - 8) * (c.battery / 100), is * 0.6 - 8);
  x -= is * 1.3;
  drawIcon(ctx, 'wifi', x, s / 2 - is / 2, is, fg);
  x -= is * 1.2;
  for (let i = 0; i < 4; i++) ctx.fillRect(x + i * is * 0.22, s / 2 + is * 0.35 - (i + 1) * is * 0.18, is * 0.14, (i + 1) * is * 0.18);
  // gesture navigation handle
  ctx.fillStyle = c.darkIcons ? '#1f1f1f' : '#e8eaed';
  const hw = size.width * 0.3;
  ctx.beginPath();
  ctx.roundRect((size.width - hw) / 2, size.height - c.navHeight / 2 - 6, hw, 12, 6);
  ctx.fill();
}
