/**
 * Render thread of the virtual devices: paints view trees and encodes PNGs off the main thread, so adb
 * streams of every device keep flowing while a new screen is drawn. One incremental painter per device; it also
 * composes screenshots for turned displays, raw `screencap` and ripples.
 */
import { parentPort } from 'node:worker_threads';
import { ScreenPainter } from './painter';
import type { RenderReply, WorkerJob } from './render-pool';
import { compose } from './compose';

const painters = new Map<string, ScreenPainter>();

function run(job: WorkerJob): Promise<Buffer> {
  if ('compose' in job) return compose(job.compose);
  const r = job.render;
  let p = painters.get(r.encoder);
  if (!p) { p = new ScreenPainter(); painters.set(r.encoder, p); }
  return p.render(r.root, r.size, r.chrome, r.background);
}

parentPort?.on('message', (job: WorkerJob) => {
  run(job).then(
    (png) => {
      const bytes = new Uint8Array(png.length);
      bytes.set(png);
      parentPort!.postMessage({ id: job.id, png: bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies RenderReply),
  );
});
