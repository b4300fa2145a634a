import { describe, it, expect } from 'vitest';
import { DemoWorld } from './demo/demo-world';
import { renderPool } from './render-pool';

describe('renderPool: a screen is encoded once per content, on the render threads', () => {
  it('two phones in the same state share one render; a phone in another state gets its own', async () => {
    const now = new Date(Date.UTC(2026, 0, 1, 9, 41, 0));
    const [a, b] = [new DemoWorld(), new DemoWorld()];
    for (const w of [a, b]) { w.launch('com.touchstone.clock', now); w.input({ kind: 'tap', x: 700, y: 1150 }, now); }
    const before = { ...renderPool.stats };
    const [pa, pb] = await Promise.all([a.screen(now).png(), b.screen(now).png()]);
    expect(renderPool.stats.rendered - before.rendered).toBe(1);
    expect(renderPool.stats.shared - before.shared).toBe(1);
    expect(pb.equals(pa)).toBe(true);
    expect(pa.subarray(1, 4).toString()).toBe('PNG');

    b.input({ kind: 'tap', x: 700, y: 1150 }, now);
    const pc = await b.screen(now).png();
    expect(renderPool.stats.rendered - before.rendered).toBe(2);
    expect(pc.equals(pa)).toBe(false);
    // coming back to a screen rendered before costs no render: a's state after one more tap is b's now
    a.input({ kind: 'tap', x: 700, y: 1150 }, now);
    expect((await a.screen(now).png()).equals(pc)).toBe(true);
    expect(renderPool.stats.rendered - before.rendered).toBe(2);
  });
});
