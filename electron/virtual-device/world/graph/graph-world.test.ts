import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecAction } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { formatExecActionLine } from '../../../../shared/formats/exec-action';
import { buildTrace, episodeActions, gtToExecAction, type BuiltStep } from '../../../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, FIXTURES, TRACE_18 } from '../../../core/evaluation/testing/temp-dataset';
import { runEvaluation } from '../../../core/evaluation/run-evaluation';
import { run as worldCli } from '../../../cli/world';
import { episodeWriter } from '../../../cli/device';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../testing';
import { createWorld } from '../create-world';
import type { EpisodeReport, GraphWorld } from './graph-world';
import { GRAPH_FILE } from './load-graph';

const MAPS = join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1');
const ESS = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>', 4: 'activity<0>|exact<6>' };
const SCREEN = { width: 1080, height: 2400 };

/** Centre (normalised) of the first clickable node of screen `i` that does not contain the point `avoid`. */
function otherTarget(xmlFile: string, avoid: { x: number; y: number }): { x: number; y: number } {
  const vh = parseUiautomatorXml(readFileSync(xmlFile, 'utf8'), xmlFile);
  if (!vh.ok) throw new Error(`${xmlFile} unreadable`);
  const n = vh.value.nodes.find((m) => m.clickable && m.bounds && !(avoid.x >= m.bounds.x1 && avoid.x < m.bounds.x2 && avoid.y >= m.bounds.y1 && avoid.y < m.bounds.y2) && m.bounds.y1 > 200);
  if (!n?.bounds) throw new Error(`${xmlFile}: no other clickable node`);
  return { x: (n.bounds.x1 + n.bounds.x2) / 2 / SCREEN.width, y: (n.bounds.y1 + n.bounds.y2) / 2 / SCREEN.height };
}

const ready = existsSync(TRACE_18) && existsSync(MAPS);

