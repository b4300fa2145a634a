import { describe, it, expect, vi, afterAll } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { DemoWorld } from './demo/demo-world';
import { renderPool, type RenderJob } from './render-pool';
import { renderScreen } from './render';
import { ScreenPainter } from './painter';
import type { InputEvent } from './types';

async function pixels(png: Buffer): Promise<Buffer> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return c.data();
}

describe('ScreenPainter: incremental frames are pixel for pixel the full render', () => {
  const jobs: Omit<RenderJob, 'id'>[] = [];
  const spy = vi.spyOn(renderPool, 'render').mockImplementation(async (job) => { jobs.push(job); return Buffer.alloc(0); });
  afterAll(() => spy.mockRestore());

  it('over a session on the demo phone: counter taps, navigation, a toggle, typing, scrolling, a new minute', async () => {
    const world = new DemoWorld();
    const t0 = new Date(Date.UTC(2026, 0, 1, 9, 41, 0));
    const steps: [InputEvent | string, Date][] = [
      ['launch:com.touchstone.clock', t0], [{ kind: 'tap', x: 700, y: 1150 }, t0], [{ kind: 'tap', x: 700, y: 1150 }, t0],
      [{ kind: 'tap', x: 700, y: 1150 }, new Date(t0.getTime() + 60_000)], [{ kind: 'key', code: 4 }, t0],
      ['launch:com.android.settings', t0], [{ kind: 'tap', x: 540, y: 700 }, t0], [{ kind: 'key', code: 4 }, t0],
      [{ kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 900, durationMs: 300 }, t0],
      ['launch:com.touchstone.notes', t0], [{ kind: 'tap', x: 930, y: 2150 }, t0], [{ kind: 'text', text: 'Hello' }, t0], [{ kind: 'text', text: ' world' }, t0],
    ];
    for (const [step, now] of steps) {
      if (typeof step === 'string') world.launch(step.slice(7), now);
      else world.input(step, now);
      await world.screen(now).png();
    }
    expect(jobs.length).toBe(steps.length);
    const painter = new ScreenPainter();
    for (const job of jobs) {
      const full = await pixels(await renderScreen(job.root, job.size, job.chrome, job.background));
      const inc = await painter.render(job.root, job.size, job.chrome, job.background);
      expect((await pixels(inc)).equals(full)).toBe(true);
    }
    // the counter taps, the toggle, typing and the new minute repaint only some rows
    expect(painter.stats.partial).toBeGreaterThanOrEqual(5);
    expect(painter.stats.full + painter.stats.partial + painter.stats.reused).toBe(jobs.length);
  });
});
