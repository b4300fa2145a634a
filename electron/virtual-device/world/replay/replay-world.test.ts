import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bounds } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { parseEventStructs } from '../../../../shared/formats/event-structs';
import { startAdbServer, startVirtualDevice, HAVE_ADB, type AdbServer, type StartedDevice } from '../../testing';
import { ReplayWorld } from './replay-world';
import { KEY, type InputEvent } from '../types';
import type { RecordedAction, RecordedStep } from './load-recording';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
const EPISODE = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
const haveFixture = existsSync(EPISODE);

/** The recorded tap of step i, scaled to the 1080x2400 screenshots, and the smallest clickable node under it (worked out here, independently of the world). */
function recordedTarget(i: number): { x: number; y: number; target: Bounds } {
  const ev = parseEventStructs(readFileSync(path.join(EPISODE, 'eventStructs.txt'), 'utf8'), 'eventStructs.txt');
  if (!ev.ok) throw new Error('eventStructs.txt did not parse');
  const a = ev.value[i];
  if (a.kind !== 'click') throw new Error(`step ${i} is not a click`);
  const x = (a.at.x * 1080) / a.resolution.width;
  const y = (a.at.y * 2400) / a.resolution.height;
  const vh = parseUiautomatorXml(readFileSync(path.join(EPISODE, `${i}.xml`), 'utf8'), `${i}.xml`);
  if (!vh.ok) throw new Error(`${i}.xml did not parse`);
  const hits = vh.value.nodes.filter((n) => n.clickable && n.bounds && x >= n.bounds.x1 && x < n.bounds.x2 && y >= n.bounds.y1 && y < n.bounds.y2);
  hits.sort((p, q) => (p.bounds!.x2 - p.bounds!.x1) * (p.bounds!.y2 - p.bounds!.y1) - (q.bounds!.x2 - q.bounds!.x1) * (q.bounds!.y2 - q.bounds!.y1));
  return { x, y, target: hits[0].bounds! };
}

describe.skipIf(!haveFixture || !HAVE_ADB)('replay world of LlamaTouch trace_18 through the real adb (../shared/fixtures or adb absent → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  const png = (i: number): Buffer => readFileSync(path.join(EPISODE, `${i}.png`));
  const screen = async (): Promise<Buffer> => (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout;
  const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: EPISODE, adb });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('shows the recorded screens, advancing only on the recorded action', async () => {
    expect((await screen()).equals(png(0))).toBe(true);
    expect((await sh('wm size')).stdout).toBe('Physical size: 1080x2400\n');
    // step 0 is [Home]: a tap does nothing, HOME advances
    await sh('input tap 540 1200');
    expect((await screen()).equals(png(0))).toBe(true);
    await sh('input keyevent KEYCODE_HOME');
    expect((await screen()).equals(png(1))).toBe(true);
    expect((await sh('uiautomator dump /dev/tty')).stdout).toContain(readFileSync(path.join(EPISODE, '1.xml'), 'utf8').trim().slice(0, 200));

    // step 1: tap elsewhere (outside the recorded target) -> unchanged
    const { target } = recordedTarget(1);
    await sh(`input tap ${target.x2 + 40} ${target.y1 - 40}`);
    expect((await screen()).equals(png(1))).toBe(true);
    // tap inside the target, away from the recorded point -> next recorded screen
    await sh(`input tap ${target.x1 + 5} ${target.y2 - 5}`);
    expect((await screen()).equals(png(2))).toBe(true);
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout).toContain('com.duolingo/com.duolingo.app.LoginActivity');

    // BACK steps back to the recorded previous screen; the recorded tap there advances again
    await sh('input keyevent 4');
    expect((await screen()).equals(png(1))).toBe(true);
    const again = recordedTarget(1);
    await sh(`input tap ${Math.round(again.x)} ${Math.round(again.y)}`);
    expect((await screen()).equals(png(2))).toBe(true);
  });
});

