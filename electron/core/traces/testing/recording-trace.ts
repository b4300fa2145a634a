/** Test helper: a dataset episode's own recording written as an agent trace, for comparing verdicts on it. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEpisode } from '../../datasets/load-episode';
import { parseInstalledApps, writeExecutionTraceStep, writeInstalledApps, type TraceStepFiles } from '../../datasets/execution-trace';
import { readImageSize } from '../../steps/image-size';
import { execActionOf } from '../recording-steps';

/**
 * Writes episode `rel` of dataset `root` to `traceDir` in the LlamaTouch layout (`captured_data/
 * screenshot|xml|view_hierarchy|activity|action/<i>.*`, plus `installed_apps/` when the episode has
 * one): the trace an agent leaves that repeated the recording exactly, screen for screen and action
 * for action, and declared the task complete on the last screen. `steps`: only the first n screens
 * (the last of them declares completion), e.g. 1 for an agent that did nothing.
 */
export async function writeRecordingAsTrace(root: string, rel: string, traceDir: string, opts: { steps?: number } = {}): Promise<void> {
  const ep = await loadEpisode(root, rel);
  const dir = join(root, rel);
  const file = (name: string): string | undefined => (existsSync(join(dir, name)) ? join(dir, name) : undefined);
  const steps = ep.steps.slice(0, opts.steps ?? ep.steps.length);
  const last = steps.at(-1)?.index;
  for (const s of steps) {
    const png = file(`${s.index}.png`);
    const xml = file(`${s.index}.xml`);
    const vh = file(`${s.index}.vh`);
    const size = (png ? readImageSize(png) : undefined) ?? { width: 1080, height: 2400 };
    const files: TraceStepFiles = {
      ...(png ? { screenshot: readFileSync(png) } : {}),
      ...(xml ? { xml: readFileSync(xml, 'utf8') } : {}),
      ...(vh ? { vh: readFileSync(vh, 'utf8') } : {}),
      ...(s.activity !== undefined ? { activity: s.activity } : {}),
      action: s.index === last ? { kind: 'complete', screen: size } : execActionOf(ep.actions[s.index], size),
    };
    await writeExecutionTraceStep(traceDir, s.index, files);
  }
  const apps = file('installed_apps/installed_apps.txt');
  if (apps) await writeInstalledApps(traceDir, parseInstalledApps(readFileSync(apps, 'utf8')));
}
