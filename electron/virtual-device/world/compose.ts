import type { Image } from '@napi-rs/canvas';
import { canvasLib } from '../../platform/canvas-lib';
import type { Size } from '../../../shared/model';
import { encodeRgbaPng } from './png-encode';

/**
 * What the device does to a world's screenshot after it is rendered, on the render threads like the render
 * itself (never on the thread that serves adb): turn and scale it onto the display, give it as raw pixels,
 * draw a touch ripple over it. One job, one message; the PNG goes in and the result comes out as bytes.
 */
export type ComposeJob =
  | { kind: 'display'; png: Uint8Array; rotation: 0 | 1 | 2 | 3; physical: Size; logical: Size }
  | { kind: 'raw'; png: Uint8Array }
  | { kind: 'ripple'; png: Uint8Array; at: { x: number; y: number }; progress: number };

const decode = (png: Uint8Array): Promise<Image> => canvasLib().loadImage(Buffer.from(png.buffer, png.byteOffset, png.length));

/** The world's screenshot on a turned and/or `wm size`-scaled display, as SurfaceFlinger composes a portrait-locked app. */
async function onDisplay(job: Extract<ComposeJob, { kind: 'display' }>): Promise<Buffer> {
  const img = await decode(job.png);
  const { width: pw, height: ph } = job.physical;
  const canvas = canvasLib().createCanvas(job.logical.width, job.logical.height);
  const ctx = canvas.getContext('2d');
  const m: Record<0 | 1 | 2 | 3, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, 0, 0], 1: [0, -1, 1, 0, 0, pw], 2: [-1, 0, 0, -1, pw, ph], 3: [0, 1, -1, 0, ph, 0],
  };
  ctx.setTransform(...m[job.rotation]);
  ctx.drawImage(img, 0, 0, pw, ph);
  return encodeRgbaPng(job.logical.width, job.logical.height, canvas.data());
}

/**
 * `screencap` without -p: a 16-byte header (width, height, format 1 = RGBA_8888, dataspace 0) followed by the
 * raw pixels, as Android 12 writes it.
 */
async function raw(job: Extract<ComposeJob, { kind: 'raw' }>): Promise<Buffer> {
  const image = await decode(job.png);
  const canvas = canvasLib().createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const head = Buffer.alloc(16);
  head.writeUInt32LE(image.width, 0);
  head.writeUInt32LE(image.height, 4);
  head.writeUInt32LE(1, 8);
  return Buffer.concat([head, canvas.data()]);
}

/** One frame of a touch ripple over the settled screen (progress 0..1), so screenshots keep changing while it plays. */
async function ripple(job: Extract<ComposeJob, { kind: 'ripple' }>): Promise<Buffer> {
  const image = await decode(job.png);
  const canvas = canvasLib().createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const r = 40 + job.progress * image.width * 0.5;
  ctx.fillStyle = `rgba(120,120,120,${(0.35 * (1 - job.progress)).toFixed(3)})`;
  ctx.beginPath();
  ctx.arc(job.at.x, job.at.y, r, 0, Math.PI * 2);
  ctx.fill();
  // a progress bar makes consecutive frames differ even when the ripple is faint
  ctx.fillStyle = '#1a73e8';
  ctx.fillRect(0, 0, Math.max(1, Math.round(image.width * job.progress)), 8);
  return encodeRgbaPng(image.width, image.height, canvas.data());
}

export function compose(job: ComposeJob): Promise<Buffer> {
  switch (job.kind) {
    case 'display': return onDisplay(job);
    case 'raw': return raw(job);
    case 'ripple': return ripple(job);
  }
}
