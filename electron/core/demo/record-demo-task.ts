import type { EssItem } from '../../../shared/model';
import { makeEssentialState, makeEssItem } from '../../../shared/formats/ess';
import type { DeviceCapture } from '../capture/capture';
import { writeEss } from '../datasets/write-dataset';
import { GroundTruthRecorder, type RecordedScreen } from '../recorder/record-episode';
import { resetDevice } from '../runner/reset-device';
import { DEMO_RESET, type DemoItem, type DemoTask } from './demo-tasks';
import { componentIndex, resolveStep } from './targets';

function essItem(it: DemoItem, screen: RecordedScreen, where: string): EssItem {
  if (it === 'activity') return makeEssItem({ kind: 'activity' });
  if (it === 'screen') return makeEssItem({ kind: 'fuzzy', target: { screen: true } });
  const idx = (t: Parameters<typeof componentIndex>[1]): { index: number } => ({ index: componentIndex(screen.components, t, where) });
  if ('exact' in it) return makeEssItem({ kind: 'exact', target: idx(it.exact) });
  if ('exclude' in it) return makeEssItem({ kind: 'exclude', target: idx(it.exclude) });
  if ('fuzzy' in it) return makeEssItem({ kind: 'fuzzy', target: idx(it.fuzzy) });
  if ('click' in it) return makeEssItem({ kind: 'click', target: idx(it.click) });
  if ('type' in it) return makeEssItem({ kind: 'type', text: it.type });
  if ('installed' in it) return makeEssItem({ kind: 'installed', app: it.installed, spelling: 'check_install' });
  if ('uninstalled' in it) return makeEssItem({ kind: 'uninstalled', app: it.uninstalled, spelling: 'check_uninstall' });
  return makeEssItem({ kind: 'ocr', text: it.ocr });
}

/**
 * Records one demo task through the capture path as a ground-truth episode
 * (reset, then screen / action per script step, then the last screen) and
 * writes its annotations, resolved against the recorded i.json lists.
 */
export async function recordDemoTask(capture: DeviceCapture, root: string, t: DemoTask): Promise<string> {
  await resetDevice(capture, DEMO_RESET);
  const rec = new GroundTruthRecorder(capture, { root, episode: t.id, category: t.category, description: t.description, app: t.app });
  const screens: RecordedScreen[] = [];
  const size = await capture.screenSize();
  for (const [k, step] of t.steps.entries()) {
    const screen = await rec.captureScreen();
    screens.push(screen);
    await rec.act(resolveStep(step, screen.vh, size, `${t.id} step ${k}`));
  }
  screens.push(await rec.captureScreen());
  const rel = await rec.finish();
  for (const [k, items] of Object.entries(t.ess)) {
    const screen = screens[Number(k)];
    if (!screen) throw new Error(`${t.id}: annotation on screen ${k}, but the task has ${screens.length} screens.`);
    await writeEss(root, rel, Number(k), makeEssentialState(items.map((it) => essItem(it, screen, `${t.id} screen ${k}`))));
  }
  return rel;
}
