import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { encodeRgbaPng } from './world/png-encode';

const decoded = new WeakMap<Buffer, Promise<Image>>();

async function decode(png: Buffer): Promise<Image> {
  let img = decoded.get(png);
  if (!img) { img = loadImage(png); decoded.set(png, img); }
  return img;
}

/**
 * `screencap` without -p: a 16-byte header (width, height, format 1 = RGBA_8888,
 * dataspace 0) followed by the raw pixels, as Android 12 writes it.
 */
export async function rawScreencap(png: Buffer): Promise<Buffer> {
  const image = await decode(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const head = Buffer.alloc(16);
  head.writeUInt32LE(image.width, 0);
  head.writeUInt32LE(image.height, 4);
  head.writeUInt32LE(1, 8);
  return Buffer.concat([head, canvas.data()]);
}

/**
 * One frame of a touch ripple over the settled screen, so screenshots keep
 * changing while the fault "animation" is on (progress 0..1).
 */
export async function animationFrame(png: Buffer, at: { x: number; y: number }, progress: number): Promise<Buffer> {
  const image = await decode(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const r = 40 + progress * image.width * 0.5;
  ctx.fillStyle = `rgba(120,120,120,${(0.35 * (1 - progress)).toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(at.x, at.y, r, 0, Math.PI * 2);
  ctx.fill();
  // a progress bar makes consecutive frames differ even when the ripple is faint
  ctx.fillStyle = '#1a73e8';
  ctx.fillRect(0, 0, Math.max(1, Math.round(image.width * progress)), 8);
  return encodeRgbaPng(image.width, image.height, canvas.data());
}
