import type { NumberedComponent, ViewHierarchy } from '../../../shared/model';
import { parseBounds } from '../../../shared/formats/bounds';
import type { DeviceAction } from '../../../shared/kinds/actions';

/** A screen element named the way a person would: its text, content description or resource id (last part). */
export interface Target { text?: string; desc?: string; id?: string }

/** A step of a demo script, resolved against the live screen when it runs. */
export type ScriptStep =
  | { tap: Target }
  | { longPress: Target }
  | { swipe: 'up' | 'down' }
  | { type: string }
  | { key: 'back' | 'home' | 'enter' };

const idTail = (rid: string): string => rid.slice(rid.lastIndexOf('/') + 1);

function fits(t: Target, text: string, desc: string, rid: string): boolean {
  return (t.text === undefined || text === t.text) && (t.desc === undefined || desc === t.desc) && (t.id === undefined || idTail(rid) === t.id);
}

export function describeTarget(t: Target): string {
  return [t.text !== undefined && `text "${t.text}"`, t.desc !== undefined && `description "${t.desc}"`, t.id !== undefined && `id ${t.id}`].filter(Boolean).join(', ');
}

/** The center of the first node matching `t`; throws naming the target and the screen's activity. */
export function locate(vh: ViewHierarchy, t: Target, where: string): { x: number; y: number } {
  const n = vh.nodes.find((v) => v.bounds && fits(t, v.text, v.contentDesc, v.resourceId));
  if (!n?.bounds) throw new Error(`${where}: no element with ${describeTarget(t)} on the screen.`);
  return { x: Math.round((n.bounds.x1 + n.bounds.x2) / 2), y: Math.round((n.bounds.y1 + n.bounds.y2) / 2) };
}

/** The i.json number of the first component matching `t` (what an annotation item points at). */
export function componentIndex(list: readonly NumberedComponent[], t: Target, where: string): number {
  const c = list.find((v) => fits(t, v.text, v['content-desc'], v['resource-id']) && parseBounds(v.bounds ?? '') !== null);
  if (!c) throw new Error(`${where}: no numbered component with ${describeTarget(t)} (annotations point into i.json).`);
  return c.id;
}

/** The device action of a script step on this screen. */
export function resolveStep(s: ScriptStep, vh: ViewHierarchy, screen: { width: number; height: number }, where: string): DeviceAction {
  if ('tap' in s) return { kind: 'tap', ...locate(vh, s.tap, where) };
  if ('longPress' in s) return { kind: 'long-press', ...locate(vh, s.longPress, where) };
  if ('type' in s) return { kind: 'type', text: s.type };
  if ('key' in s) return { kind: s.key };
  const x = Math.round(screen.width / 2);
  const [a, b] = s.swipe === 'up' ? [0.75, 0.3] : [0.3, 0.75];
  return { kind: 'swipe', x1: x, y1: Math.round(screen.height * a), x2: x, y2: Math.round(screen.height * b), durationMs: 300 };
}
