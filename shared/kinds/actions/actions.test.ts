import { describe, expect, it } from 'vitest';
import type { ExecAction, GtAction } from '../../model';
import { formatExecActionLine, parseExecActionLine } from '../../formats/exec-action';
import { describeAction, execAsGtAction, fromExecAction, fromGtAction, fromMatchForm, gtAsAction, normaliseExecAction, normaliseGtAction, toExecAction, toGtAction, type Action } from './index';

const screen = { width: 1080, height: 2400 };

describe('the action model and its forms', () => {
  it.each<{ a: Action; line: string; text: string }>([
    { a: { kind: 'tap', x: 540, y: 1200 }, line: 'CLICK|[0.5, 0.5]|NULL|1080|2400', text: 'tap 540,1200' },
    { a: { kind: 'long-press', x: 108, y: 240 }, line: 'LONG_CLICK|[0.1, 0.1]|NULL|1080|2400', text: 'long-press 108,240' },
    { a: { kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600 }, line: 'SWIPE|[0.5, 0.75]|[0.5, 0.25]|1080|2400', text: 'swipe up 540,1800 -> 540,600' },
    { a: { kind: 'type', text: 'a, "b"' }, line: 'TYPE|a, "b"|NULL|1080|2400', text: 'type "a, \\"b\\""' },
    { a: { kind: 'back' }, line: 'PRESS_BACK|NULL|NULL|1080|2400', text: 'back' },
    { a: { kind: 'home' }, line: 'PRESS_HOME|NULL|NULL|1080|2400', text: 'home' },
    { a: { kind: 'enter' }, line: 'PRESS_ENTER|NULL|NULL|1080|2400', text: 'enter' },
    { a: { kind: 'complete' }, line: 'STATUS_TASK_COMPLETE|NULL|NULL|1080|2400', text: 'complete' },
    { a: { kind: 'impossible' }, line: 'STATUS_TASK_IMPOSSIBLE|NULL|NULL|1080|2400', text: 'impossible' },
    { a: { kind: 'api', command: 'adb shell settings put global airplane_mode_on 1' }, line: 'UNUSED_9|adb shell settings put global airplane_mode_on 1|NULL|1080|2400', text: 'api adb shell settings put global airplane_mode_on 1' },
    { a: { kind: 'launch', pkg: 'com.android.settings' }, line: 'NONE|NULL|NULL|0|0', text: 'launch com.android.settings' },
  ])('$text <-> $line', ({ a, line, text }) => {
    const exec = toExecAction(a, screen);
    expect(formatExecActionLine(exec)).toBe(line);
    expect(describeAction(a)).toBe(text);
    const back = parseExecActionLine(line) as ExecAction;
    // Every form that has a trace line comes back as itself from the line.
    if (a.kind !== 'launch') expect(fromExecAction(back)).toEqual(a);
    const gt = toGtAction(a, screen);
    if (gt) expect(fromGtAction(gt, screen)).toEqual(a);
  });

  it('ground truth scales per axis, keeps app-switch and unknown lines, and describes in its own resolution', () => {
    const click: GtAction = { kind: 'click', resolution: { width: 320, height: 720 }, at: { x: 160, y: 360 } };
    expect(fromGtAction(click, screen)).toEqual({ kind: 'tap', x: 540, y: 1200 });
    expect(describeAction(gtAsAction(click))).toBe('tap 160,360');
    expect(describeAction(gtAsAction({ kind: 'drag', resolution: screen, from: { x: 100, y: 100 }, to: { x: 900, y: 120 } }))).toBe('swipe right 100,100 -> 900,120');
    expect(fromGtAction({ kind: 'app-switch' }, screen)).toEqual({ kind: 'app-switch' });
    expect(describeAction(gtAsAction({ kind: 'unknown', raw: 'Rotate' }))).toBe('Rotate');
    expect(formatExecActionLine(toExecAction({ kind: 'app-switch' }, screen))).toBe('NONE|NULL|NULL|0|0');
  });

  it('the match form normalises ground truth and executed actions alike, and describes through the model', () => {
    const gt = normaliseGtAction({ kind: 'click', resolution: { width: 320, height: 720 }, at: { x: 160, y: 540 } });
    const ex = normaliseExecAction(parseExecActionLine('CLICK|[0.5, 0.75]|NULL|1080|2400') as ExecAction);
    expect(gt).toEqual(ex);
    expect(describeAction(fromMatchForm(gt))).toBe('tap 0.5,0.75');
    expect(describeAction(fromMatchForm(normaliseExecAction({ kind: 'swipe', from: { x: 0.5, y: 0.8 }, to: { x: 0.5, y: 0.2 }, screen })))).toBe('swipe up 0.5,0.8 -> 0.5,0.2');
  });

  it('an executed action draws as a ground-truth one in its screen pixels; status and API actions as a labelled chip', () => {
    expect(execAsGtAction(parseExecActionLine('CLICK|[0.5, 0.25]|NULL|1080|2400') as ExecAction)).toEqual({ kind: 'click', resolution: screen, at: { x: 540, y: 600 } });
    expect(execAsGtAction(parseExecActionLine('STATUS_TASK_COMPLETE|NULL|NULL|1080|2400') as ExecAction)).toEqual({ kind: 'unknown', raw: 'complete' });
    expect(execAsGtAction({ kind: 'none' })).toBeUndefined();
    expect(execAsGtAction(undefined)).toBeUndefined();
  });
});
