import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * Icons drawn as vector shapes on a 24x24 grid (strokes 2 units wide), so the
 * renderer needs no image assets. Each entry draws with the current style.
 */
type Op =
  | ['l', ...number[]] // polyline x1 y1 x2 y2 ...
  | ['pf', ...number[]] // filled polygon
  | ['c', number, number, number] // circle outline
  | ['cf', number, number, number] // filled circle
  | ['r', number, number, number, number, number] // rounded rect outline x y w h r
  | ['rf', number, number, number, number, number] // filled rounded rect
  | ['a', number, number, number, number, number]; // arc cx cy r start end (in turns)

const ICONS: Record<string, Op[]> = {
  back: [['l', 20, 12, 5, 12], ['l', 11, 6, 5, 12, 11, 18]],
  close: [['l', 6, 6, 18, 18], ['l', 18, 6, 6, 18]],
  menu: [['l', 4, 7, 20, 7], ['l', 4, 12, 20, 12], ['l', 4, 17, 20, 17]],
  more: [['cf', 12, 5.5, 1.8], ['cf', 12, 12, 1.8], ['cf', 12, 18.5, 1.8]],
  search: [['c', 10.5, 10.5, 6], ['l', 15, 15, 20, 20]],
  plus: [['l', 12, 5, 12, 19], ['l', 5, 12, 19, 12]],
  minus: [['l', 5, 12, 19, 12]],
  check: [['l', 5, 12.5, 10, 17.5, 19.5, 7]],
  cart: [['l', 2.5, 4, 5.5, 4, 8, 15, 18, 15, 20.5, 7, 6.5, 7], ['cf', 9, 19, 1.7], ['cf', 17, 19, 1.7]],
  trash: [['l', 4, 6.5, 20, 6.5], ['l', 9.5, 6.5, 9.5, 4, 14.5, 4, 14.5, 6.5], ['l', 6, 6.5, 7, 20, 17, 20, 18, 6.5], ['l', 10, 10, 10, 16.5], ['l', 14, 10, 14, 16.5]],
  gear: [['c', 12, 12, 3], ['c', 12, 12, 7], ['l', 12, 2, 12, 5], ['l', 12, 19, 12, 22], ['l', 2, 12, 5, 12], ['l', 19, 12, 22, 12], ['l', 4.9, 4.9, 7, 7], ['l', 17, 17, 19.1, 19.1], ['l', 4.9, 19.1, 7, 17], ['l', 17, 7, 19.1, 4.9]],
  wifi: [['a', 12, 20, 15, 0.625, 0.875], ['a', 12, 20, 10, 0.625, 0.875], ['a', 12, 20, 5, 0.625, 0.875], ['cf', 12, 19, 1.6]],
  bluetooth: [['l', 6.5, 7.5, 17, 16.5, 12, 21, 12, 3, 17, 7.5, 6.5, 16.5]],
  display: [['r', 3, 4, 18, 13, 2], ['l', 8, 21, 16, 21], ['l', 12, 17, 12, 21]],
  sun: [['c', 12, 12, 4], ['l', 12, 2, 12, 4.5], ['l', 12, 19.5, 12, 22], ['l', 2, 12, 4.5, 12], ['l', 19.5, 12, 22, 12], ['l', 5, 5, 6.8, 6.8], ['l', 17.2, 17.2, 19, 19], ['l', 5, 19, 6.8, 17.2], ['l', 17.2, 6.8, 19, 5]],
  moon: [['a', 12, 12, 8, 0.15, 0.85], ['a', 16, 9, 7, 0.42, 0.93]],
  info: [['c', 12, 12, 9], ['l', 12, 11, 12, 17], ['cf', 12, 7.5, 1.3]],
  apps: [['rf', 4, 4, 6, 6, 1.5], ['rf', 14, 4, 6, 6, 1.5], ['rf', 4, 14, 6, 6, 1.5], ['rf', 14, 14, 6, 6, 1.5]],
  bell: [['l', 5, 17, 19, 17], ['l', 6.5, 17, 6.5, 11, 8, 7, 12, 5, 16, 7, 17.5, 11, 17.5, 17], ['a', 12, 19, 2, 0, 0.5]],
  battery: [['r', 7, 4, 10, 17, 1.5], ['rf', 10, 2, 4, 2, 0.5], ['rf', 9, 9, 6, 10, 0.5]],
  note: [['r', 5, 3, 14, 18, 2], ['l', 8.5, 8, 15.5, 8], ['l', 8.5, 12, 15.5, 12], ['l', 8.5, 16, 13, 16]],
  bag: [['r', 4, 7.5, 16, 13.5, 2], ['a', 12, 8, 3.5, 0.5, 1]],
  store: [['pf', 4, 8, 20, 8, 19, 21, 5, 21], ['a', 12, 8, 4, 0.5, 1]],
  clock: [['c', 12, 12, 9], ['l', 12, 6.5, 12, 12, 16, 14]],
  timer: [['c', 12, 13, 8], ['l', 12, 13, 12, 8.5], ['l', 9.5, 2.5, 14.5, 2.5]],
  cloud: [['a', 9, 14, 4.5, 0.25, 0.75], ['a', 13, 11, 5.5, 0.55, 0.95], ['a', 17, 14.5, 4, 0.75, 1.25], ['l', 9, 18.5, 17, 18.5]],
  phone: [['r', 7, 2.5, 10, 19, 2], ['l', 10.5, 18.5, 13.5, 18.5]],
  person: [['c', 12, 8, 4], ['a', 12, 21, 8, 0.5, 1]],
  star: [['pf', 12, 3, 14.6, 9, 21, 9.5, 16, 13.8, 17.6, 20.5, 12, 16.8, 6.4, 20.5, 8, 13.8, 3, 9.5, 9.4, 9]],
  'star-outline': [['l', 12, 3, 14.6, 9, 21, 9.5, 16, 13.8, 17.6, 20.5, 12, 16.8, 6.4, 20.5, 8, 13.8, 3, 9.5, 9.4, 9, 12, 3]],
  headphones: [['a', 12, 13, 8, 0.5, 1], ['rf', 3.5, 13, 4, 7, 1.5], ['rf', 16.5, 13, 4, 7, 1.5]],
  calc: [['r', 5, 2.5, 14, 19, 2], ['rf', 7.5, 5, 9, 4, 1], ['cf', 9, 13, 1.2], ['cf', 12, 13, 1.2], ['cf', 15, 13, 1.2], ['cf', 9, 17, 1.2], ['cf', 12, 17, 1.2], ['cf', 15, 17, 1.2]],
  mic: [['r', 9, 3, 6, 11, 3], ['a', 12, 11, 6, 0, 0.5], ['l', 12, 17, 12, 21]],
  globe: [['c', 12, 12, 9], ['l', 3, 12, 21, 12], ['a', 12, 12, 4, 0.75, 1.25], ['a', 12, 12, 4, 0.25, 0.75]],
};

