import path from 'node:path';
import type { ExecAction, Size } from '../../../shared/model';
import type { TraceInput } from '../../../shared/evaluation/types';
import { lazyStep } from './lazy-step';
import { ConfinedFiles, type Confinement } from '../../platform/confined-read';

interface DroidbotState { tag: string; state_str?: string; foreground_activity?: string; width?: number; height?: number }
interface DroidbotEvent {
  tag: string;
  start_state?: string;
  event?: { event_type?: string; x?: number | null; y?: number | null; view?: { bounds?: number[][] } | null; text?: string; name?: string; direction?: string };
}

/** DroidBot / AutoDroid output has no "task complete" event: said once per trace, in the final state's evidence. */
export const DROIDBOT_NO_COMPLETION = 'DroidBot / AutoDroid native output records no completion signal (no STATUS_TASK_COMPLETE event).';

/** True when `dir` is a DroidBot/AutoDroid output folder (`states/state_*.json`). */
export function isDroidbotOutput(dir: string, files: ConfinedFiles = ConfinedFiles.of(undefined, dir)): boolean {
  try {
    return files.list(path.join(dir, 'states')).some((f) => /^state_.*\.json$/.test(f));
  } catch {
    return false;
  }
}

function centre(ev: NonNullable<DroidbotEvent['event']>, s: Size): { x: number; y: number } | undefined {
  if (typeof ev.x === 'number' && typeof ev.y === 'number') return { x: ev.x / s.width, y: ev.y / s.height };
  const b = ev.view?.bounds;
  if (!b || b.length < 2) return undefined;
  return { x: (b[0]![0]! + b[1]![0]!) / 2 / s.width, y: (b[0]![1]! + b[1]![1]!) / 2 / s.height };
}

const SCROLL: Record<string, [number, number, number, number]> = {
  // DroidBot's scroll direction names the content movement; the finger moves the other way.
  up: [0.5, 0.3, 0.5, 0.7], down: [0.5, 0.7, 0.5, 0.3], left: [0.3, 0.5, 0.7, 0.5], right: [0.7, 0.5, 0.3, 0.5],
};

/** Maps one DroidBot input event to an executed action (coordinates normalised by the state's size). */
export function droidbotAction(ev: DroidbotEvent['event'] | undefined, s: Size): ExecAction {
  if (!ev?.event_type) return { kind: 'none' };
  const screen = s;
  switch (ev.event_type) {
    case 'touch': case 'long_touch': {
      const at = centre(ev, s);
      return at ? { kind: ev.event_type === 'touch' ? 'click' : 'long-click', at, screen } : { kind: 'none' };
    }
    case 'set_text': return { kind: 'type', text: ev.text ?? '', screen };
    case 'key': {
      const k = (ev.name ?? '').toUpperCase();
      return k === 'BACK' ? { kind: 'back', screen } : k === 'HOME' ? { kind: 'home', screen } : k === 'ENTER' ? { kind: 'enter', screen } : { kind: 'none' };
    }
    case 'scroll': case 'swipe': {
      const d = SCROLL[(ev.direction ?? '').toLowerCase()];
      return d ? { kind: 'swipe', from: { x: d[0], y: d[1] }, to: { x: d[2], y: d[3] }, screen } : { kind: 'none' };
    }
    default: return { kind: 'none' }; // intent, kill_app, restart...: not agent UI actions
  }
}

/**
 * Reads a DroidBot / AutoDroid native output folder: `states/state_<tag>.json` (the `views` list,
 * foreground_activity, width/height) with `screen_<tag>.(png|jpg)`, and `events/event_<tag>.json`.
 * Steps are states in tag order; a step's action is the last event before the next state that starts
 * from it (DroidBot may fire several events without a visible state change). Read through the
 * confined reader (`confine`: the opened roots; default the trace folder).
 */
export function readDroidbotOutput(episode: string, dir: string, confine?: Confinement | ConfinedFiles): TraceInput {
  const problems: string[] = [];
  const unreadable: string[] = [];
  const bad = (sentence: string): void => { if (!unreadable.includes(sentence)) unreadable.push(sentence); };
  const reader = ConfinedFiles.of(confine, dir);
  reader.realDir(dir);
  const statesDir = path.join(dir, 'states');
  const names = reader.list(statesDir);
  const stateFiles = names.filter((f) => /^state_.*\.json$/.test(f)).sort();
  const json = (file: string): unknown => {
    const text = reader.text(file);
    if (text === undefined) throw new Error(`${file} is missing`);
    return JSON.parse(text);
  };
  const states = stateFiles.map((f) => {
    const file = path.join(statesDir, f);
    try {
      const j = json(file) as DroidbotState;
      return { file, ...j, tag: j.tag ?? f.slice(6, -5) };
    } catch (err) {
      problems.push(err instanceof SyntaxError ? `${file}: not valid JSON (${err.message}).` : (err as Error).message);
      return { file, tag: f.slice(6, -5) } as DroidbotState & { file: string };
    }
  });
  const eventsDir = path.join(dir, 'events');
  const events: DroidbotEvent[] = reader.list(eventsDir).filter((f) => f.endsWith('.json')).sort().flatMap((f) => {
    try { return [json(path.join(eventsDir, f)) as DroidbotEvent]; } catch (err) { problems.push(err instanceof SyntaxError ? `${path.join(eventsDir, f)}: not valid JSON.` : (err as Error).message); return []; }
  });
  const listed = new Set(names);
  const steps = states.map((s, i) => {
    const size = { width: s.width ?? 0, height: s.height ?? 0 };
    const next = states[i + 1]?.tag;
    const ev = events.filter((e) => e.tag >= s.tag && (next === undefined || e.tag < next) && (!e.start_state || !s.state_str || e.start_state === s.state_str)).at(-1);
    const shot = ['png', 'jpg', 'jpeg'].map((e) => `screen_${s.tag}.${e}`).find((f) => listed.has(f));
    return lazyStep({ index: i, action: droidbotAction(ev?.event, size), hierarchies: [s.file], screenshot: shot && path.join(statesDir, shot), activity: s.foreground_activity ?? '' }, reader, bad);
  });
  return { episode, steps, problems, unreadable, noCompletionSignal: DROIDBOT_NO_COMPLETION };
}
