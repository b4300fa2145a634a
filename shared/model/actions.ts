import type { Point, Size } from './geometry';

/**
 * A ground-truth action from `eventStructs.txt`, in the recording resolution
 * named on the line (which may differ from the screenshot size).
 */
export type GtAction =
  | { kind: 'home' }
  | { kind: 'back' }
  | { kind: 'enter' }
  | { kind: 'app-switch' }
  | { kind: 'click'; resolution: Size; at: Point }
  | { kind: 'long-click'; resolution: Size; at: Point }
  | { kind: 'swipe'; resolution: Size; from: Point; to: Point }
  | { kind: 'drag'; resolution: Size; from: Point; to: Point }
  | { kind: 'input'; text: string }
  /** A line we could not classify; kept verbatim so rewriting loses nothing. */
  | { kind: 'unknown'; raw: string };

/**
 * An executed action from an execution trace (`captured_data/action/i.action`,
 * `TYPE|arg1|arg2|width|height`). Coordinates are normalised to [0,1].
 */
export type ExecAction =
  | { kind: 'click'; at: Point; screen: Size }
  | { kind: 'long-click'; at: Point; screen: Size }
  | { kind: 'swipe'; from: Point; to: Point; screen: Size }
  /** `quote` records quotes the file put around the text (upstream writes `TYPE|'text'|...`). */
  | { kind: 'type'; text: string; screen: Size; quote?: string }
  | { kind: 'back'; screen: Size }
  | { kind: 'home'; screen: Size }
  | { kind: 'enter'; screen: Size }
  | { kind: 'complete'; screen: Size }
  | { kind: 'impossible'; screen: Size }
  /**
   * An API action (Mobile-Bench): one whitelisted adb command, `command` as recorded (`adb shell ...`).
   * Line: `UNUSED_9|adb shell <command>|NULL|width|height` (see shared/evaluation/README.md).
   */
  | { kind: 'api'; command: string; screen: Size }
  | { kind: 'none' };