describe.skipIf(!ready || !HAVE_ADB)('multi-path offline graph world: two successful traces and a failed one of one task (fixtures or adb absent → skipped)', () => {
  const tmp = tempDir('vd-graph-');
  const screens = join(tmp, 'screens');
  const worldDir = join(tmp, 'world');
  const plans: Record<string, BuiltStep[]> = {};
  let adb: AdbServer;
  let dev: StartedDevice;
  let world: GraphWorld;
  const episodeFile = join(tmp, 'episode.json');

  beforeAll(async () => {
    // screens 0-4: the real Duolingo episode; screen 5: a real Google Maps dialog (another app, another size)
    cpSync(TRACE_18, screens, { recursive: true });
    copyFileSync(join(MAPS, '10.png'), join(screens, '5.png'));
    copyFileSync(join(MAPS, '10.xml'), join(screens, '5.xml'));
    writeFileSync(join(screens, '5.activity'), 'com.google.android.apps.maps/com.google.android.maps.MapsActivity');
    const gt = episodeActions(TRACE_18);
    const at = (i: number): { x: number; y: number } => { const a = gtToExecAction(gt[i], SCREEN); if (a.kind !== 'click') throw new Error('gt step is not a click'); return { x: a.at.x * SCREEN.width, y: a.at.y * SCREEN.height }; };
    const click = (p: { x: number; y: number }): ExecAction => ({ kind: 'click', at: p, screen: SCREEN });
    plans.a = [0, 1, 2, 3, 4].map((screen) => ({ screen }));
    // B: from the home screen into another app first, BACK, then the recorded route
    plans.b = [{ screen: 0 }, { screen: 1, action: click(otherTarget(join(screens, '1.xml'), at(1))) }, { screen: 5, action: { kind: 'back', screen: SCREEN } }, { screen: 1 }, { screen: 2 }, { screen: 3 }, { screen: 4 }];
    // C: a wrong tap on the lesson screen, then the agent claims it is done
    plans.c = [{ screen: 0 }, { screen: 1 }, { screen: 2, action: click(otherTarget(join(screens, '2.xml'), at(2))) }, { screen: 5, action: { kind: 'complete', screen: SCREEN } }];
    for (const [id, steps] of Object.entries(plans)) buildTrace(screens, join(worldDir, 'duolingo-french', `trace-${id}`), steps);
    // dynamic text: B's second visit of the home screen shows another clock time; it is still the same state
    const again = join(worldDir, 'duolingo-french', 'trace-b', 'captured_data', 'xml', '3.xml');
    const original = readFileSync(again, 'utf8');
    const changed = original.replace(/text="(\d\d?):(\d\d)"/, 'text="23:59"').replace(/text="([A-Z][a-z]+)"/, 'text="$1 (new)"');
    expect(changed).not.toBe(original);
    writeFileSync(again, changed);
    adb = await startAdbServer();
  });
  afterAll(async () => {
    await dev?.stop();
    await adb?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('touchstone world build merges the traces and prints states, transitions, paths and coverage per task', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await worldCli(['build', worldDir, '--json'])).toBe(0);
      const out = JSON.parse(String(log.mock.calls[0][0])) as { states: number; transitions: number; tasks: { task: string; traces: number; declaredComplete: number; states: number; transitions: number; paths: number; coverage: number }[] };
      // 0-4 plus the Maps dialog; B's home screen with other texts is the same state as A's
      expect(out.states).toBe(6);
      // only the final lesson screen has no way out
      // HOME, tap Duolingo, two lesson taps (shared), tap other app, BACK from Maps, wrong tap on the lesson
      expect(out.transitions).toBe(7);
      expect(out.tasks).toEqual([{ task: 'duolingo-french', traces: 3, declaredComplete: 3, states: 6, transitions: 7, paths: 3, coverage: 5 / 6 }]);
    } finally {
      log.mockRestore();
    }
    expect(existsSync(join(worldDir, GRAPH_FILE))).toBe(true);
  });

  it('both successful action sequences replayed through adb reach the final screen and evaluate as completed; the failed one does not; an off-graph tap is reported', async () => {
    world = createWorld(`graph:${worldDir}`, { onEpisode: episodeWriter(episodeFile) }) as GraphWorld;
    dev = await startVirtualDevice({ world, adb });
    const start = world.snapshot();
    const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);
    const replays = join(tmp, 'replays');
    for (const [id, steps] of Object.entries(plans)) {
      world.restore(start);
      const cd = join(replays, id, 'captured_data');
      for (const d of ['screenshot', 'xml', 'activity', 'action']) mkdirSync(join(cd, d), { recursive: true });
      const actions = steps.map((s) => readFileSync(join(worldDir, 'duolingo-french', `trace-${id}`, 'captured_data', 'action', `${steps.indexOf(s)}.action`), 'utf8').trim());
      for (const [i, line] of actions.entries()) {
        // what an agent harness records before acting: screenshot, hierarchy, foreground activity
        writeFileSync(join(cd, 'screenshot', `${i}.png`), (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout);
        writeFileSync(join(cd, 'xml', `${i}.xml`), (await sh('uiautomator dump /dev/tty')).stdout.replace(/UI hierchary dumped to: \/dev\/tty\n$/, ''));
        const focus = /mCurrentFocus=Window\{\S+ u0 (\S+)\}/.exec((await sh('dumpsys window | grep mCurrentFocus')).stdout)?.[1] ?? '';
        writeFileSync(join(cd, 'activity', `${i}.activity`), focus);
        writeFileSync(join(cd, 'action', `${i}.action`), line + '\n');
        const [kind, arg] = line.split('|');
        if (kind === 'CLICK') {
          const [x, y] = arg.replace(/[[\]]/g, '').split(/[ ,]+/).map(Number);
          await sh(`input tap ${Math.round(x * SCREEN.width)} ${Math.round(y * SCREEN.height)}`);
        } else if (kind === 'PRESS_BACK') await sh('input keyevent KEYCODE_BACK');
        else if (kind === 'PRESS_HOME') await sh('input keyevent KEYCODE_HOME');
      }
      expect(world.report().unexplored, `replay ${id} stayed on the graph`).toEqual([]);
      expect(world.current.id, `replay ${id} ends where its trace ended`).toBe(world.graph.traces.find((t) => t.name.endsWith(`trace-${id}`))?.states.at(-1));
      if (id !== 'c') expect((await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout.equals(readFileSync(join(TRACE_18, '4.png')))).toBe(true);
    }
    const dataset = datasetWithEpisodes(tmp, ESS, Object.keys(plans));
    const r = await runEvaluation({ datasetRoot: dataset, tracesRoot: replays, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none' });
    expect(Object.fromEntries(r.outcomes.map((o) => [o.episode, o.essential?.completed]))).toEqual({ a: true, b: true, c: false });

    // off the graph: a tap on the status bar of the final screen has no recorded transition
    const before = world.current.id;
    await sh('input tap 40 20');
    expect(world.current.id).toBe(before);
    await new Promise((res) => setTimeout(res, 200));
    const episode = JSON.parse(readFileSync(episodeFile, 'utf8')) as EpisodeReport;
    expect(episode.current).toBe(before);
    expect(episode.unexplored).toEqual([expect.objectContaining({ state: before, action: { kind: 'tap', x: 40, y: 20 }, key: expect.stringMatching(/^tap:/) })]);
  });
});
