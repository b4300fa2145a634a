import { describe, it, expect } from 'vitest';
import { actionsMatch } from './aitw-action-match';
import { normaliseGtAction, type NormAction } from '../kinds/actions';
import { lcsMatch, stepwiseMatch, type BaselineGtStep } from './baselines';
import { parseEventStructs } from '../formats/event-structs';

const tap = (x: number, y: number): NormAction => ({ kind: 'tap', at: { x, y }, long: false });
const swipe = (x1: number, y1: number, x2: number, y2: number): NormAction => ({ kind: 'swipe', from: { x: x1, y: y1 }, to: { x: x2, y: y2 } });
const box = { x1: 0.4, y1: 0.4, x2: 0.5, y2: 0.45 };

describe('AITW action matching', () => {
  it.each([
    { name: 'taps 10% apart', gt: tap(0.5, 0.5), ex: tap(0.6, 0.5), boxes: [], ok: true },
    { name: 'taps 20% apart', gt: tap(0.5, 0.5), ex: tap(0.7, 0.5), boxes: [], ok: false },
    // Box 0.1 wide grows by 1.4x its size in total: x from 0.33 to 0.57, so both taps fall inside.
    { name: 'taps 15% apart in one enlarged box', gt: tap(0.34, 0.42), ex: tap(0.56, 0.44), boxes: [box], ok: true },
    { name: 'taps 15% apart, second outside the enlarged box', gt: tap(0.34, 0.42), ex: tap(0.58, 0.60), boxes: [box], ok: false },
    { name: 'swipes up vs up', gt: swipe(0.5, 0.8, 0.5, 0.2), ex: swipe(0.4, 0.9, 0.45, 0.5), boxes: [], ok: true },
    { name: 'swipes up vs down', gt: swipe(0.5, 0.8, 0.5, 0.2), ex: swipe(0.5, 0.2, 0.5, 0.8), boxes: [], ok: false },
    { name: 'swipe up vs left', gt: swipe(0.5, 0.8, 0.5, 0.2), ex: swipe(0.8, 0.5, 0.2, 0.5), boxes: [], ok: false },
    { name: 'tap vs swipe', gt: tap(0.5, 0.5), ex: swipe(0.5, 0.5, 0.5, 0.2), boxes: [], ok: false },
    { name: 'type exact', gt: { kind: 'type', text: 'Hello, World' }, ex: { kind: 'type', text: 'Hello, World' }, boxes: [], ok: true },
    { name: 'type differs in case', gt: { kind: 'type', text: 'Hello, World' }, ex: { kind: 'type', text: 'hello, world' }, boxes: [], ok: false },
    { name: 'back vs home', gt: { kind: 'key', key: 'back' }, ex: { kind: 'key', key: 'home' }, boxes: [], ok: false },
  ] as { name: string; gt: NormAction; ex: NormAction; boxes: typeof box[]; ok: boolean }[])('$name -> $ok', ({ gt, ex, boxes, ok }) => {
    expect(actionsMatch(gt, ex, boxes)).toBe(ok);
  });

  it('normalises eventStructs clicks by their recording resolution', () => {
    const r = parseEventStructs('[Click] Screen Resolution (320, 720), Click Position (160, 360)\n', 'e.txt');
    if (!r.ok) throw new Error('parse');
    expect(normaliseGtAction(r.value[0]!)).toEqual(tap(0.5, 0.5));
  });
});

describe('step-wise and LCS baselines', () => {
  const gt: BaselineGtStep[] = [{ action: { kind: 'key', key: 'home' }, boxes: [] }, { action: tap(0.5, 0.5), boxes: [] }, { action: { kind: 'complete' }, boxes: [] }];
  it('step-wise needs action i to match at position i', () => {
    expect(stepwiseMatch('e', gt, [{ kind: 'key', key: 'home' }, tap(0.52, 0.5), { kind: 'complete' }]).completed).toBe(true);
    const r = stepwiseMatch('e', gt, [{ kind: 'key', key: 'home' }, { kind: 'key', key: 'back' }, tap(0.5, 0.5), { kind: 'complete' }]);
    expect(r).toMatchObject({ completed: false, matchedActions: 1 });
    expect(r.reason).toContain('Action 1 is back');
  });
  it('LCS accepts detours but not a missing or reordered action', () => {
    expect(lcsMatch('e', gt, [{ kind: 'key', key: 'home' }, { kind: 'key', key: 'back' }, tap(0.5, 0.5), { kind: 'complete' }]).completed).toBe(true);
    expect(lcsMatch('e', gt, [tap(0.5, 0.5), { kind: 'key', key: 'home' }, { kind: 'complete' }])).toMatchObject({ completed: false, matchedActions: 2 });
  });
});
