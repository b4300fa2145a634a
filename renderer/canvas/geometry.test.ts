import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NumberedComponent } from '../../shared/model';
import { boxesOf, componentAt } from './hit-test';
import { fitTransform, toDevice, toView, zoomAt } from './transform';

const JSON_2 = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes', 'trace_18', '2.json');

describe('fitTransform / toDevice / toView', () => {
  it.each([
    { device: { width: 1080, height: 2400 }, view: { width: 540, height: 1200 }, padding: 0, scale: 0.5, x: 0, y: 0 },
    { device: { width: 1080, height: 2400 }, view: { width: 1000, height: 1200 }, padding: 0, scale: 0.5, x: 230, y: 0 },
    { device: { width: 1080, height: 2400 }, view: { width: 564, height: 1224 }, padding: 12, scale: 0.5, x: 12, y: 12 },
    { device: { width: 1920, height: 1080 }, view: { width: 960, height: 1000 }, padding: 0, scale: 0.5, x: 0, y: 230 },
  ])('fits $device.width x $device.height into $view.width x $view.height', ({ device, view, padding, scale, x, y }) => {
    const t = fitTransform(device, view, padding);
    expect(t).toEqual({ scale, x, y });
    const p = { x: 333, y: 777 };
    const back = toDevice(t, toView(t, p));
    expect(back.x).toBeCloseTo(p.x);
    expect(back.y).toBeCloseTo(p.y);
  });
});

describe('zoomAt', () => {
  const t = fitTransform({ width: 1080, height: 2400 }, { width: 540, height: 1200 });
  it.each([
    { at: { x: 0, y: 0 }, factor: 2 },
    { at: { x: 270, y: 600 }, factor: 1.2 },
    { at: { x: 500, y: 20 }, factor: 3 },
  ])('keeps the device pixel under $at fixed when zooming by $factor', ({ at, factor }) => {
    const z = zoomAt(t, at, factor, 0.5, 4);
    expect(z.scale).toBeCloseTo(0.5 * factor);
    const before = toDevice(t, at);
    const after = toDevice(z, at);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });
  it('clamps to the allowed range', () => {
    expect(zoomAt(t, { x: 10, y: 10 }, 100, 0.5, 4).scale).toBe(4);
    expect(zoomAt(t, { x: 10, y: 10 }, 0.01, 0.5, 4).scale).toBe(0.5);
  });
});

describe.skipIf(!existsSync(JSON_2))('componentAt over the real trace_18/2.json', () => {
  const comps = existsSync(JSON_2) ? (JSON.parse(readFileSync(JSON_2, 'utf8')) as NumberedComponent[]) : [];
  const boxes = boxesOf(comps);

  it('parses every component box', () => {
    expect(boxes).toHaveLength(comps.length);
  });

  it.each(comps.map((c) => [c.id, c.bounds] as const))('the centre of component %i (%s) hits it or a smaller box inside it', (id, bounds) => {
    const b = boxes.find((x) => x.id === id)!.bounds;
    const centre = { x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 };
    const hit = componentAt(boxes, centre);
    expect(hit, bounds).not.toBeNull();
    const h = boxes.find((x) => x.id === hit)!.bounds;
    expect((h.x2 - h.x1) * (h.y2 - h.y1)).toBeLessThanOrEqual((b.x2 - b.x1) * (b.y2 - b.y1));
  });

  it('a point on no component hits nothing', () => {
    expect(componentAt(boxes, { x: -5, y: -5 })).toBeNull();
  });
});
