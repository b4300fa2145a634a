import type { ExecStepInput, TraceInput } from '../../../shared/evaluation/types';
import type { AuditProbeKind } from '../../../shared/contract/audit';
import { toExecAction } from '../../../shared/kinds/actions';
import { parseActivityName, sameActivity } from '../../../shared/evaluation/activity-name';
import { RandomAgent } from '../agents/random-agent';
import { ReplayWorld } from '../../virtual-device/world/replay/replay-world';
import { KEY, type InputEvent } from '../../virtual-device/world/types';
import type { DeviceAction } from '../../../shared/kinds/actions';

/** One trace an audit runs an annotation against: what it is and how it was built. */
export interface AuditProbe {
  kind: AuditProbeKind;
  /** `cut before step 3`, `random (seed 2)`, ... */
  label: string;
  trace: TraceInput;
  /** The recording's step each trace step shows (undefined: a screen the recording does not hold, as a device can show). */
  screens: (number | undefined)[];
}

/** A step of the recording with another action: the agent's own, or its claim that the task is complete. */
const withAction = (s: ExecStepInput, action: ExecStepInput['action']): ExecStepInput => ({ ...s, action });
const complete = (s: ExecStepInput): ExecStepInput => withAction(s, { kind: 'complete', screen: s.screenSize ?? { width: 1080, height: 2400 } });

/**
 * A trace of screens of the recording. It carries no installed-apps list unless given one: install
 * checks are probed by the `install` probe alone (the packages at the task's start), so the other
 * probes show what their screens let pass.
 */
function probeTrace(recording: TraceInput, name: string, steps: ExecStepInput[], installedApps?: string[]): TraceInput {
  return { episode: `${recording.episode} (${name})`, steps: steps.map((s, i) => ({ ...s, index: i })), problems: [], ...(installedApps ? { installedApps } : {}) };
}

/** An agent that does nothing: it declares the task complete on the first screen. */
export function noopProbe(recording: TraceInput): AuditProbe | undefined {
  const first = recording.steps[0];
  return first ? { kind: 'noop', label: 'no-op', trace: probeTrace(recording, 'no-op', [complete(first)]), screens: [0] } : undefined;
}

/**
 * An agent that does nothing on a device whose packages are those of the task's start: the no-op
 * trace with `packages` as its installed apps, so an install check that holds without the install
 * (the app already there after the reset) lets it pass.
 */
export function installProbe(recording: TraceInput, packages: string[]): AuditProbe | undefined {
  const first = recording.steps[0];
  return first ? { kind: 'install', label: 'no-op with the packages at reset', trace: probeTrace(recording, 'install', [complete(first)], packages), screens: [0] } : undefined;
}

/** The recording cut before each annotated step, declaring completion on the last screen it keeps. */
export function cutProbes(recording: TraceInput, annotated: readonly number[]): AuditProbe[] {
  return annotated.filter((s) => s > 0 && s <= recording.steps.length).map((s) => {
    const kept = recording.steps.slice(0, s);
    return { kind: 'cut' as const, label: `cut before step ${s}`, trace: probeTrace(recording, `cut before ${s}`, [...kept.slice(0, -1), complete(kept[kept.length - 1]!)]), screens: kept.map((_, i) => i) };
  });
}

/**
 * `am start` of the final activity: from the first screen straight to the screen that activity shows
 * when it starts, taken as its first screen in the recording (the final ground-truth screen itself
 * when the activity appears only there), then completion. What the task's steps changed on the way
 * (a counter, a typed text) is not on that screen unless the recording shows it there.
 */
export function shortcutProbe(recording: TraceInput): AuditProbe | undefined {
  const t = shortcutTarget(recording);
  if (!t) return undefined;
  const steps = recording.steps;
  const last = steps[steps.length - 1]!;
  const launch: ExecStepInput['action'] = { kind: 'api', command: `adb shell am start -n ${t.component}`.trim(), screen: last.screenSize ?? { width: 1080, height: 2400 } } as ExecStepInput['action'];
  return { kind: 'shortcut', label: t.label, trace: probeTrace(recording, 'shortcut', [withAction(steps[0]!, launch), complete(steps[t.at]!)]), screens: [0, t.at] };
}

/**
 * What the shortcut starts: the final step's activity (`component`, empty when the recording names
 * none), the first recorded step that shows it (`at`), and the probe's label. Undefined for a
 * recording of fewer than two steps (nothing to skip).
 */
export function shortcutTarget(recording: TraceInput): { component: string; at: number; label: string } | undefined {
  const steps = recording.steps;
  const last = steps[steps.length - 1];
  if (!last || steps.length < 2) return undefined;
  const target = parseActivityName(last.activity ?? '');
  const firstOf = target ? steps.findIndex((s) => { const a = parseActivityName(s.activity ?? ''); return !!a && sameActivity(a, target); }) : -1;
  const at = firstOf > 0 ? firstOf : steps.length - 1;
  return { component: target ? last.activity!.trim() : '', at, label: `am start ${target ? last.activity!.trim() : 'of the final screen'}` };
}

/** A device action as the replay world's input. */
function toInput(a: DeviceAction): InputEvent | undefined {
  switch (a.kind) {
    case 'tap': return { kind: 'tap', x: a.x, y: a.y };
    case 'long-press': return { kind: 'long-press', x: a.x, y: a.y };
    case 'swipe': return { kind: 'swipe', x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, durationMs: 300 };
    case 'type': return { kind: 'text', text: a.text };
    case 'back': return { kind: 'key', code: KEY.BACK };
    case 'home': return { kind: 'key', code: KEY.HOME };
    case 'enter': return { kind: 'key', code: KEY.ENTER };
    default: return undefined;
  }
}

/**
 * The built-in random agent (seeded) on the replay world of the recording, offline: the world moves
 * on only when an action hits the recorded one, as `touchstone run --agent random` on
 * `device serve --world <episode>` would. Ends when the agent declares completion (or at
 * `maxSteps`, then declaring it for the agent: an agent that games a benchmark always claims).
 */
export async function randomProbe(recording: TraceInput, episodeDir: string, seed: number, maxSteps: number): Promise<AuditProbe | undefined> {
  if (!recording.steps.length) return undefined;
  const world = ReplayWorld.fromDir(episodeDir);
  const agent = new RandomAgent({ seed, settings: {} } as ConstructorParameters<typeof RandomAgent>[0]);
  const steps: ExecStepInput[] = [];
  const history: DeviceAction[] = [];
  const screens: number[] = [];
  for (let k = 0; k < maxSteps; k++) {
    const screen = world.screen();
    const at = Math.min(world.index, recording.steps.length - 1);
    const shown = recording.steps[at]!;
    screens.push(at);
    const size = shown.screenSize ?? world.size;
    const action = await agent.next({ step: k, screenshot: Buffer.alloc(0), xml: screen.xml(), activity: screen.activity, screen: size, history });
    history.push(action);
    steps.push(withAction(shown, toExecAction(action, size)));
    if (action.kind === 'complete' || action.kind === 'impossible') break;
    const input = toInput(action);
    if (input) world.input(input);
  }
  const lastStep = steps[steps.length - 1]!;
  if (lastStep.action.kind !== 'complete') steps[steps.length - 1] = complete(lastStep);
  return { kind: 'random', label: `random (seed ${seed})`, trace: probeTrace(recording, `random ${seed}`, steps), screens };
}