/** Draws icon `name` into the square (x, y, size). Unknown names draw a placeholder circle. */
export function drawIcon(ctx: SKRSContext2D, name: string, x: number, y: number, size: number, color: string): void {
  const ops = ICONS[name] ?? [['c', 12, 12, 8]];
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 24, size / 24);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const op of ops) {
    const kind = op[0];
    const n = op.slice(1) as number[];
    ctx.beginPath();
    switch (kind) {
      case 'l': case 'pf':
        ctx.moveTo(n[0], n[1]);
        for (let i = 2; i < n.length; i += 2) ctx.lineTo(n[i], n[i + 1]);
        if (kind === 'pf') { ctx.closePath(); ctx.fill(); } else ctx.stroke();
        break;
      case 'c': case 'cf':
        ctx.arc(n[0], n[1], n[2], 0, Math.PI * 2);
        if (kind === 'cf') ctx.fill(); else ctx.stroke();
        break;
      case 'r': case 'rf':
        ctx.roundRect(n[0], n[1], n[2], n[3], n[4]);
        if (kind === 'rf') ctx.fill(); else ctx.stroke();
        break;
      case 'a':
        ctx.arc(n[0], n[1], n[2], n[3] * Math.PI * 2, n[4] * Math.PI * 2);
        ctx.stroke();
        break;
    }
  }
  ctx.restore();
}
