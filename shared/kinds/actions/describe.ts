import { assertNever } from '../../model';
import type { Action } from './action';

/** Pixels print whole; normalised fractions with at most two decimals. */
const n = (v: number): string => String(Math.round(v * 100) / 100);

/** The main direction a finger moves from (x1, y1) to (x2, y2): what AITW's swipe match compares. */
export function swipeDirection(x1: number, y1: number, x2: number, y2: number): 'up' | 'down' | 'left' | 'right' {
  const dx = x2 - x1;
  const dy = y2 - y1;
  return Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 'right' : 'left') : dy >= 0 ? 'down' : 'up';
}

/**
 * One line for people and logs, the same for every form once converted to the model:
 * `tap 540,1200`, `swipe up 540,1800 -> 540,600`, `type "abc"`, `home`. Lower case;
 * the UI capitalises the first letter where it is a label.
 */
export function describeAction(a: Action): string {
  switch (a.kind) {
    case 'tap': case 'long-press': return `${a.kind} ${n(a.x)},${n(a.y)}`;
    case 'swipe': return `swipe ${swipeDirection(a.x1, a.y1, a.x2, a.y2)} ${n(a.x1)},${n(a.y1)} -> ${n(a.x2)},${n(a.y2)}`;
    case 'type': return `type ${JSON.stringify(a.text)}`;
    case 'launch': return `launch ${a.pkg}`;
    case 'api': return `api ${a.command}`;
    case 'invalid': return `invalid: ${a.reason}`;
    case 'unknown': return a.raw;
    case 'back': case 'home': case 'enter': case 'app-switch': case 'complete': case 'impossible': return a.kind;
    default: return assertNever(a, 'action');
  }
}

/** The same description as a UI label, first letter capitalised (`Tap 540,1200`, `Home`). */
export function actionLabel(a: Action): string {
  const d = describeAction(a);
  return d.charAt(0).toUpperCase() + d.slice(1);
}
