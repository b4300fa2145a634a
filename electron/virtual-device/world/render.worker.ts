/**
 * Render thread of the virtual devices: paints view trees and encodes PNGs off the main thread, so adb
 * streams of every device keep flowing while a new screen is drawn. One incremental painter per device.
 */
import { parentPort } from 'node:worker_threads';
import { ScreenPainter } from './painter';
import type { RenderJob, RenderReply } from './render-pool';

const painters = new Map<string, ScreenPainter>();

parentPort?.on('message', (job: RenderJob) => {
  let p = painters.get(job.encoder);
  if (!p) { p = new ScreenPainter(); painters.set(job.encoder, p); }
  p.render(job.root, job.size, job.chrome, job.background).then(
    (png) => {
      const bytes = new Uint8Array(png.length);
      bytes.set(png);
      parentPort!.postMessage({ id: job.id, png: bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies RenderReply),
  );
});
