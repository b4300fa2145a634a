import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import type { ExecAction, ViewHierarchy } from '../../../shared/model';
import type { ExecStepInput } from '../../../shared/evaluation/types';
import { parseForegroundActivity } from '../../../shared/formats/dumpsys';
import { mustParseXml } from '../../../shared/evaluation/test-fixtures';
import { actionHistory, parseCheckpointTasks, scoreCheckpoints, type ApiAction } from '../../../shared/evaluation/checkpoints';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';

// An agent on Touchstone's virtual device (demo world, real adb server) mixing API actions (adb
// commands issued as one action, as Mobile-Bench's API+UI tasks do) and taps; the recorded history is
// scored with the test case below.
const CASE = `[{"ID": "shop-coffee", "Query": "Put coffee beans in the cart and show the cart.", "APP List": ["Shop"],
  "CheckPoints": {"Package": ["com.touchstone.shop"], "Key phrase": [["Coffee Beans", "Add to cart"]],
  "API": ["adb shell am start -n com.touchstone.shop/.MainActivity", "adb shell am start -n com.touchstone.shop/.CartActivity"]}}]`;

describe.skipIf(!HAVE_ADB)('API actions on the virtual device count for API CheckPoints (adb absent → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  beforeAll(async () => { adb = await startAdbServer(); dev = await startVirtualDevice({ adb }); }, 60_000);
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  const shell = async (cmd: string): Promise<string> => {
    const r = await adb.adb(['-s', dev.serial, 'shell', cmd]);
    if (r.code !== 0) throw new Error(`adb shell ${cmd}: ${r.stderr}`);
    return r.stdout;
  };
  /** What a recorder captures before each action: the hierarchy and the foreground activity. */
  const capture = async (): Promise<{ vh: ViewHierarchy; activity: string }> => {
    const dump = (await adb.adb(['-s', dev.serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty'])).stdout;
    const xml = dump.slice(0, dump.indexOf('</hierarchy>') + '</hierarchy>'.length);
    return { vh: mustParseXml(xml, 'dump.xml'), activity: parseForegroundActivity(await shell('dumpsys activity activities'))!.component };
  };

  it('am start issued as API actions opens the activities; the history passes the package, key-phrase and both API checkpoints', async () => {
    const steps: ExecStepInput[] = [];
    const record = async (act: (vh: ViewHierarchy) => Promise<ExecAction | ApiAction>): Promise<void> => {
      const { vh, activity } = await capture();
      steps.push({ index: steps.length, activity, hierarchy: vh, action: (await act(vh)) as ExecAction });
    };
    const api = (command: string) => async (): Promise<ApiAction> => { await shell(command.replace(/^adb\s+shell\s+/, '')); return { kind: 'api', command }; };
    const tap = (text: string) => async (vh: ViewHierarchy): Promise<ExecAction> => {
      const n = vh.nodes.find((x) => x.text.startsWith(text) && x.bounds);
      if (!n?.bounds) throw new Error(`no "${text}" on screen: ${vh.nodes.map((x) => x.text).filter(Boolean).join(' | ')}`);
      const root = vh.nodes[vh.roots[0]!]!.bounds!;
      const x = Math.round((n.bounds.x1 + n.bounds.x2) / 2);
      const y = Math.round((n.bounds.y1 + n.bounds.y2) / 2);
      await shell(`input tap ${x} ${y}`);
      return { kind: 'click', at: { x: x / root.x2, y: y / root.y2 }, screen: { width: root.x2, height: root.y2 } };
    };
    await shell('input keyevent KEYCODE_HOME');
    await record(api('adb shell am start -n com.touchstone.shop/.MainActivity'));
    await record(tap('Coffee Beans'));
    await record(tap('Add to cart'));
    await record(api('adb shell am start -n com.touchstone.shop/.CartActivity'));
    await record(async () => ({ kind: 'complete', screen: { width: 1080, height: 2400 } }));

    // The API actions really ran: the shop opened on its main list, and the last screen is its cart with the beans.
    expect(steps[0]!.activity).not.toContain('com.touchstone.shop');
    expect(steps.slice(1).map((s) => s.activity)).toEqual(['com.touchstone.shop/.MainActivity', 'com.touchstone.shop/.ProductActivity', 'com.touchstone.shop/.ProductActivity', 'com.touchstone.shop/.CartActivity']);
    expect(steps[4]!.hierarchy!.nodes.some((n) => n.text === 'Coffee Beans 1 kg')).toBe(true);

    const parsed = parseCheckpointTasks(CASE, 'shop.json');
    if (!parsed.ok) throw new Error('bad test case');
    const r = scoreCheckpoints('shop-coffee', parsed.value[0]!, actionHistory(steps));
    expect(r.evidence.verdicts.map((v) => [v.category, v.passed, v.steps])).toEqual([
      ['package', true, [0]], ['phrase', true, [1, 2]], ['api', true, [0]], ['api', true, [3]],
    ]);
    expect([r.level1, r.level2, r.completed]).toEqual([1, 1, true]);
    expect(r.evidence.history[0]).toBe('step 0: api adb shell am start -n com.touchstone.shop/.MainActivity');

    // The same taps without the API actions: the package still passes (the UI reached the shop), the API checkpoints do not.
    const uiOnly = steps.map((s) => (s.action.kind as string) === 'api' ? { ...s, action: { kind: 'none' } as ExecAction } : s);
    const u = scoreCheckpoints('shop-coffee', parsed.value[0]!, actionHistory(uiOnly));
    expect([u.passed.package, u.passed.all, u.total.all]).toEqual([1, 3, 5]); // the sequential key phrase counts its two members
  }, 60_000);
});
