import type { ExecAction, Size, VhNode, ViewHierarchy } from '../../model';
import type { ExecStepInput } from '../types';
import type { HistoryEntry } from './types';

/**
 * An API action (Mobile-Bench's API+UI tasks): an adb command issued as one action, recorded in the
 * trace as its own action type (ExecAction `api`, line `UNUSED_9|adb shell ...|NULL|w|h`).
 */
export type ApiAction = Extract<ExecAction, { kind: 'api' }> | { kind: 'api'; command: string };

export function isApiAction(a: unknown): a is ApiAction {
  return typeof a === 'object' && a !== null && (a as { kind?: unknown }).kind === 'api' && typeof (a as { command?: unknown }).command === 'string';
}

const PKG = /^[A-Za-z][\w]*(?:\.[\w]+)+$/;
/** am/pm/monkey flags that take one argument which is not a package. */
const ONE_ARG = new Set(['-a', '-c', '-t', '-d', '-f', '--user', '-i', '--activity-brought-to-front', '--throttle', '-v', '--pct-touch']);
/** Extra flags taking a key and a value. */
const TWO_ARGS = /^--e[sibzlfu]?$|^--e(?:sa|ia|la|fa|cn|sn|nu)$|^-e$/;

function tokens(cmd: string): string[] {
  const out: string[] = [];
  for (const m of cmd.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** Packages an adb command names: components (`pkg/.Activity`), `-p pkg`, `-n pkg/...`, bare package arguments. */
export function packagesOfCommand(cmd: string): string[] {
  const t = tokens(cmd.replace(/^\s*adb\s+(?:-s\s+\S+\s+)?shell\s+/i, ''));
  const found = new Set<string>();
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!;
    if (w === '-p' || w === '-n') {
      const v = t[++i] ?? '';
      const pkg = v.split('/')[0]!;
      if (PKG.test(pkg)) found.add(pkg);
      continue;
    }
    if (ONE_ARG.has(w)) { i++; continue; }
    if (TWO_ARGS.test(w)) { i += 2; continue; }
    if (w.startsWith('-')) continue;
    const comp = /^([A-Za-z][\w]*(?:\.[\w]+)+)\/[\w.$]+$/.exec(w);
    if (comp) found.add(comp[1]!);
    else if (PKG.test(w) && i > 0 && !['am', 'pm', 'start', 'settings', 'cmd', 'monkey', 'put', 'get', 'global', 'system', 'secure'].includes(w)) found.add(w);
  }
  return [...found];
}

/** `pkg/.Activity` or `pkg/pkg.Activity` (or a dumpsys line holding one) -> pkg. */
export function packageOfActivity(activity: string | undefined): string | undefined {
  if (!activity) return undefined;
  const m = /([A-Za-z][\w]*(?:\.[\w]+)+)\/[\w.$]+/.exec(activity);
  if (m) return m[1];
  const bare = activity.trim();
  return PKG.test(bare) ? bare : undefined;
}

function hierarchyPackage(vh: ViewHierarchy | undefined): string | undefined {
  if (!vh) return undefined;
  for (const r of vh.roots) { const p = vh.nodes[r]?.packageName; if (p) return p; }
  return vh.nodes.find((n) => n.packageName)?.packageName || undefined;
}

/** The app on screen: the activity's package; a bare class name (no `/`) yields to the hierarchy's package. */
function foregroundPackage(step: ExecStepInput): string | undefined {
  const act = step.activity;
  if (act && act.includes('/')) return packageOfActivity(act) ?? hierarchyPackage(step.hierarchy);
  return hierarchyPackage(step.hierarchy) ?? packageOfActivity(act);
}

const area = (n: VhNode): number => (n.bounds ? (n.bounds.x2 - n.bounds.x1) * (n.bounds.y2 - n.bounds.y1) : Infinity);

/** The innermost visible node under a device-pixel point (ties: later in tree order, drawn on top). */
export function nodeAt(vh: ViewHierarchy, x: number, y: number): VhNode | undefined {
  let best: VhNode | undefined;
  for (const n of vh.nodes) {
    const b = n.bounds;
    if (!n.visible || !b || x < b.x1 || x >= b.x2 || y < b.y1 || y >= b.y2 || area(n) <= 0) continue;
    if (!best || area(n) <= area(best)) best = n;
  }
  return best;
}

/** Text a tap on `n` carries: its own text, content-desc and resource-id, then its descendants' (a tapped row's labels). */
function tappedTexts(vh: ViewHierarchy, n: VhNode, limit = 24): string[] {
  const out: string[] = [];
  const stack = [n.order];
  while (stack.length && out.length < limit) {
    const c = vh.nodes[stack.pop()!];
    if (!c) continue;
    for (const s of [c.text, c.contentDesc, c.resourceId]) if (s && s.trim() && !out.includes(s.trim())) out.push(s.trim());
    stack.push(...[...c.children].reverse());
  }
  return out;
}

function screenOf(step: ExecStepInput, a: { screen: Size }): Size {
  return step.screenSize ?? a.screen;
}

/** One execution step as a history entry (the action done on that step's screen). */
export function historyEntry(step: ExecStepInput): HistoryEntry {
  const fg = foregroundPackage(step);
  const packages = fg ? [fg] : [];
  const a = step.action as ExecAction | ApiAction;
  const base = { step: step.index, packages };
  if (isApiAction(a)) {
    const named = packagesOfCommand(a.command);
    return { ...base, kind: 'api', describe: `api ${a.command}`, texts: [a.command], packages: [...new Set([...named, ...packages])], command: a.command };
  }
  switch (a.kind) {
    case 'click': case 'long-click': {
      const s = screenOf(step, a);
      const x = a.at.x * s.width;
      const y = a.at.y * s.height;
      const n = step.hierarchy ? nodeAt(step.hierarchy, x, y) : undefined;
      const texts = n && step.hierarchy ? tappedTexts(step.hierarchy, n) : [];
      const what = texts.length ? `"${texts[0]}"` : `(${Math.round(x)}, ${Math.round(y)})`;
      return { ...base, kind: 'tap', describe: `${a.kind === 'click' ? 'tap' : 'long tap'} ${what}${step.hierarchy ? '' : ' (no hierarchy)'}`, texts };
    }
    case 'type': return { ...base, kind: 'type', describe: `type ${JSON.stringify(a.text)}`, texts: [a.text] };
    case 'swipe': return { ...base, kind: 'swipe', describe: 'swipe', texts: [] };
    case 'back': case 'home': case 'enter': return { ...base, kind: 'key', describe: `press ${a.kind}`, texts: [] };
    case 'complete': case 'impossible': return { ...base, kind: 'status', describe: a.kind === 'complete' ? 'declare the task complete' : 'declare the task impossible', texts: [] };
    default: return { ...base, kind: 'none', describe: 'no action', texts: [] };
  }
}

/** The action history of a trace: one entry per step, in order. */
export function actionHistory(steps: readonly ExecStepInput[]): HistoryEntry[] {
  return steps.map(historyEntry);
}
