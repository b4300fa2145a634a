import { assertNever, type ExecAction, type GtAction, type Point } from '../../model';
import type { Action } from './action';

/** The AITW match form: an action with coordinates normalised to [0,1], comparable across resolutions. */
export type NormAction =
  | { kind: 'tap'; at: Point; long: boolean }
  | { kind: 'swipe'; from: Point; to: Point }
  | { kind: 'type'; text: string }
  | { kind: 'key'; key: 'home' | 'back' | 'enter' | 'app-switch' }
  | { kind: 'complete' }
  | { kind: 'impossible' }
  | { kind: 'other'; label: string };

/** Normalises a ground-truth `eventStructs.txt` action by its recording resolution. */
export function normaliseGtAction(a: GtAction): NormAction {
  switch (a.kind) {
    case 'click': case 'long-click':
      return { kind: 'tap', at: { x: a.at.x / a.resolution.width, y: a.at.y / a.resolution.height }, long: a.kind === 'long-click' };
    case 'swipe': case 'drag': {
      const { width: w, height: h } = a.resolution;
      return { kind: 'swipe', from: { x: a.from.x / w, y: a.from.y / h }, to: { x: a.to.x / w, y: a.to.y / h } };
    }
    case 'input': return { kind: 'type', text: a.text };
    case 'home': case 'back': case 'enter': case 'app-switch': return { kind: 'key', key: a.kind };
    case 'unknown': return { kind: 'other', label: a.raw };
    default: return assertNever(a, 'ground-truth action');
  }
}

/** Normalises an executed action (already normalised coordinates). */
export function normaliseExecAction(a: ExecAction): NormAction {
  switch (a.kind) {
    case 'click': case 'long-click': return { kind: 'tap', at: a.at, long: a.kind === 'long-click' };
    case 'swipe': return { kind: 'swipe', from: a.from, to: a.to };
    case 'type': return { kind: 'type', text: a.text };
    case 'back': case 'home': case 'enter': return { kind: 'key', key: a.kind };
    case 'complete': return { kind: 'complete' };
    case 'impossible': return { kind: 'impossible' };
    case 'none': return { kind: 'other', label: 'none' };
    // An API action has no ground-truth counterpart (eventStructs records UI actions): it matches none.
    case 'api': return { kind: 'other', label: `api ${a.command}` };
    default: return assertNever(a, 'executed action');
  }
}

/** A match-form action as the model, on a unit screen (coordinates stay fractions), e.g. to describe it. */
export function fromMatchForm(a: NormAction): Action {
  switch (a.kind) {
    case 'tap': return { kind: a.long ? 'long-press' : 'tap', x: a.at.x, y: a.at.y };
    case 'swipe': return { kind: 'swipe', x1: a.from.x, y1: a.from.y, x2: a.to.x, y2: a.to.y };
    case 'type': return { kind: 'type', text: a.text };
    case 'key': return { kind: a.key };
    case 'complete': case 'impossible': return { kind: a.kind };
    case 'other': return { kind: 'unknown', raw: a.label };
    default: return assertNever(a, 'match-form action');
  }
}
