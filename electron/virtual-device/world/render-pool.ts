import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Size } from '../../../shared/model';
import type { Chrome } from './chrome';
import type { ViewNode } from './view';
import { ScreenPainter } from './painter';
import { compose, type ComposeJob } from './compose';

export interface RenderJob { id: number; encoder: string; root: ViewNode; size: Size; chrome: Chrome; background: string }
/** A message to a render thread: a screen to paint, or a screenshot to compose (turn, raw pixels, ripple). */
type Job = { render: Omit<RenderJob, 'id'> } | { compose: ComposeJob };
export type WorkerJob = Job & { id: number };
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

/** The worker entry next to this module: TS source under tsx/vitest, bundled .mjs in dist/. */
function workerEntry(): { url: URL; ts: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./render.worker.ts', here), ts: true };
  // scripts/build.mjs writes every electron/**/*.worker.ts to dist/ under the same relative path
  const url = here.includes('/virtual-device/world/') ? new URL('./render.worker.mjs', here) : new URL('./virtual-device/world/render.worker.mjs', here);
  return { url, ts: false };
}

function startWorker(): Worker {
  const entry = workerEntry();
  if (!entry.ts) return new Worker(entry.url);
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(pathToFileURL(api.replace(/index\.cjs$/, 'index.mjs')).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
  return new Worker(boot, { eval: true });
}

/** Encoded screens kept by content, process-wide (bytes): devices showing the same screen share one encode. */
const SHARED_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * Renders screens on worker threads shared by every device of the process, one per core up to 4; each device
 * is given the least-loaded thread the first time it renders and stays there (its incremental painter lives
 * there). `TOUCHSTONE_RENDER_THREAD=0` renders in the calling thread. A worker that fails to start or dies is
 * replaced by in-thread rendering, never by a failed screencap.
 *
 * A screen is rendered once per content: a job identical to one rendered before (same tree, size, status bar,
 * background; another device in the same state, or this one coming back to it) gets the encoded bytes of
 * that render, or joins it while it runs.
 */
class RenderPool {
  private readonly lanes = Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, () => new RenderLane());
  private readonly laneOf = new Map<string, number>();
  private readonly devicesOn = this.lanes.map(() => 0);
  private readonly done = new Map<string, { png: Promise<Buffer>; bytes: number }>();
  private cachedBytes = 0;
  /** Renders done by a thread, and jobs answered from the shared cache. */
  readonly stats = { rendered: 0, shared: 0 };
  /** Off: every job is rendered by its own device's painter (benchmarks of the render path itself). */
  sharing = true;

  render(job: Omit<RenderJob, 'id'>): Promise<Buffer> {
    if (!this.sharing) { this.stats.rendered++; return this.lanes[this.lane(job.encoder)].run({ render: job }); }
    const sig = createHash('sha1').update(JSON.stringify([job.size, job.background, job.chrome, job.root])).digest('base64');
    const hit = this.done.get(sig);
    if (hit) {
      this.done.delete(sig);
      this.done.set(sig, hit);
      this.stats.shared++;
      return hit.png;
    }
    this.stats.rendered++;
    const png = this.lanes[this.lane(job.encoder)].run({ render: job });
    const entry = { png, bytes: 0 };
    this.done.set(sig, entry);
    png.then((b) => {
      if (this.done.get(sig) !== entry) return;
      if (!b.length) { this.done.delete(sig); return; }
      entry.bytes = b.length;
      this.cachedBytes += b.length;
      for (const [k, e] of this.done) {
        if (this.cachedBytes <= SHARED_CACHE_BYTES) break;
        this.done.delete(k);
        this.cachedBytes -= e.bytes;
      }
    }, () => { if (this.done.get(sig) === entry) this.done.delete(sig); });
    return png;
  }

  /** Composes a screenshot (turned display, raw pixels, ripple) on the render thread with the least work queued. */
  compose(job: ComposeJob): Promise<Buffer> {
    const idle = this.lanes.reduce((a, b) => (b.queued < a.queued ? b : a));
    return idle.run({ compose: job });
  }

  private lane(device: string): number {
    let i = this.laneOf.get(device);
    if (i === undefined) {
      i = this.devicesOn.indexOf(Math.min(...this.devicesOn));
      this.devicesOn[i]++;
      this.laneOf.set(device, i);
    }
    return i;
  }
}

class RenderLane {
  private worker: Worker | null = null;
  private broken = process.env.TOUCHSTONE_RENDER_THREAD === '0';
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (b: Buffer) => void; job: Job }>();
  private readonly local = new Map<string, ScreenPainter>();

  get queued(): number { return this.pending.size; }

  run(job: Job): Promise<Buffer> {
    if (this.broken) return this.inThread(job);
    const w = this.worker ?? this.spawn();
    if (!w) return this.inThread(job);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, job });
      w.ref();
      w.postMessage({ ...job, id });
    });
  }

  private inThread(job: Job): Promise<Buffer> {
    if ('compose' in job) return compose(job.compose);
    const r = job.render;
    let p = this.local.get(r.encoder);
    if (!p) { p = new ScreenPainter(); this.local.set(r.encoder, p); }
    return p.render(r.root, r.size, r.chrome, r.background);
  }

  private spawn(): Worker | null {
    try {
      const w = startWorker();
      w.unref();
      w.on('message', (r: RenderReply) => {
        const p = this.pending.get(r.id);
        if (!p) return;
        this.pending.delete(r.id);
        if (this.pending.size === 0) w.unref();
        if ('png' in r) p.resolve(Buffer.from(r.png.buffer, r.png.byteOffset, r.png.length));
        else this.inThread(p.job).then(p.resolve, () => p.resolve(Buffer.alloc(0)));
      });
      const fail = (): void => {
        this.broken = true;
        this.worker = null;
        for (const p of this.pending.values()) void this.inThread(p.job).then(p.resolve);
        this.pending.clear();
      };
      w.on('error', fail);
      w.on('exit', fail);
      this.worker = w;
      return w;
    } catch {
      this.broken = true;
      return null;
    }
  }
}

export const renderPool = new RenderPool();
