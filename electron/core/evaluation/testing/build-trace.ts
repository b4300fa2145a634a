// Test/bench helper: builds LlamaTouch execution traces (captured_data layout) from real
// ground-truth screens, so scenarios run on real files end to end.
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecAction, GtAction } from '../../../../shared/model';
import { parseEventStructs } from '../../../../shared/formats/event-structs';
import { formatExecActionLine } from '../../../../shared/formats/exec-action';
import { readImageSize } from '../../steps/image-size';

/** One step of a built trace: which ground-truth screen it shows and what the agent did there. */
export interface BuiltStep {
  /** Ground-truth step whose screen files are copied. */
  screen: number;
  /** Action on this step; default: the ground-truth action of `screen` (converted), else task complete. */
  action?: ExecAction;
  /** Files to leave out, to simulate broken recordings. */
  omit?: ('xml' | 'vh' | 'png' | 'activity' | 'action')[];
  /** Override the recorded activity text. */
  activity?: string;
}

/** Converts a ground-truth eventStructs action to an executed one on a screen of `screen` size. */
export function gtToExecAction(a: GtAction | undefined, screen: { width: number; height: number }): ExecAction {
  if (!a) return { kind: 'complete', screen };
  switch (a.kind) {
    case 'click': return { kind: 'click', at: { x: a.at.x / a.resolution.width, y: a.at.y / a.resolution.height }, screen };
    case 'long-click': return { kind: 'long-click', at: { x: a.at.x / a.resolution.width, y: a.at.y / a.resolution.height }, screen };
    case 'swipe': case 'drag': return { kind: 'swipe', from: { x: a.from.x / a.resolution.width, y: a.from.y / a.resolution.height }, to: { x: a.to.x / a.resolution.width, y: a.to.y / a.resolution.height }, screen };
    case 'input': return { kind: 'type', text: a.text, screen };
    case 'home': return { kind: 'home', screen };
    case 'back': return { kind: 'back', screen };
    case 'enter': return { kind: 'enter', screen };
    default: return { kind: 'none' };
  }
}

/** Ground-truth actions of an episode folder (eventStructs.txt). */
export function episodeActions(episodeDir: string): GtAction[] {
  const r = parseEventStructs(readFileSync(path.join(episodeDir, 'eventStructs.txt'), 'utf8'), 'eventStructs.txt');
  return r.ok ? r.value : [];
}

/** Writes `<traceDir>/captured_data/...` from ground-truth screens; returns traceDir. */
export function buildTrace(episodeDir: string, traceDir: string, steps: readonly BuiltStep[], installedApps?: string[], opts: { linkScreenshots?: boolean } = {}): string {
  const actions = episodeActions(episodeDir);
  const cd = path.join(traceDir, 'captured_data');
  for (const d of ['screenshot', 'xml', 'view_hierarchy', 'activity', 'action']) mkdirSync(path.join(cd, d), { recursive: true });
  steps.forEach((s, i) => {
    const src = (ext: string): string => path.join(episodeDir, `${s.screen}.${ext}`);
    const omit = new Set(s.omit ?? []);
    const size = readImageSize(src('png')) ?? { width: 1080, height: 2400 };
    if (!omit.has('png') && existsSync(src('png'))) {
      // Benchmarks generate thousands of traces: hard links keep them on disk without 600 KB copies.
      if (opts.linkScreenshots) linkSync(src('png'), path.join(cd, 'screenshot', `${i}.png`));
      else copyFileSync(src('png'), path.join(cd, 'screenshot', `${i}.png`));
    }
    // linkScreenshots: hierarchies are hard-linked too (thousands of steps cost no disk).
    const put = opts.linkScreenshots ? linkSync : copyFileSync;
    if (!omit.has('xml') && existsSync(src('xml'))) put(src('xml'), path.join(cd, 'xml', `${i}.xml`));
    if (!omit.has('vh') && existsSync(src('vh'))) put(src('vh'), path.join(cd, 'view_hierarchy', `${i}.json`));
    if (!omit.has('activity')) {
      const act = s.activity ?? (existsSync(src('activity')) ? readFileSync(src('activity'), 'utf8') : '');
      writeFileSync(path.join(cd, 'activity', `${i}.activity`), act);
    }
    if (!omit.has('action')) {
      const a = s.action ?? gtToExecAction(actions[s.screen], size);
      writeFileSync(path.join(cd, 'action', `${i}.action`), formatExecActionLine(a) + '\n');
    }
  });
  if (installedApps) {
    mkdirSync(path.join(traceDir, 'installed_apps'), { recursive: true });
    writeFileSync(path.join(traceDir, 'installed_apps', 'installed_apps.txt'), installedApps.join('\n') + '\n');
  }
  return traceDir;
}
