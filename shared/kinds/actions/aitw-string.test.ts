import { describe, expect, it } from 'vitest';
import { formatExecActionLine } from '../../formats/exec-action';
import { describeAction, parseAitwAction, toExecAction } from './index';

const screen = { width: 1080, height: 2400 };
const aitw = (type: string, touch = '[-1.0, -1.0]', lift = '[-1.0, -1.0]', text = ''): string =>
  `action_type: ${type}, touch_point: ${touch}, lift_point: ${lift}, typed_text: ${text}`;

describe('AITW action strings, as LlamaTouch AgentEnv reads them', () => {
  // Distances computed as numpy.linalg.norm of the difference (what AgentEnv compares): 0.04 exactly
  // is a tap, and 0.5 -> 0.54 is 0.040000000000000036 in floating point, so a swipe there too.
  it.each([
    { name: 'same point', s: aitw('DUAL_POINT', '[0.1, 0.9]', '[0.1, 0.9]'), device: { kind: 'tap', x: 108, y: 2160 }, line: 'CLICK|[0.1, 0.9]|NULL|1080|2400' },
    { name: '0.04 apart exactly: tap at the touch point', s: aitw('DUAL_POINT', '[0.0, 0.0]', '[0.04, 0.0]'), device: { kind: 'tap', x: 0, y: 0 }, line: 'CLICK|[0, 0]|NULL|1080|2400' },
    { name: 'just under 0.04 (0.03999999999999998)', s: aitw('dual_point', '[0.7, 0.5]', '[0.7, 0.46]'), device: { kind: 'tap', x: 756, y: 1200 }, line: 'CLICK|[0.7, 0.5]|NULL|1080|2400' },
    { name: 'just over 0.04 (0.040000000000000036): swipe', s: aitw('DUAL_POINT', '[0.5, 0.5]', '[0.5, 0.54]'), device: { kind: 'swipe', x1: 540, y1: 1200, x2: 540, y2: 1296, durationMs: 500 }, line: 'SWIPE|[0.5, 0.5]|[0.5, 0.54]|1080|2400' },
    { name: 'a long swipe; first number is x (of the width), second y', s: aitw('Dual_Point', '[0.2, 0.5]', '[0.3, 0.6]'), device: { kind: 'swipe', x1: 216, y1: 1200, x2: 324, y2: 1440, durationMs: 500 }, line: 'SWIPE|[0.2, 0.5]|[0.3, 0.6]|1080|2400' },
    { name: 'no spaces in lists', s: 'action_type: DUAL_POINT, touch_point: [0.25,0.75], lift_point: [0.25,0.75], typed_text:', device: { kind: 'tap', x: 270, y: 1800 }, line: 'CLICK|[0.25, 0.75]|NULL|1080|2400' },
    { name: 'TYPE', s: aitw('TYPE', undefined, undefined, 'best rated coffee maker'), device: { kind: 'type', text: 'best rated coffee maker' }, line: 'TYPE|best rated coffee maker|NULL|1080|2400' },
    { name: 'typed text with commas and quotes, case kept', s: aitw('type', undefined, undefined, `Paris, "France", it's 5, ok`), device: { kind: 'type', text: `Paris, "France", it's 5, ok` }, line: `TYPE|Paris, "France", it's 5, ok|NULL|1080|2400` },
    { name: 'typed text first, then the points', s: 'action_type: TYPE, typed_text: a, b, c, touch_point: [-1.0, -1.0], lift_point: [-1.0, -1.0]', device: { kind: 'type', text: 'a, b, c' }, line: 'TYPE|a, b, c|NULL|1080|2400' },
    { name: 'PRESS_BACK', s: aitw('PRESS_BACK'), device: { kind: 'back' }, line: 'PRESS_BACK|NULL|NULL|1080|2400' },
    { name: 'press_home', s: aitw('press_home'), device: { kind: 'home' }, line: 'PRESS_HOME|NULL|NULL|1080|2400' },
    { name: 'Press_Enter', s: aitw('Press_Enter'), device: { kind: 'enter' }, line: 'PRESS_ENTER|NULL|NULL|1080|2400' },
    { name: 'STATUS_TASK_COMPLETE (mock agent spelling)', s: 'action_type: STATUS_TASK_COMPLETE, touch_point: [-1.0, -1.0], lift_point: [-1.0,-1.0], typed_text:', device: { kind: 'complete' }, line: 'STATUS_TASK_COMPLETE|NULL|NULL|1080|2400' },
    { name: 'status_task_impossible', s: aitw('status_task_impossible'), device: { kind: 'impossible' }, line: 'STATUS_TASK_IMPOSSIBLE|NULL|NULL|1080|2400' },
  ])('$name', ({ s, device, line }) => {
    const r = parseAitwAction(s, screen);
    if (!r.ok) throw new Error(r.error);
    const { line: own, ...performed } = r.action;
    expect(performed).toEqual(device);
    expect(own).toBeDefined();
    expect(formatExecActionLine(toExecAction(r.action, screen))).toBe(line);
  });

  it('on another screen size the line is computed from the pixels (the agent spoke of another screen)', () => {
    const r = parseAitwAction(aitw('DUAL_POINT', '[0.5, 0.25]', '[0.5, 0.25]'), screen);
    if (!r.ok) throw new Error(r.error);
    expect(formatExecActionLine(toExecAction(r.action, { width: 720, height: 1600 }))).toBe('CLICK|[0.75, 0.375]|NULL|720|1600');
    expect(describeAction(r.action)).toBe('tap 540,600');
  });

  it.each([
    { s: 'touch_point: [0.5, 0.5]', error: /no action_type/ },
    { s: aitw('SCROLL'), error: /unknown action_type "SCROLL"; use one of DUAL_POINT, TYPE/ },
    { s: aitw('DUAL_POINT'), error: /touch_point \[-1\.0, -1\.0\] lies off the screen/ },
    { s: aitw('DUAL_POINT', '[0.5, 0.5]', '(0.5, 0.5)'), error: /lift_point must be a normalised point/ },
    { s: 'action_type: DUAL_POINT, typed_text:', error: /touch_point must be a normalised point.*\(none\)/ },
  ])('refuses $s with what to write', ({ s, error }) => {
    const r = parseAitwAction(s, screen);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });
});
