import { describe, it, expect } from 'vitest';
import { deviceScale, GROUNDING_FAMILIES, imageSizeFor, smartResize } from './resize';
import { groundedToDevice, parseGrounded, pointOf } from './parse-grounding';

describe('smart_resize (Qwen2-VL rule) and the families\' image sizes', () => {
  it('rounds each side to a multiple of 28 within the pixel bounds: 1080x2400 -> 1092x2408, 720x1280 -> 728x1288 (non-integer factors)', () => {
    const q = GROUNDING_FAMILIES.qwen;
    expect(smartResize({ width: 1080, height: 2400 }, q.factor, q.minPixels, q.maxPixels)).toEqual({ width: 1092, height: 2408 });
    expect(smartResize({ width: 720, height: 1280 }, q.factor, q.minPixels, q.maxPixels)).toEqual({ width: 728, height: 1288 });
  });
  it('scales down past maxPixels and up below minPixels, sides still multiples of the factor', () => {
    const big = smartResize({ width: 4000, height: 3000 }, 28, 56 * 56, 1280 * 28 * 28);
    expect(big).toEqual({ width: 1148, height: 840 });
    expect(big.width * big.height).toBeLessThanOrEqual(1280 * 28 * 28);
    const small = smartResize({ width: 30, height: 20 }, 28, 56 * 56, 1280 * 28 * 28);
    expect(small.width % 28 + small.height % 28).toBe(0);
    expect(small.width * small.height).toBeGreaterThanOrEqual(56 * 56);
    expect(() => smartResize({ width: 0, height: 10 }, 28, 1, 100)).toThrow(/has no pixels/);
  });
  it('plain: the agent image width, never enlarged', () => {
    expect(imageSizeFor('plain', { width: 1080, height: 2400 }, 720)).toEqual({ width: 720, height: 1600 });
    expect(imageSizeFor('plain', { width: 540, height: 960 }, 720)).toEqual({ width: 540, height: 960 });
  });
  it('scales back: UI-TARS 0–1000 on both axes; Qwen and plain per image pixel', () => {
    expect(deviceScale('uitars', { width: 1080, height: 2400 }, { width: 1092, height: 2408 })).toEqual({ x: 1.08, y: 2.4 });
    const s = deviceScale('qwen', { width: 1080, height: 2400 }, { width: 1092, height: 2408 });
    expect(s.x).toBeCloseTo(1080 / 1092, 10);
  });
});

describe('parsing grounding replies', () => {
  const screen = { width: 1080, height: 2400 };
  it('UI-TARS: click(start_box) in 0–1000 maps to device pixels, with thought text, box tokens and boxes', () => {
    const r = parseGrounded('uitars', "Thought: the Counter icon is at the bottom.\nAction: click(start_box='(500,250)')");
    expect(r).toEqual({ ok: true, action: { kind: 'tap', at: { x: 500, y: 250 } } });
    if (!r.ok) return;
    expect(groundedToDevice(r.action, deviceScale('uitars', screen, screen), screen)).toEqual({ kind: 'tap', x: 540, y: 600 });
    expect(pointOf('<|box_start|>(10,20)<|box_end|>')).toEqual({ x: 10, y: 20 });
    expect(pointOf('[10,20,30,40]')).toEqual({ x: 20, y: 30 });
    expect(parseGrounded('uitars', "Action: type(content='Buy milk, eggs (2)')")).toEqual({ ok: true, action: { kind: 'type', text: 'Buy milk, eggs (2)' } });
    expect(parseGrounded('uitars', 'Action: finished(content="done")')).toEqual({ ok: true, action: { kind: 'complete' } });
    expect(parseGrounded('uitars', 'Action: press_back()')).toEqual({ ok: true, action: { kind: 'back' } });
    const sc = parseGrounded('uitars', "Action: scroll(start_box='(500,500)', direction='down')");
    expect(sc.ok && groundedToDevice(sc.action, deviceScale('uitars', screen, screen), screen)).toEqual({ kind: 'swipe', x1: 540, y1: 1200, x2: 540, y2: 400 });
    expect(parseGrounded('uitars', 'I would tap the icon')).toMatchObject({ ok: false, error: expect.stringMatching(/no action call/) as unknown });
    expect(parseGrounded('uitars', 'Action: click()')).toEqual({ ok: false, error: "click needs start_box='(x,y)'." });
  });
  it('Qwen: mobile_use JSON in <tool_call> tags, bare, or as tool arguments, in pixels of the resized image', () => {
    const text = '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [546, 1204]}}\n</tool_call>';
    const r = parseGrounded('qwen', text);
    expect(r).toEqual({ ok: true, action: { kind: 'tap', at: { x: 546, y: 1204 } } });
    if (!r.ok) return;
    expect(groundedToDevice(r.action, deviceScale('qwen', screen, { width: 1092, height: 2408 }), screen)).toEqual({ kind: 'tap', x: 540, y: 1200 });
    expect(parseGrounded('qwen', '', { action: 'system_button', button: 'Home' })).toEqual({ ok: true, action: { kind: 'home' } });
    expect(parseGrounded('qwen', '{"action": "terminate", "status": "success"}')).toEqual({ ok: true, action: { kind: 'complete' } });
    expect(parseGrounded('qwen', '{"action": "swipe", "coordinate": [1, 2], "coordinate2": [3, 4]}')).toEqual({ ok: true, action: { kind: 'swipe', from: { x: 1, y: 2 }, to: { x: 3, y: 4 } } });
    expect(parseGrounded('qwen', '{"action": "click"}')).toEqual({ ok: false, error: 'click needs "coordinate": [x, y].' });
    expect(parseGrounded('qwen', 'no json')).toMatchObject({ ok: false });
  });
  it('plain: tap(x, y) and friends; points off the screen are kept on it', () => {
    const r = parseGrounded('plain', 'I will tap the button.\ntap(360, 800)');
    expect(r).toEqual({ ok: true, action: { kind: 'tap', at: { x: 360, y: 800 } } });
    if (!r.ok) return;
    expect(groundedToDevice(r.action, { x: 1.5, y: 1.5 }, screen)).toEqual({ kind: 'tap', x: 540, y: 1200 });
    expect(groundedToDevice({ kind: 'tap', at: { x: 5000, y: -3 } }, { x: 1, y: 1 }, screen)).toEqual({ kind: 'tap', x: 1079, y: 0 });
    expect(parseGrounded('plain', 'type("hello, world")')).toEqual({ ok: true, action: { kind: 'type', text: 'hello, world' } });
    expect(parseGrounded('plain', 'complete()')).toEqual({ ok: true, action: { kind: 'complete' } });
    expect(parseGrounded('plain', 'tap(3)')).toEqual({ ok: false, error: 'tap needs x and y.' });
    expect(groundedToDevice({ kind: 'launch', app: 'Counter' }, { x: 1, y: 1 }, screen)).toMatchObject({ kind: 'invalid' });
  });
});
