import path from 'node:path';
import type { Size } from '../../../shared/model';
import { gtToExecAction } from '../../../shared/kinds/actions';
import type { ExecStepInput, TraceInput } from '../../../shared/evaluation/types';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { readTextIn } from '../../platform/confined-read';
import { loadEpisode, readStepHierarchyParsed } from '../datasets/load-episode';
import { INSTALLED_APPS_FILE, parseInstalledApps } from '../datasets/execution-trace';
import { readImageSize } from '../steps/image-size';

/** Screen size assumed for a step whose screenshot is missing (the LlamaTouch phones' size). */
const FALLBACK_SIZE: Size = { width: 1080, height: 2400 };

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
    const shotSize = screenshot ? readImageSize(screenshot) : undefined;
    const size = shotSize ?? FALLBACK_SIZE;
    steps.push({
      index: s.index, action: gtToExecAction(ep.actions[s.index], size), activity: s.activity, hierarchy: vh,
      screenText: vh ? simplifyScreen(vh) : undefined, screenshot, screenSize: size, screenshotSize: shotSize,
    });
  }
  const appsText = await readTextIn(root, relPath, INSTALLED_APPS_FILE).catch(() => undefined);
  return {
    episode: name, steps, problems: [],
    ...(appsText !== undefined ? { installedApps: parseInstalledApps(appsText) } : { installedAppsFile: path.join(dir, INSTALLED_APPS_FILE) }),
  };
}
