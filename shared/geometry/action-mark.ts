import { assertNever, type GtAction, type Point, type Size } from '../model';
import { actionLabel, gtAsAction } from '../kinds/actions';

/**
 * How a recorded ground-truth action is drawn on a screen, in that screen's
 * device pixels: a tap marker, an arrow, or a label chip for actions without
 * a position (keys, typed text).
 */
export type ActionMark =
  | { kind: 'tap'; long: boolean; at: Point }
  | { kind: 'arrow'; drag: boolean; from: Point; to: Point }
  | { kind: 'chip'; label: string };

/**
 * Maps a point recorded at `recording` resolution to `screen` device pixels.
 * The axes scale separately: the recorder's resolution (e.g. 320x720) need not
 * have the screen's aspect (1080x2400), and each axis spans the whole screen.
 */
export function scalePoint(p: Point, recording: Size, screen: Size): Point {
  const sx = recording.width > 0 ? screen.width / recording.width : 1;
  const sy = recording.height > 0 ? screen.height / recording.height : 1;
  return { x: p.x * sx, y: p.y * sy };
}

/** The mark of `action` on a screen of `screen` device pixels; null when there is no action. */
export function actionMark(action: GtAction | undefined, screen: Size): ActionMark | null {
  if (!action) return null;
  switch (action.kind) {
    case 'click':
    case 'long-click':
      return { kind: 'tap', long: action.kind === 'long-click', at: scalePoint(action.at, action.resolution, screen) };
    case 'swipe':
    case 'drag':
      return { kind: 'arrow', drag: action.kind === 'drag', from: scalePoint(action.from, action.resolution, screen), to: scalePoint(action.to, action.resolution, screen) };
    // Keys, typed text and unknown lines: the one action description as the label.
    case 'input': case 'back': case 'home': case 'enter': case 'app-switch': case 'unknown':
      return { kind: 'chip', label: actionLabel(gtAsAction(action)) };
    default: return assertNever(action, 'action');
  }
}