describe.skipIf(!haveFixture)('replay world from an execution trace (captured_data layout, built from trace_18 screens)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vd-trace-'));
    const cd = path.join(dir, 'captured_data');
    for (const sub of ['screenshot', 'xml', 'activity', 'action']) mkdirSync(path.join(cd, sub), { recursive: true });
    for (const i of [1, 2, 3]) {
      copyFileSync(path.join(EPISODE, `${i}.png`), path.join(cd, 'screenshot', `${i - 1}.png`));
      copyFileSync(path.join(EPISODE, `${i}.xml`), path.join(cd, 'xml', `${i - 1}.xml`));
      copyFileSync(path.join(EPISODE, `${i}.activity`), path.join(cd, 'activity', `${i - 1}.activity`));
    }
    const p = recordedTarget(1);
    writeFileSync(path.join(cd, 'action', '0.action'), `CLICK|[${p.x / 1080} ${p.y / 2400}]|NULL|1080|2400\n`);
    writeFileSync(path.join(cd, 'action', '1.action'), 'TYPE|bonjour tout le monde|NULL|1080|2400\n');
    writeFileSync(path.join(cd, 'action', '2.action'), 'STATUS_TASK_COMPLETE|NULL|NULL|1080|2400\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('advances on the recorded tap and on the recorded text typed in pieces', () => {
    const w = ReplayWorld.fromDir(dir);
    const now = new Date();
    expect(w.recording.layout).toBe('execution-trace');
    const { target } = recordedTarget(1);
    w.input({ kind: 'tap', x: target.x1 - 20, y: target.y1 - 20 }, now);
    expect(w.index).toBe(0);
    w.input({ kind: 'tap', x: target.x2 - 3, y: target.y1 + 3 }, now);
    expect(w.index).toBe(1);
    w.input({ kind: 'text', text: 'bonjour tout' }, now);
    expect(w.index).toBe(1);
    w.input({ kind: 'text', text: ' le monde' }, now);
    expect(w.index).toBe(2);
    w.input({ kind: 'key', code: KEY.ENTER }, now);
    expect(w.index).toBe(2);
    w.input({ kind: 'key', code: KEY.BACK }, now);
    expect(w.index).toBe(1);
  });
});

describe('replay world: swipe and key steps', () => {
  const size = { width: 1080, height: 2400 };
  const step = (action: RecordedAction): RecordedStep => ({ png: '/nonexistent.png', activity: 'com.example/.Main', action });
  const world = (): ReplayWorld => new ReplayWorld({ dir: '/virtual', layout: 'execution-trace', size, steps: [
    step({ kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600 }),
    step({ kind: 'key', key: 'enter' }),
    step({ kind: 'none' }),
  ] });
  const swipe = (x1: number, y1: number, x2: number, y2: number): InputEvent => ({ kind: 'swipe', x1, y1, x2, y2, durationMs: 300 });

  it.each<[string, InputEvent, number]>([
    ['an upward swipe starting near the recorded start advances', swipe(560, 1750, 580, 400), 1],
    ['a downward swipe does not', swipe(540, 600, 540, 1800), 0],
    ['an upward swipe far from the recorded start does not', swipe(540, 1000, 540, 200), 0],
    ['a tap does not', { kind: 'tap', x: 540, y: 1800 }, 0],
    ['a key does not', { kind: 'key', code: KEY.ENTER }, 0],
  ])('%s', (_what, ev, index) => {
    const w = world();
    w.input(ev, new Date());
    expect(w.index).toBe(index);
  });

  it('the recorded key advances; the last screen stays; BACK walks the history back', () => {
    const w = world();
    w.input(swipe(540, 1800, 540, 600), new Date());
    w.input({ kind: 'key', code: KEY.BACK }, new Date());
    expect(w.index).toBe(0);
    w.input(swipe(540, 1800, 540, 600), new Date());
    w.input({ kind: 'key', code: KEY.ENTER }, new Date());
    expect(w.index).toBe(2);
    w.input({ kind: 'key', code: KEY.ENTER }, new Date());
    expect([w.index, w.screen().key, w.screen().activity]).toEqual([2, 'replay:2', 'com.example/.Main']);
  });
});
