import type { DeviceInput } from '../../../shared/contract/device';
import type { ExecAction, GtAction, Size } from '../../../shared/model';

/**
 * What an agent asks the device to do, in device pixels. `complete` and
 * `impossible` end the episode without touching the device.
 */
export type DeviceAction =
  /** What a person can do on the mirrored screen, too. */
  | DeviceInput
  | { kind: 'launch'; pkg: string }
  /** An API action: one whitelisted adb shell command (shared/evaluation/checkpoints/api-command.ts), as recorded (`adb shell ...`). */
  | { kind: 'api'; command: string }
  | { kind: 'complete' }
  | { kind: 'impossible' }
  /** A reply the agent gave that is no action (malformed tool call): recorded as a step that touches nothing. */
  | { kind: 'invalid'; reason: string };

const r4 = (v: number): number => Math.round(v * 10000) / 10000;

/** The action as one line of an execution trace (`captured_data/action/i.action`), normalised to the screen. */
export function toExecAction(a: DeviceAction, screen: Size): ExecAction {
  const at = (x: number, y: number): { x: number; y: number } => ({ x: r4(x / screen.width), y: r4(y / screen.height) });
  switch (a.kind) {
    case 'tap': return { kind: 'click', at: at(a.x, a.y), screen };
    case 'long-press': return { kind: 'long-click', at: at(a.x, a.y), screen };
    case 'swipe': return { kind: 'swipe', from: at(a.x1, a.y1), to: at(a.x2, a.y2), screen };
    case 'type': return { kind: 'type', text: a.text, screen };
    case 'back': return { kind: 'back', screen };
    case 'home': return { kind: 'home', screen };
    case 'enter': return { kind: 'enter', screen };
    // Upstream has no launch action; an app start is recorded as what it looks like to the evaluator: nothing on screen.
    case 'launch': case 'invalid': return { kind: 'none' };
    case 'api': return { kind: 'api', command: a.command, screen };
    case 'complete': return { kind: 'complete', screen };
    case 'impossible': return { kind: 'impossible', screen };
  }
}

/** A ground-truth action (`eventStructs.txt`, in its recording resolution) on a device of `screen` size. */
export function fromGtAction(a: GtAction, screen: Size): DeviceAction | null {
  const sx = (x: number, res: Size): number => Math.round((x * screen.width) / res.width);
  const sy = (y: number, res: Size): number => Math.round((y * screen.height) / res.height);
  switch (a.kind) {
    case 'home': return { kind: 'home' };
    case 'back': return { kind: 'back' };
    case 'enter': return { kind: 'enter' };
    case 'input': return { kind: 'type', text: a.text };
    case 'click': return { kind: 'tap', x: sx(a.at.x, a.resolution), y: sy(a.at.y, a.resolution) };
    case 'long-click': return { kind: 'long-press', x: sx(a.at.x, a.resolution), y: sy(a.at.y, a.resolution) };
    case 'swipe': case 'drag':
      return { kind: 'swipe', x1: sx(a.from.x, a.resolution), y1: sy(a.from.y, a.resolution), x2: sx(a.to.x, a.resolution), y2: sy(a.to.y, a.resolution) };
    case 'app-switch': case 'unknown': return null;
  }
}

/** The action as a ground-truth `eventStructs.txt` action (what `touchstone record` writes); null for ones it has no line for. */
export function toGtAction(a: DeviceAction, screen: Size): GtAction | null {
  switch (a.kind) {
    case 'tap': return { kind: 'click', resolution: screen, at: { x: a.x, y: a.y } };
    case 'long-press': return { kind: 'long-click', resolution: screen, at: { x: a.x, y: a.y } };
    case 'swipe': return { kind: 'swipe', resolution: screen, from: { x: a.x1, y: a.y1 }, to: { x: a.x2, y: a.y2 } };
    case 'type': return { kind: 'input', text: a.text };
    case 'back': return { kind: 'back' };
    case 'home': return { kind: 'home' };
    case 'enter': return { kind: 'enter' };
    default: return null;
  }
}

/** One line for people, e.g. `tap 540,1200`. */
export function describeAction(a: DeviceAction): string {
  switch (a.kind) {
    case 'tap': case 'long-press': return `${a.kind} ${a.x},${a.y}`;
    case 'swipe': return `swipe ${a.x1},${a.y1} -> ${a.x2},${a.y2}`;
    case 'type': return `type ${JSON.stringify(a.text)}`;
    case 'launch': return `launch ${a.pkg}`;
    case 'api': return `api ${a.command}`;
    case 'invalid': return `invalid: ${a.reason}`;
    default: return a.kind;
  }
}
