import path from 'node:path';
import type { ExecAction, GtAction, Size } from '../../../shared/model';
import type { ExecStepInput, TraceInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { readTextIn } from '../../platform/confined-read';
import { loadEpisode, readStepHierarchyParsed } from '../datasets/load-episode';
import { INSTALLED_APPS_FILE, parseInstalledApps } from '../datasets/execution-trace';
import { readImageSize } from '../steps/image-size';

/** Screen size assumed for a step whose screenshot is missing (the LlamaTouch phones' size). */
const FALLBACK_SIZE: Size = { width: 1080, height: 2400 };

/** The recorded action of a step as an agent's trace logs it: points normalised to [0, 1], on a screen of `size` device pixels. */
export function execActionOf(a: GtAction | undefined, size: Size): ExecAction {
  if (!a) return { kind: 'none' };
  const norm = (p: { x: number; y: number }, r: Size) => ({ x: r.width > 0 ? p.x / r.width : 0, y: r.height > 0 ? p.y / r.height : 0 });
  switch (a.kind) {
    case 'click': case 'long-click': return { kind: a.kind, at: norm(a.at, a.resolution), screen: size };
    case 'swipe': case 'drag': return { kind: 'swipe', from: norm(a.from, a.resolution), to: norm(a.to, a.resolution), screen: size };
    case 'input': return { kind: 'type', text: a.text, screen: size };
    case 'back': case 'home': case 'enter': return { kind: a.kind, screen: size };
    default: return { kind: 'none' };
  }
}

/**
 * A ground-truth episode's own recording as an execution trace: each step's screen, hierarchy and
 * activity, and the recorded action taken on it, read through the confined reader of `root`. The
 * last screen has no action (a recording does not declare completion). `name` labels the trace.
 */
export async function readRecording(root: string, relPath: string, name: string = relPath): Promise<TraceInput> {
  const ep = await loadEpisode(root, relPath);
  const dir = path.join(root, relPath);
  const steps: ExecStepInput[] = [];
  for (const s of ep.steps) {
    const { vh } = await readStepHierarchyParsed(root, relPath, s.index);
    const screenshot = s.files.png ? path.join(dir, `${s.index}.png`) : undefined;
    const size = (screenshot ? readImageSize(screenshot) : undefined) ?? FALLBACK_SIZE;
    steps.push({
      index: s.index, action: execActionOf(ep.actions[s.index], size), activity: s.activity, hierarchy: vh,
      screenText: vh ? simplifyScreen(vh) : undefined, screenshot, screenSize: size,
    });
  }
  const appsText = await readTextIn(root, relPath, INSTALLED_APPS_FILE).catch(() => undefined);
  return {
    episode: name, steps, problems: [],
    ...(appsText !== undefined ? { installedApps: parseInstalledApps(appsText) } : { installedAppsFile: path.join(dir, INSTALLED_APPS_FILE) }),
  };
}
