// Test helper: writes a DroidBot / AutoDroid native output folder (states/, events/) from ground-truth
// screens, so the DroidBot importer runs on real hierarchies and screenshots end to end.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GtAction } from '../../../../shared/model';
import { readImageSize } from '../../steps/image-size';
import { episodeActions } from './build-trace';

/** DroidBot's event for a ground-truth action on a screen of `size` (undefined: no event, end of run). */
function droidbotEvent(a: GtAction | undefined, size: { width: number; height: number }): Record<string, unknown> | undefined {
  if (!a) return undefined;
  switch (a.kind) {
    case 'click': return { event_type: 'touch', x: Math.round((a.at.x / a.resolution.width) * size.width), y: Math.round((a.at.y / a.resolution.height) * size.height) };
    case 'home': return { event_type: 'key', name: 'HOME' };
    case 'back': return { event_type: 'key', name: 'BACK' };
    case 'input': return { event_type: 'set_text', text: a.text };
    default: return undefined;
  }
}

/** Writes `<dir>/states/state_<tag>.json` (+ screen png) and `<dir>/events/event_<tag>.json` for each screen. */
export function buildDroidbotTrace(episodeDir: string, dir: string, screens: readonly number[]): string {
  const actions = episodeActions(episodeDir);
  mkdirSync(path.join(dir, 'states'), { recursive: true });
  mkdirSync(path.join(dir, 'events'), { recursive: true });
  screens.forEach((screen, i) => {
    const tag = `2025-01-01_1200${String(i).padStart(2, '0')}`;
    const size = readImageSize(path.join(episodeDir, `${screen}.png`)) ?? { width: 1080, height: 2400 };
    const views = JSON.parse(readFileSync(path.join(episodeDir, `${screen}.vh`), 'utf8')) as unknown[];
    const activity = readFileSync(path.join(episodeDir, `${screen}.activity`), 'utf8').trim();
    const stateStr = `state${i}`;
    writeFileSync(path.join(dir, 'states', `state_${tag}.json`), JSON.stringify({ tag, state_str: stateStr, foreground_activity: activity, width: size.width, height: size.height, views }));
    copyFileSync(path.join(episodeDir, `${screen}.png`), path.join(dir, 'states', `screen_${tag}.png`));
    const ev = droidbotEvent(actions[screen], size);
    if (ev) writeFileSync(path.join(dir, 'events', `event_${tag}.json`), JSON.stringify({ tag, start_state: stateStr, event: ev }));
  });
  return dir;
}
